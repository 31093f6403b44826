// The change feed (architecture.md, *Data, change feed, live updates*): an append-only table that every server process tails.
import type { Db } from './database.js';
import { rows, scalar, writeReturning } from './sql.js';
import { sqlite } from './handle.js';
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
  if (appended === undefined) throw new Error('The change feed returned no id for an appended event.');
  return appended.id;
}

const AFTER = 'SELECT id, at, client_id AS clientId, kind, subject_uri AS subjectUri, data FROM events WHERE id > ? ORDER BY id LIMIT ?';

export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<ChangeEvent[]> {
  const found = await rows<Omit<ChangeEvent, 'data'> & { data: string }>(db, AFTER, [afterId, limit]);
  return found.map((each) => ({ ...each, data: JSON.parse(each.data) as Record<string, unknown> }));
}

export async function latestEventId(db: Db): Promise<number> {
  return (await scalar<number | null>(db, 'SELECT MAX(id) FROM events')) ?? 0;
}

/**
 * SQLite's data_version changes whenever *another* connection commits. Polling it costs no I/O
 * beyond the shared-memory index, which makes it a cheap "anything new?" probe.
 */
export function dataVersion(db: Db): Promise<number> {
  return onConnection(db, () => {
    return sqlite(db).pragma('data_version', { simple: true }) as number;
  });
}
