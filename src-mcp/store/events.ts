// The change feed (architecture.md, *Data, change feed, live updates*): an append-only table that every server process tails.
import { createHash } from 'node:crypto';
import type { Db } from './database.js';
import { engineOf, sqlite } from './handle.js';
import { rows, scalar, writeReturning } from './sql.js';
import { onConnection } from './unitOfWork.js';

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

export async function appendEvent(db: Db, event: Omit<ChangeEvent, 'id'>): Promise<number> {
  const [appended] = await writeReturning<{ id: number }>(db, APPEND, [event.at, event.clientId, event.kind, event.subjectUri, JSON.stringify(event.data)]);
  if (appended === undefined) throw new Error('The events table returned no id for an appended event.');
  return appended.id;
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
 * I/O beyond the shared-memory index. PostgreSQL has no such counter: the probe is the current
 * snapshot (running transactions and the next id), which moves whenever any transaction that wrote
 * starts or ends — anywhere in the cluster, ours too, so it moves more often than SQLite's, never
 * less. The snapshot's text is folded to 48 bits (a number, as on SQLite). The PostgreSQL server's
 * change feed is to be woken by LISTEN/NOTIFY rather than by polling this (docs/architecture.md,
 * *PostgreSQL engine*).
 */
export async function dataVersion(db: Db): Promise<number> {
  if (engineOf(db) === 'sqlite') return onConnection(db, () => sqlite(db).pragma('data_version', { simple: true }) as number);
  const snapshot = (await scalar<string>(db, 'SELECT CAST(pg_current_snapshot() AS TEXT)')) ?? '';
  return Number.parseInt(createHash('sha256').update(snapshot).digest('hex').slice(0, 12), 16);
}
