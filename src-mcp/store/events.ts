// The change feed (architecture.md, *Data, change feed, live updates*): an append-only table that every server process tails.
import type { Db } from './database.js';
import { postgresPool, sqlite } from './handle.js';
import { rows, scalar, writeReturning } from './sql.js';
import { onConnection } from './unitOfWork.js';
import { inTransaction } from './writeObserver.js';
import { writeTransaction } from './transactions.js';

export interface ChangeEvent {
  id: number;
  at: string;
  clientId: string;
  /** What happened, `noun.verb`: `project.created`, `project.updated`, ... */
  kind: string;
  /** The resource the change is about, e.g. `research://projects/res_ab12`. */
  subjectUri: string;
  data: Record<string, unknown>;
}

const APPEND = 'INSERT INTO events (at, client_id, kind, subject_uri, data) VALUES (?, ?, ?, ?, ?) RETURNING id';

/**
 * Appends an event. Its id must follow commit order, or a feed that already read past a higher id
 * would never see it: on SQLite one writer at a time guarantees that; on PostgreSQL an identity is
 * taken at INSERT, so an event appended outside a write transaction takes the store's write lock
 * for its own (postgres/transactions.ts) — inside one, the lock is already held.
 */
export async function appendEvent(db: Db, event: Omit<ChangeEvent, 'id'>): Promise<number> {
  if (postgresPool(db) !== undefined && !inTransaction(db)) return writeTransaction(db, () => appendEvent(db, event));
  const [appended] = await writeReturning<{ id: number }>(db, APPEND, [event.at, event.clientId, event.kind, event.subjectUri, JSON.stringify(event.data)]);
  if (appended === undefined) throw new Error('The events table returned no id for an appended event.');
  return appended.id;
}

/** Who made a change, and the clock it is dated by (the server's, or a test's). */
export interface Actor {
  clientId: string;
  now: () => Date;
}

/**
 * Appends the event of a change an actor made to a subject (a project, a collection), dated now.
 * Call it inside the write transaction that made the change, so a listener never sees an event
 * without its data.
 */
export async function appendChange(db: Db, actor: Actor, kind: string, subjectUri: string, data: Record<string, unknown>): Promise<void> {
  await appendEvent(db, { at: actor.now().toISOString(), clientId: actor.clientId, kind, subjectUri, data });
}

const AFTER = 'SELECT id, at, client_id, kind, subject_uri, data FROM events WHERE id > ? ORDER BY id LIMIT ?';

export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<ChangeEvent[]> {
  const raws = await rows<{ id: number; at: string; client_id: string; kind: string; subject_uri: string; data: string }>(db, AFTER, [afterId, limit]);
  return raws.map((raw) => ({
    id: raw.id,
    at: raw.at,
    clientId: raw.client_id,
    kind: raw.kind,
    subjectUri: raw.subject_uri,
    data: JSON.parse(raw.data) as Record<string, unknown>,
  }));
}

export async function latestEventId(db: Db): Promise<number> {
  return (await scalar<number | null>(db, 'SELECT MAX(id) AS id FROM events')) ?? 0;
}

/**
 * A cheap "may anything have changed?" probe, as a number that moves when another process commits.
 * SQLite: data_version, which changes whenever *another* connection commits; polling it costs no
 * I/O beyond the shared-memory index. PostgreSQL: the count of commit notifications this process
 * has heard on its LISTEN connection (postgres/changeSignal.ts), from every process on the
 * database, ours included — a memory read too.
 */
export async function dataVersion(db: Db): Promise<number> {
  const pool = postgresPool(db);
  if (pool !== undefined) return pool.changes.version();
  return onConnection(db, () => sqlite(db).pragma('data_version', { simple: true }) as number);
}
