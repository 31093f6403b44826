// `co-scientist db migrate [--data-dir DIR] [--database URL]`: brings the SQLite file in the data
// folder, or the PostgreSQL database of the URL, to this version's schema, and says what it did.
// The report goes to stdout; errors to stderr with their code. Exit codes: 0 done, 1 the database
// refused or failed (nothing half-applied: each step is its own transaction), 2 a bad command line.
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../../src-shared/node/dataDir.js';
import { describeDatabaseLocation, resolveDatabaseLocation, type DatabaseLocation } from '../../src-shared/node/databaseUrl.js';
import { migrateDatabase } from '../store/migrateDatabase.js';
import { failureText } from './failureText.js';

export const DB_USAGE = 'Usage: co-scientist db migrate [--data-dir <dir>] [--database <postgres URL>]';

export async function runDbCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [subcommand, ...rest] = argv;
  if (subcommand !== 'migrate') {
    process.stderr.write(`${subcommand === undefined ? 'db needs a subcommand.' : `Unknown db subcommand "${subcommand}".`}\n${DB_USAGE}\n`);
    return 2;
  }
  let location: DatabaseLocation;
  try {
    const { values } = parseArgs({ args: rest, options: { 'data-dir': { type: 'string' }, database: { type: 'string' } }, strict: true, allowPositionals: false });
    location = resolveDatabaseLocation({ flag: values.database, env, dataDir: resolveDataDir({ flag: values['data-dir'], env }) });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${DB_USAGE}\n`);
    return 2;
  }
  const where = `${location.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${describeDatabaseLocation(location)}`;
  try {
    const outcome = await migrateDatabase(location);
    process.stdout.write(
      outcome.applied.length === 0 && outcome.from === outcome.to
        ? `${where} is at schema ${outcome.to} (current): nothing to migrate.\n`
        : `${where}: migrated from schema ${outcome.from} to ${outcome.to}${outcome.applied.length === 0 ? ' (by another process meanwhile)' : `, applying ${outcome.applied.join(', ')}`}.\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`${where}: ${failureText(error)}\n`);
    return 1;
  }
}
