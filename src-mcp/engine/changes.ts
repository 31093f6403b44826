// Appends change events for the feed (architecture.md, *Data, change feed, live updates*). Callers run inside the write transaction
// that made the change, so a listener never sees an event without its data.
import type { Db } from '../store/database.js';
import { appendChange, type Actor } from '../store/events.js';

export type { Actor };

export function projectUri(id: string): string {
  return `research://projects/${id}`;
}

export async function recordChange(db: Db, actor: Actor, kind: string, projectId: string, data: Record<string, unknown> = {}): Promise<void> {
  await appendChange(db, actor, kind, projectUri(projectId), { project_id: projectId, ...data });
}
