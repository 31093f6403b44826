// `co-scientist doctor [--data-dir DIR] [--database URL]`: the checks of setupChecks.ts on the SQLite
// file in the data folder, or on a PostgreSQL database (postgresChecks.ts) when a URL is given.
// Prints the report on stdout; the exit code is 1 when a check fails, 2 for a bad command line.
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../../src-shared/node/dataDir.js';
import { resolveDatabaseLocation, type DatabaseLocation } from '../../src-shared/node/databaseUrl.js';
import { checkDataDir, checkRegistrations, checkServerBuild, doctorReport, runDoctor, type DoctorCheck } from './setupChecks.js';
import { checkPostgres } from './postgresChecks.js';

export const DOCTOR_USAGE = 'Usage: co-scientist doctor [--data-dir <dir>] [--database <postgres URL>]';

export async function runDoctorCommand(argv: readonly string[], version: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let dataDir: string;
  let location: DatabaseLocation;
  try {
    const { values } = parseArgs({ args: [...argv], options: { 'data-dir': { type: 'string' }, database: { type: 'string' } }, strict: true, allowPositionals: false });
    dataDir = resolveDataDir({ flag: values['data-dir'], env });
    location = resolveDatabaseLocation({ flag: values.database, env, dataDir });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${DOCTOR_USAGE}\n`);
    return 2;
  }
  let checks: DoctorCheck[];
  let heading: string;
  if (location.engine === 'sqlite') {
    checks = await runDoctor(dataDir);
    heading = `data in ${dataDir}`;
  } else {
    checks = [checkDataDir(dataDir), ...(await checkPostgres(location, dataDir)), checkServerBuild(), checkRegistrations(dataDir)];
    heading = `data in ${dataDir}, database PostgreSQL at ${location.display}`;
  }
  process.stdout.write(`Co-Scientist ${version} — ${heading}\n${doctorReport(checks)}\n`);
  return checks.some((c) => c.status === 'fail') ? 1 : 0;
}
