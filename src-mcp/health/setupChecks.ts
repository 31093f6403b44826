// `co-scientist doctor` and the desktop's doctor tool: checks what Co-Scientist needs to work and
// says what to fix — the data folder, the database, the audit chain, the server build, and the
// assistant registrations we remember.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databasePath } from '../../src-shared/node/dataDir.js';
import { closeDatabase, journalMode, openDatabase, quickCheck, schemaVersion, type Db } from '../store/database.js';
import { LATEST_SCHEMA_VERSION } from '../store/migrations/index.js';
import { cliCommand } from '../../src-shared/node/cliCommand.js';
import { auditLogVerdict } from './auditVerdict.js';
import { anchorPath, readAuditAnchor } from '../store/auditAnchor.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do about it, when something is wrong. */
  fix: string | null;
}

const LOW_DISK_BYTES = 200 * 1024 * 1024;

/** The folder itself, or the nearest one above it that exists (where it would be created). */
function nearestExisting(dir: string): string {
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

/** A check changes nothing: whether the folder can be written is asked, not tried, and a missing one is not created. */
export function checkDataDir(dataDir: string): DoctorCheck {
  try {
    if (!fs.existsSync(dataDir)) {
      const parent = nearestExisting(dataDir);
      fs.accessSync(parent, fs.constants.W_OK);
      return { name: 'data folder', status: 'ok', detail: `${dataDir} does not exist yet: no data yet. Co-Scientist creates it when it first starts (the app, \`npm run web\` or an assistant's server).`, fix: null };
    }
    fs.accessSync(dataDir, fs.constants.W_OK);
    const stats = fs.statfsSync(dataDir);
    const free = stats.bavail * stats.bsize;
    if (free < LOW_DISK_BYTES) {
      return { name: 'data folder', status: 'warn', detail: `${dataDir} is writable but only ${Math.round(free / 1048576)} MB are free.`, fix: 'Free some disk space; the database and exports grow with your projects.' };
    }
    return { name: 'data folder', status: 'ok', detail: `${dataDir} is writable (${Math.round(free / 1073741824)} GB free).`, fix: null };
  } catch (error) {
    return { name: 'data folder', status: 'fail', detail: `${dataDir} is not writable: ${(error as Error).message}`, fix: 'Check the folder\'s permissions, or choose another data folder with --data-dir / COSCI_DATA_DIR.' };
  }
}

export async function checkDatabase(db: Db): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const version = await schemaVersion(db);
  checks.push(
    version === LATEST_SCHEMA_VERSION
      ? { name: 'database schema', status: 'ok', detail: `schema ${version} (current)`, fix: null }
      : { name: 'database schema', status: 'fail', detail: `schema ${version}, this program expects ${LATEST_SCHEMA_VERSION}`, fix: 'Restart Co-Scientist so it can migrate the database.' },
  );
  const mode = await journalMode(db);
  checks.push(mode === 'wal' ? { name: 'database journal', status: 'ok', detail: 'WAL (safe for several assistants at once)', fix: null } : { name: 'database journal', status: 'warn', detail: `journal mode ${mode}`, fix: 'Restart Co-Scientist; it switches the database to WAL on start.' });
  const integrity = await quickCheck(db);
  checks.push(integrity === 'ok' ? { name: 'database integrity', status: 'ok', detail: 'quick_check ok', fix: null } : { name: 'database integrity', status: 'fail', detail: `quick_check: ${integrity}`, fix: 'Quit every assistant and the app, back up co-scientist.db, then restore from a backup or contact support with the file.' });
  checks.push(await checkAuditLog(db, 'a copy of the database'));
  return checks;
}

/**
 * The audit log on either engine: the same verdict as verify_audit_log (the chain, and the tail
 * compared with the head anchored outside the database), saying which anchor the end was compared
 * with, or that there was none to compare with. `evidence`: what to keep when it was altered.
 */
export async function checkAuditLog(db: Db, evidence: string, now: Date = new Date()): Promise<DoctorCheck> {
  const audit = await auditLogVerdict(db, now);
  if (!audit.ok) return { name: 'audit log', status: 'fail', detail: audit.message, fix: `Someone or something edited the audit log outside Co-Scientist. Keep ${evidence} as evidence; export the log from the app.` };
  return { name: 'audit log', status: 'ok', detail: `${audit.rows} rows, hash chain intact, ${endChecked(db)}`, fix: null };
}

/** What the log's end was compared with (store/auditAnchor.ts). */
function endChecked(db: Db): string {
  const file = anchorPath(db);
  if (file === undefined) return 'its end not checked (no data folder to keep an anchor in)';
  const anchor = readAuditAnchor(db);
  if (anchor === undefined) return `its end not checked: no anchor yet at ${file} (a server run with this data folder writes it)`;
  return `ends where it should (at or past row ${anchor.id}, the head anchored in ${file})`;
}

/** The built server entry next to this module (dist/mcp/server.js) — what assistants launch. */
export function checkServerBuild(moduleUrl: string = import.meta.url): DoctorCheck {
  const here = path.dirname(fileURLToPath(moduleUrl));
  const candidates = [path.join(here, 'server.js'), path.join(here, '..', '..', 'dist', 'mcp', 'server.js')];
  const entry = candidates.find((candidate) => fs.existsSync(candidate));
  if (entry === undefined) {
    return { name: 'server build', status: 'fail', detail: `no server entry found near ${here}`, fix: 'Run "npm run build" in the Co-Scientist folder (or reinstall the app).' };
  }
  return { name: 'server build', status: 'ok', detail: `${entry} (Node ${process.versions.node})`, fix: null };
}

/** ` (or run "<cli> <args>")`, when there is a command line to run it from. */
function orRun(args: string): string {
  // dist/mcp/<chunk>.js and src-mcp/mcp/doctor.ts are both two folders below the root.
  const appRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const cli = cliCommand({ appRoot, argv1: process.argv[1], cwd: process.cwd() });
  return cli === undefined ? '' : ` (or run "${cli} ${args}")`;
}

export function checkRegistrations(dataDir: string): DoctorCheck {
  const ledger = path.join(dataDir, 'registrations.json');
  if (!fs.existsSync(ledger)) {
    return { name: 'assistant registrations', status: 'warn', detail: 'no assistant has been connected from this data folder yet', fix: `Open the Co-Scientist app, go to Assistants and click Connect${orRun('register claude-desktop')}.` };
  }
  try {
    const records = (JSON.parse(fs.readFileSync(ledger, 'utf8')) as { registrations?: Array<{ client: string; config_path: string }> }).registrations ?? [];
    const missing = records.filter((r) => !fs.existsSync(r.config_path));
    if (missing.length > 0) {
      return { name: 'assistant registrations', status: 'warn', detail: `${missing.length} of ${records.length} registered config files are gone: ${missing.map((r) => `${r.client} (${r.config_path})`).join(', ')}`, fix: `Reconnect those assistants from the app (Assistants → Repair)${orRun('status')}.` };
    }
    return { name: 'assistant registrations', status: 'ok', detail: `${records.length} registration(s): ${records.map((r) => r.client).join(', ') || 'none'}`, fix: null };
  } catch (error) {
    return { name: 'assistant registrations', status: 'warn', detail: `registrations.json could not be read: ${(error as Error).message}`, fix: 'Reconnect your assistants from the app; the file is rewritten then.' };
  }
}

/** All checks, opening the database itself (the CLI) or using an open handle (the server tool). */
export async function runDoctor(dataDir: string, db?: Db): Promise<DoctorCheck[]> {
  const checks = [checkDataDir(dataDir)];
  if (db !== undefined) {
    checks.push(...await checkDatabase(db));
  } else if (!fs.existsSync(databasePath(dataDir))) {
    // Opening it would create it: a check changes nothing.
    checks.push({ name: 'database', status: 'ok', detail: `no database yet (${databasePath(dataDir)} is created at the first start)`, fix: null });
  } else {
    try {
      const opened = await openDatabase(dataDir);
      try {
        checks.push(...await checkDatabase(opened));
      } finally {
        await closeDatabase(opened);
      }
    } catch (error) {
      checks.push({ name: 'database', status: 'fail', detail: `${databasePath(dataDir)}: ${(error as Error).message}`, fix: 'See the message: a newer database needs a newer Co-Scientist; an unreadable one needs a backup restored.' });
    }
  }
  checks.push(checkServerBuild(), checkRegistrations(dataDir));
  return checks;
}

export function doctorReport(checks: readonly DoctorCheck[]): string {
  const mark: Record<CheckStatus, string> = { ok: '✓', warn: '!', fail: '✗' };
  return checks.map((c) => `${mark[c.status]} ${c.name}: ${c.detail}${c.fix === null ? '' : `\n    → ${c.fix}`}`).join('\n');
}
