// One connection to a PostgreSQL database (driver: `pg`, chosen in docs/architecture.md,
// *PostgreSQL engine*), with the failures a user can act on turned into coded StoreErrors whose
// messages name the server without its password.
import pg from 'pg';
import { redactDatabaseUrl } from '../../../src-shared/node/databaseUrl.js';
import { StoreError } from '../errors.js';

const CONNECT_TIMEOUT_MS = 10_000;
const INT8_OID = 20;

/**
 * bigint columns (ids, counters, COUNT(*)) arrive as JavaScript numbers, as SQLite's INTEGER does
 * through better-sqlite3; pg hands them over as strings by default. A value past 2^53 would lose
 * digits, so it is refused instead.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`A bigint value (${text}) is beyond JavaScript's exact integers.`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The connection settings every Co-Scientist PostgreSQL client uses. */
export function postgresClientConfig(url: string): pg.ClientConfig {
  return { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types, application_name: 'co-scientist' };
}

/** Opens a connection, or throws a StoreError saying what is wrong (unreachable, credentials, no such database). */
export async function connectPostgres(url: string): Promise<pg.Client> {
  const client = new pg.Client(postgresClientConfig(url));
  // A connection the server drops later must not crash the process: the next query fails instead.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw connectionError(error, url);
  }
}

/** A driver error from connecting, as a StoreError with a code; other errors pass through. */
export function connectionError(error: unknown, url: string): unknown {
  const where = redactDatabaseUrl(url);
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  switch (code) {
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification (no pg_hba.conf entry, unknown role)
      return new StoreError('DATABASE_AUTH_FAILED', `PostgreSQL at ${where} refused the credentials: ${detail}. Check the user name and password in the URL.`);
    case '3D000': // invalid_catalog_name
      return new StoreError('DATABASE_MISSING', `PostgreSQL at ${where} has no such database: ${detail}. Create it first (createdb), or correct the URL.`);
    default:
      if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
        return new StoreError('DATABASE_UNREACHABLE', `PostgreSQL at ${where} cannot be reached (${code}: ${detail}). Is the server running, and are the host and port right?`);
      }
      if (/timeout/i.test(detail)) {
        return new StoreError('DATABASE_UNREACHABLE', `PostgreSQL at ${where} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s. Is the server running, and are the host and port right?`);
      }
      return error;
  }
}
