// A PostgreSQL that stops answering while the server runs (restarted, failed over, the network
// gone): the statement's driver error becomes a coded StoreError saying what is wrong and that the
// server reconnects by itself — pg's pool opens new connections once the database is back, so
// nothing here has to restart. Anything else (a constraint, a bug) passes through unchanged.
import { StoreError } from '../errors.js';

/** SQLSTATE classes and codes meaning "the connection or the server is gone", not "this statement is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_CLASS = '08';
const NODE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith(CONNECTION_CLASS) || NODE_NETWORK_CODES.has(code)) return true;
  }
  // pg's own words for a connection that ended under a query or was never made.
  return /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection refused/i.test(error.message);
}

/** The driver's failure as the store reports it: DATABASE_UNAVAILABLE when PostgreSQL is not answering. */
export function asStoreFailure(error: unknown, display: string): unknown {
  if (error instanceof StoreError || !isUnavailable(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreError(
    'DATABASE_UNAVAILABLE',
    `PostgreSQL at ${display} is not answering (${detail}). This call's changes were not saved; the server reconnects by itself when the database is back, so retry in a moment.`,
  );
}
