// `co-scientist project export <id> --out FILE` and `co-scientist project import FILE`, each with
// `[--data-dir DIR] [--database URL]`: a project carried between stores and engines (a pilot
// project from the laptop's SQLite to the lab's PostgreSQL, store/projectTransfer.ts). Reports go
// to stdout, errors to stderr with their code. Exit codes: 0 done, 1 refused or failed (nothing
// changed: the export writes no file over another, the import is one transaction), 2 bad usage.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../../src-shared/node/dataDir.js';
import { describeDatabaseLocation, resolveDatabaseLocation, type DatabaseLocation } from '../../src-shared/node/databaseUrl.js';
import { randomHex } from '../../src-shared/node/randomHex.js';
import { closeDatabase, openStore, type Db } from '../store/database.js';
import { failureText } from './failureText.js';
import { compareWithBundle, exportProject, importProject, parseBundle, recordExport, type ProjectBundle } from '../store/projectTransfer.js';

export const PROJECT_USAGE = `Usage: co-scientist project export <project id> --out <file> [--data-dir <dir>] [--database <URL>]
       co-scientist project import <file> [--data-dir <dir>] [--database <URL>]`;

class UsageError extends Error {}

interface Parsed {
  subcommand: 'export' | 'import';
  subject: string;
  out: string | undefined;
  dataDir: string;
  location: DatabaseLocation;
}

function parse(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  const [subcommand, ...rest] = argv;
  if (subcommand !== 'export' && subcommand !== 'import') throw new UsageError(subcommand === undefined ? 'project needs a subcommand.' : `Unknown project subcommand "${subcommand}".`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, 'data-dir': { type: 'string' }, database: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  const [subject, ...extra] = positionals;
  if (subject === undefined || subject.trim() === '') throw new UsageError(subcommand === 'export' ? 'project export needs the project id.' : 'project import needs the file to import.');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0] ?? ''}".`);
  if (subcommand === 'export' && (values.out === undefined || values.out.trim() === '')) throw new UsageError('project export needs --out <file>.');
  if (subcommand === 'import' && values.out !== undefined) throw new UsageError('--out is for project export.');
  const dataDir = resolveDataDir({ flag: values['data-dir'], env });
  return { subcommand, subject, out: values.out, dataDir, location: resolveDatabaseLocation({ flag: values.database, env, dataDir }) };
}

export async function runProjectCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parse(argv, env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${PROJECT_USAGE}\n`);
    return 2;
  }
  const where = `${parsed.location.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${describeDatabaseLocation(parsed.location)}`;
  let bundle: ProjectBundle | undefined;
  if (parsed.subcommand === 'import') {
    // Read and checked before the store is opened: a wrong file changes nothing, not even a new SQLite file.
    try {
      bundle = parseBundle(fs.readFileSync(parsed.subject, 'utf8'));
    } catch (error) {
      return fail(`${parsed.subject}: `, error);
    }
  } else if (fs.existsSync(parsed.out as string)) {
    process.stderr.write(`${parsed.out as string} already exists; choose another file (an export never writes over one).\n`);
    return 1;
  }
  let db: Db;
  try {
    db = await openStore(parsed.dataDir, parsed.location);
  } catch (error) {
    return fail(`${where}: `, error);
  }
  try {
    return bundle === undefined ? await runExport(db, parsed, where) : await runImport(db, bundle, parsed, where);
  } catch (error) {
    return fail(`${where}: `, error);
  } finally {
    await closeDatabase(db);
  }
}

async function runExport(db: Db, parsed: Parsed, where: string): Promise<number> {
  const bundle = await exportProject(db, parsed.subject);
  if (bundle === undefined) {
    process.stderr.write(`${where} has no project ${parsed.subject}.\n`);
    return 1;
  }
  const out = path.resolve(parsed.out as string);
  // Written beside the target and renamed into place: a crash leaves no half file under its name;
  // `wx` on the final name is not possible with a rename, so the existence check above is repeated here.
  const partial = `${out}.${randomHex(4)}.partial`;
  fs.writeFileSync(partial, `${JSON.stringify(bundle)}\n`, { flag: 'wx' });
  if (fs.existsSync(out)) {
    fs.rmSync(partial);
    process.stderr.write(`${out} appeared meanwhile; nothing was written over it.\n`);
    return 1;
  }
  fs.renameSync(partial, out);
  await recordExport(db, bundle, out);
  process.stdout.write(`Exported project ${bundle.projectId} ("${bundle.goal}") from ${where} to ${out}: ${describeCounts(bundle)}.\n`);
  return 0;
}

async function runImport(db: Db, bundle: ProjectBundle, parsed: Parsed, where: string): Promise<number> {
  const summary = await importProject(db, bundle, path.resolve(parsed.subject));
  const comparison = await compareWithBundle(db, bundle);
  const linked = summary.linkedCollections.length === 0 ? '' : ` (${summary.linkedCollections.length} knowledge collection(s) already there, linked)`;
  process.stdout.write(`Imported project ${bundle.projectId} ("${bundle.goal}") into ${where}: ${describeCounts(bundle)}${linked}.\n`);
  if (comparison.differences.length > 0) {
    process.stderr.write(`The project read back from ${where} differs from the file:\n  ${comparison.differences.join('\n  ')}\n`);
    return 1;
  }
  process.stdout.write(`Verified: the project read back equals the file (${comparison.rowsCompared} rows compared, derived counts included).\n`);
  return 0;
}

function describeCounts(bundle: ProjectBundle): string {
  const count = (table: string) => bundle.tables[table]?.rows.length ?? 0;
  return [
    `${count('hypotheses')} hypotheses`,
    `${count('reviews')} reviews`,
    `${count('matches')} matches`,
    `${count('checkpoints')} checkpoints`,
    `${count('knowledge_collection_projects')} linked knowledge collections (${count('knowledge_documents')} documents)`,
    `${bundle.audit.length} audit rows`,
  ].join(', ');
}

function fail(prefix: string, error: unknown): number {
  process.stderr.write(`${prefix}${failureText(error)}\n`);
  return 1;
}
