// The one reader of `--database <url>` and COSCI_DATABASE_URL (issue 30): which engine holds the
// data, and where. No value keeps the SQLite file in the data folder, exactly as before; a
// postgres:// or postgresql:// URL selects PostgreSQL. Every entry (the stdio server, the lab
// server, doctor, db migrate) asks here, and prints a location only through redactDatabaseUrl.
import path from 'node:path';
import { databasePath } from './dataDir.js';

export const DATABASE_URL_ENV = 'COSCI_DATABASE_URL';

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
}

/** The flag wins over the environment; neither (or an empty value) means the SQLite file in the data folder. */
export function resolveDatabaseLocation(inputs: DatabaseLocationInputs): DatabaseLocation {
  const fromFlag = inputs.flag;
  const raw = fromFlag ?? (inputs.env ?? process.env)[DATABASE_URL_ENV];
  const source = fromFlag !== undefined ? '--database' : DATABASE_URL_ENV;
  if (raw === undefined || raw.trim() === '') {
    if (fromFlag !== undefined) throw new DatabaseUrlError(`${source} is empty: ${acceptedForms()}`);
    return { engine: 'sqlite', file: databasePath(path.resolve(inputs.dataDir)) };
  }
  return parsePostgresUrl(raw.trim(), source);
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
