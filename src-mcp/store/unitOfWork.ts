// The unit of work on one connection (docs/architecture.md, *A second store*). The store's
// functions are async (a networked engine must be awaited), but this process has ONE better-sqlite3
// connection for all its concurrent calls. A unit that awaits between its statements — a write
// transaction, a read snapshot, a tool call's held write — would let another call's statements
// run inside its open transaction (interleaved at the await): committed with it, rolled back with
// it, or reading its uncommitted rows. So each connection has a FIFO lock:
// - a unit holds the lock from its BEGIN to its COMMIT or ROLLBACK;
// - store calls made inside a unit (found through AsyncLocalStorage: everything the unit awaits
//   runs in its async context) run in it without taking the lock again — no deadlock on nesting;
// - every other store call waits its turn, reads included: a read run while another call's unit
//   is open would see that unit's uncommitted rows, which may yet roll back (a dirty read no
//   caller expects, since SQLite connections of other processes never see them). The wait costs a
//   pure read nothing when no unit is open (it runs at once), which is almost always.
// This is what PostgreSQL needs too, where a unit of work is one pooled connection and a call
// outside it takes another: only the lock goes, the boundary stays.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { postgresPool, sqlite, type Db } from './handle.js';
import { cachedPluck } from './statements.js';
import type { PostgresPool } from './postgres/pool.js';
import { asStoreFailure } from './postgres/failures.js';

/** A FIFO lock with a hold count: the holder may lend it to its own call's held write (see holdConnection). */
class ConnectionLock {
  #holds = 0;
  readonly #waiting: Array<() => void> = [];

  get held(): boolean {
    return this.#holds > 0;
  }

  /** Resolves once the caller holds the lock; granted at once when free. */
  acquire(): Promise<void> {
    if (this.#holds === 0) {
      this.#holds = 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** A second hold by the current holder (it hands the lock on to a longer-lived unit of its own). */
  retain(): void {
    this.#holds += 1;
  }

  release(): void {
    this.#holds -= 1;
    if (this.#holds > 0) return;
    const next = this.#waiting.shift();
    // Handed straight to the next in line: nobody can take it in between.
    if (next !== undefined) {
      this.#holds = 1;
      next();
    }
  }
}

/**
 * The pooled PostgreSQL connection a unit holds, with the state SQLite's connection keeps itself
 * (`inTransaction`): whether this unit opened a transaction on it, and whether the statement that
 * failed in it left the connection unusable (then it is destroyed, not returned to the pool).
 */
export interface UnitClient {
  readonly client: pg.PoolClient;
  inTransaction: boolean;
  /** Holders: the unit, and a held write that outlives it (SQLite's lock.retain). */
  holds: number;
  /** The database's URL without its password, for the messages of its failures. */
  readonly display: string;
}

/** One hold of the lock (SQLite) or of a pooled connection (PostgreSQL), live until released. */
interface Grant {
  readonly db: Db;
  active: boolean;
  readonly unitClient?: UnitClient;
}

/**
 * The async context a store call runs in: a unit of work (with its grant), or a call that may hold
 * a write across its statements (the observed scope of writeObserver.ts), nested in its parent.
 */
interface Scope {
  readonly parent: Scope | undefined;
  readonly observer: unknown;
  grant: Grant | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();
const locks = new WeakMap<Db, ConnectionLock>();

function lockOf(db: Db): ConnectionLock {
  let lock = locks.get(db);
  if (lock === undefined) {
    lock = new ConnectionLock();
    locks.set(db, lock);
  }
  return lock;
}

/** Whether the current async context is inside a unit of work that holds `db`'s connection. */
export function ownsConnection(db: Db): boolean {
  for (let scope = scopes.getStore(); scope !== undefined; scope = scope.parent) {
    if (scope.grant?.active === true && scope.grant.db === db) return true;
  }
  return false;
}

/** The pooled connection of the unit this context runs in on `db` (PostgreSQL), if any. */
export function unitClient(db: Db): UnitClient | undefined {
  for (let scope = scopes.getStore(); scope !== undefined; scope = scope.parent) {
    if (scope.grant?.active === true && scope.grant.db === db) return scope.grant.unitClient;
  }
  return undefined;
}

/** A pooled connection for a unit, or DATABASE_UNAVAILABLE when PostgreSQL is not answering. */
async function connectPooled(pool: PostgresPool): Promise<pg.PoolClient> {
  try {
    return await pool.pool.connect();
  } catch (error) {
    throw asStoreFailure(error, pool.display);
  }
}

/** Back to the pool; a connection left inside a transaction (a failed ROLLBACK) is destroyed instead. */
function releaseClient(unit: UnitClient): void {
  unit.holds -= 1;
  if (unit.holds > 0) return;
  unit.client.release(unit.inTransaction ? new Error('released inside a transaction') : undefined);
}

/** Whether some unit of work holds `db`'s connection now (this context's or another's). */
export function connectionBusy(db: Db): boolean {
  return lockOf(db).held;
}

/**
 * Runs a store function whose body is synchronous (better-sqlite3): at once when this context's
 * unit holds the connection or nobody does — a synchronous body cannot be interleaved, so it needs
 * no lock of its own — otherwise after the units queued before it.
 */
export function onConnection<T>(db: Db, body: () => T, writes: Writes = 'reads'): Promise<T> {
  if (postgresPool(db) !== undefined) return Promise.reject(new Error('A SQLite-only store function was called on a PostgreSQL database.'));
  const lock = lockOf(db);
  if (!lock.held || ownsConnection(db)) {
    try {
      return Promise.resolve(watched(db, body, writes));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return lock.acquire().then(() => {
    try {
      return watched(db, body, writes);
    } finally {
      lock.release();
    }
  });
}

/**
 * What a store function's body does: only reads; writes (which must run inside a write
 * transaction: outside one they commit on their own, before any audit row can join them); or
 * writes in a transaction it opens itself (the audit's appends).
 */
export type Writes = 'reads' | 'writes' | 'own-transaction';

/** What watches a call's writes (CallAudit) and wants to hear of one that committed on its own. */
interface StrayWriteWatcher {
  onStrayWrite?(db: Db): void;
}

/**
 * Runs `body`, telling the observer of the current call when a writing body changed rows in
 * autocommit — a write outside writeTransaction. Reads (the hot path) and statements inside a
 * transaction cost nothing more.
 */
function watched<T>(db: Db, body: () => T, writes: Writes): T {
  if (writes !== 'writes' || sqlite(db).inTransaction) return body();
  const watcher = currentObserver() as StrayWriteWatcher | undefined;
  if (watcher?.onStrayWrite === undefined) return body();
  const before = cachedPluck(db, 'SELECT total_changes()').get() as number;
  const result = body();
  if (!sqlite(db).inTransaction && (cachedPluck(db, 'SELECT total_changes()').get() as number) !== before) watcher.onStrayWrite(db);
  return result;
}

/**
 * Runs `work` as a unit of work on `db`: holding the connection until it settles, with the store
 * calls it makes (awaited or not) running in it. Inside a unit that already holds it: at once.
 */
export async function inUnit<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (ownsConnection(db)) return work();
  const pool = postgresPool(db);
  if (pool !== undefined) {
    const unitClient: UnitClient = { client: await connectPooled(pool), inTransaction: false, holds: 1, display: pool.display };
    const grant: Grant = { db, active: true, unitClient };
    try {
      return await scopes.run({ parent: scopes.getStore(), observer: undefined, grant }, work);
    } finally {
      grant.active = false;
      releaseClient(unitClient);
    }
  }
  const lock = lockOf(db);
  await lock.acquire();
  const current = scopes.getStore();
  const grant: Grant = { db, active: true };
  try {
    return await scopes.run({ parent: current, observer: undefined, grant }, work);
  } finally {
    // Work it started and left running (a timer) no longer counts as inside it.
    grant.active = false;
    lock.release();
  }
}

/** Runs `work` (and all it starts) as a scope that `observer` watches; see writeObserver.ts. */
export function runObserved<T>(observer: unknown, work: () => T): T {
  return scopes.run({ parent: scopes.getStore(), observer, grant: undefined }, work);
}

/** The observer of the innermost observed scope around the current context. */
export function currentObserver(): unknown {
  for (let scope = scopes.getStore(); scope !== undefined; scope = scope.parent) {
    if (scope.observer !== undefined) return scope.observer;
  }
  return undefined;
}

/** A hold of the connection that outlives the statement that took it (a tool call's held write). */
export interface HeldConnection {
  /** Runs `work` inside the hold, from wherever its owner is now (the call's end runs outside the call). */
  within<T>(work: () => T): T;
  release(): void;
}

/**
 * Takes `db`'s connection for the innermost observed scope (a tool call) until released: every
 * store call of that scope runs in it, every other waits. When the current context already holds
 * it (a unit inside the call), the call keeps it beyond that unit.
 */
export async function holdConnection(db: Db): Promise<HeldConnection> {
  let scope = scopes.getStore();
  while (scope !== undefined && scope.observer === undefined) scope = scope.parent;
  if (scope === undefined) throw new Error('holdConnection needs an observed scope (observeWrites)');
  const pool = postgresPool(db);
  if (pool !== undefined) return holdPooledConnection(db, scope, pool);
  const lock = lockOf(db);
  if (ownsConnection(db)) lock.retain();
  else await lock.acquire();
  return heldBy(scope, { db, active: true }, () => lock.release());
}

/** The hold `owner` (a tool call's scope) takes with `grant`; `letGo` gives back what the grant held, once. */
function heldBy(owner: Scope, grant: Grant, letGo: () => void): HeldConnection {
  owner.grant = grant;
  return {
    within(work) {
      return scopes.run({ parent: scopes.getStore(), observer: undefined, grant }, work);
    },
    release() {
      if (!grant.active) return;
      grant.active = false;
      if (owner.grant === grant) owner.grant = undefined;
      letGo();
    },
  };
}

/**
 * PostgreSQL's held write: a pooled connection of the call's own (the unit's, when the call is
 * inside one — the hold then outlives that unit, as SQLite's retained lock does).
 */
async function holdPooledConnection(db: Db, owner: Scope, pgPool: PostgresPool): Promise<HeldConnection> {
  const inherited = unitClient(db);
  if (inherited !== undefined) inherited.holds += 1;
  const unit: UnitClient = inherited ?? { client: await connectPooled(pgPool), inTransaction: false, holds: 1, display: pgPool.display };
  // A connection lent by an enclosing unit goes back once that unit has ended too.
  return heldBy(owner, { db, active: true, unitClient: unit }, () => releaseClient(unit));
}

/**
 * Runs `work` outside any unit of work: for what a unit starts but must not run in (a timer that
 * outlives it, a background task the call only wakes).
 */
export function outsideUnits<T>(work: () => T): T {
  return scopes.exit(work);
}
