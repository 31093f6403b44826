// The PostgreSQL side of a store handle: one pg.Pool per server process. A unit of work (a write
// transaction, a read snapshot, a tool call's held write) takes one pooled connection for its
// length; a store call outside any unit takes whichever connection is free (store/unitOfWork.ts).
import pg from 'pg';
import { redactDatabaseUrl } from '../../../src-shared/node/databaseUrl.js';
import { postgresClientConfig } from './connection.js';
import { ChangeSignal } from './changeSignal.js';

const BOOL_OID = 16;
const NUMERIC_OID = 1700;

/**
 * Rows read the way SQLite's rows read through better-sqlite3, so that one query serves both
 * engines: a comparison or EXISTS arrives as 1/0 (SQLite has no boolean), and a numeric (SUM or
 * AVG of integers) as a number. bigint is already a number (connection.ts).
 */
function storeTypes(base: pg.CustomTypesConfig): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (format !== 'binary' && oid === BOOL_OID) return (text: string) => (text === 't' ? 1 : 0);
      if (format !== 'binary' && oid === NUMERIC_OID) return (text: string) => Number(text);
      return base.getTypeParser(oid, format);
    }) as typeof pg.types.getTypeParser,
  };
}

/** Connections per process: a server answers mostly one conversation; units of work are short. */
const POOL_SIZE = 8;

export class PostgresPool {
  readonly pool: pg.Pool;
  /** The URL with its password hidden, for messages. */
  readonly display: string;
  /** Commits by any process on this database (LISTEN/NOTIFY): the engine's data_version. */
  readonly changes: ChangeSignal;
  #closed = false;

  /** `dataDir`: this process's own folder (its audit anchor for this database lives there); none for a tool that keeps no anchor. */
  constructor(
    readonly url: string,
    readonly dataDir?: string,
  ) {
    const config = postgresClientConfig(url);
    this.pool = new pg.Pool({ ...config, types: storeTypes(config.types as pg.CustomTypesConfig), max: POOL_SIZE, idleTimeoutMillis: 30_000 });
    // A pooled connection the server drops must not crash the process: its next use fails instead.
    this.pool.on('error', () => undefined);
    this.display = redactDatabaseUrl(url);
    this.changes = new ChangeSignal(config);
  }

  get open(): boolean {
    return !this.#closed;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.changes.close();
    await this.pool.end();
  }
}
