// The change feed (architecture.md, *Data, change feed, live updates*): an append-only table that every server process tails.
import type { Db } from './database.js';
import { cached } from './statements.js';
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

export function appendEvent(db: Db, event: Omit<ChangeEvent, 'id'>): Promise<number> {
  return onConnection(db, () => {
    const result = cached(db, 'INSERT INTO events (at, client_id, kind, subject_uri, data) VALUES (?, ?, ?, ?, ?)').run(
      event.at,
      event.clientId,
      event.kind,
      event.subjectUri,
      JSON.stringify(event.data),
    );
    return Number(result.lastInsertRowid);
  }, 'writes');
}

export function eventsAfter(db: Db, afterId: number, limit: number): Promise<ChangeEvent[]> {
  return onConnection(db, () => {
    const rows = cached(
      db,
      'SELECT id, at, client_id, kind, subject_uri, data FROM events WHERE id > ? ORDER BY id LIMIT ?',
    ).all(afterId, limit) as Array<{
      id: number;
      at: string;
      client_id: string;
      kind: string;
      subject_uri: string;
      data: string;
    }>;
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      clientId: row.client_id,
      kind: row.kind,
      subjectUri: row.subject_uri,
      data: JSON.parse(row.data) as Record<string, unknown>,
    }));
  });
}

export function latestEventId(db: Db): Promise<number> {
  return onConnection(db, () => {
    const row = cached(db, 'SELECT MAX(id) AS id FROM events').get() as { id: number | null };
    return row.id ?? 0;
  });
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
