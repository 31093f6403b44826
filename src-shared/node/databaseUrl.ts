// The one reader of `--database <url>`, COSCI_DATABASE_URL and the data folder's chosen database
// (issue 30): which engine holds the data, and where. The flag wins, then the environment, then
// the database the scientist chose for this data folder in the desktop app's Settings
// (`<data folder>/database.json`, so every assistant's server on the folder follows the app);
// none keeps the SQLite file in the data folder, exactly as before. A postgres:// or postgresql://
// URL selects PostgreSQL. Every entry (the stdio server, the lab server, doctor, db migrate) asks
// here, and prints a location only through redactDatabaseUrl.
import fs from 'node:fs';
import path from 'node:path';
import { databasePath } from './dataDir.js';

export const DATABASE_URL_ENV = 'COSCI_DATABASE_URL';

/** The database chosen for a data folder in Settings → Research database: `{ "url": "postgres://…" | null }`. */
export const DATABASE_CHOICE_FILE = 'database.json';

/** The URL schemes that select PostgreSQL (libpq accepts both). */
export const POSTGRES_URL_SCHEMES = ['postgres:', 'postgresql:'] as const;

export type DatabaseLocation =
  | { engine: 'sqlite'; file: string }
  /** `url` carries the password, if any: hand it to the driver, print `display`. */
  | { engine: 'postgres'; url: string; display: string };

export class DatabaseUrlError extends Error {
  readonly code = 'DATABASE_URL_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUrlError';
  }
}

export interface DatabaseLocationInputs {
  /** Value of `--database`, if given. */
  flag?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** The data folder (resolveDataDir): where the SQLite file lives when no URL is given. */
  dataDir: string;
  /** False for the desktop hosts, which read and change the folder's choice themselves (src-main/host/databaseSwitch.ts). */
  readChoice?: boolean;
}

/** The flag wins over the environment; neither (or an empty value) means the SQLite file in the data folder. */
export function resolveDatabaseLocation(inputs: DatabaseLocationInputs): DatabaseLocation {
  const fromFlag = inputs.flag;
  const raw = fromFlag ?? (inputs.env ?? process.env)[DATABASE_URL_ENV];
  const source = fromFlag !== undefined ? '--database' : DATABASE_URL_ENV;
  if (raw === undefined || raw.trim() === '') {
    if (fromFlag !== undefined) throw new DatabaseUrlError(`${source} is empty: ${acceptedForms()}`);
    const chosen = inputs.readChoice === false ? null : readDatabaseChoice(inputs.dataDir);
    if (chosen !== null) return parsePostgresUrl(chosen, choiceFile(inputs.dataDir));
    return { engine: 'sqlite', file: databasePath(path.resolve(inputs.dataDir)) };
  }
  return parsePostgresUrl(raw.trim(), source);
}

function choiceFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), DATABASE_CHOICE_FILE);
}

/**
 * The URL chosen for the data folder, or null when none was (no file, or `"url": null`). A file that
 * is not a choice throws: a server must not quietly open the SQLite file while the app and the
 * other assistants work on PostgreSQL.
 */
export function readDatabaseChoice(dataDir: string): string | null {
  const file = choiceFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DatabaseUrlError(`${file} cannot be read (${(error as Error).message}); fix its permissions, or choose the database again in the app's Settings.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const url = typeof parsed === 'object' && parsed !== null ? (parsed as { url?: unknown }).url : undefined;
  if (url === null) return null;
  if (typeof url === 'string' && url.trim() !== '') return url.trim();
  throw new DatabaseUrlError(`${file} is not a database choice (expected {"url": "postgres://…"} or {"url": null}); choose the database again in the app's Settings, or delete the file to use the SQLite file.`);
}

function acceptedForms(): string {
  return `give a PostgreSQL URL such as postgres://user:password@host:5432/database (or postgresql://…), or leave ${DATABASE_URL_ENV} and --database out to use the SQLite file in the data folder.`;
}

function parsePostgresUrl(raw: string, source: string): DatabaseLocation {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The value itself may hold a password: it is never repeated.
    throw new DatabaseUrlError(`${source} is not a URL: ${acceptedForms()}`);
  }
  if (!(POSTGRES_URL_SCHEMES as readonly string[]).includes(url.protocol)) {
    throw new DatabaseUrlError(`${source} has the scheme "${url.protocol.replace(/:$/, '')}", which Co-Scientist does not store in: ${acceptedForms()}`);
  }
  // libpq allows an empty host with ?host=/socket/dir; anything else needs a host to reach.
  if (url.hostname === '' && !url.searchParams.has('host')) {
    throw new DatabaseUrlError(`${source} names no host: ${acceptedForms()}`);
  }
  return { engine: 'postgres', url: raw, display: redactDatabaseUrl(raw) };
}

/** The URL with any password replaced by `***` (and a query's password= too); safe to print and log. */
export function redactDatabaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '<an unreadable database URL>';
  }
  if (url.password !== '') url.password = '***';
  for (const key of [...url.searchParams.keys()]) {
    if (key.toLowerCase() === 'password') url.searchParams.set(key, '***');
  }
  return url.href;
}

/**
 * Which database a PostgreSQL URL reaches, as `user@host:port/database` with libpq's defaults filled
 * in (port 5432; the database named after the user): no password, no connection options. Two URLs
 * that differ only in those name the same database — what keys each process's audit anchor for it
 * (src-mcp/store/auditAnchor.ts). Safe to print.
 */
export function databaseAddress(raw: string): string {
  const url = new URL(raw);
  const option = (name: string): string => url.searchParams.get(name) ?? '';
  const user = decodeURIComponent(url.username) || option('user');
  const host = (url.hostname || option('host')).toLowerCase();
  const port = url.port || option('port') || '5432';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || option('dbname') || user;
  return `${user}@${host}:${port}/${database}`;
}

/** What a log line or a report names: the SQLite file, or the PostgreSQL URL without its password. */
export function describeDatabaseLocation(location: DatabaseLocation): string {
  return location.engine === 'sqlite' ? location.file : location.display;
}
