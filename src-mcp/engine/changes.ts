// Appends change events for the feed (architecture.md, *Data, change feed, live updates*). Callers run inside the write transaction
// that made the change, so a listener never sees an event without its data.
import type { Db } from '../store/database.js';
import { appendEvent } from '../store/events.js';

export interface Actor {
  clientId: string;
  now: () => Date;
}

export function projectUri(id: string): string {
  return `research://projects/${id}`;
}

export async function recordChange(db: Db, actor: Actor, kind: string, projectId: string, data: Record<string, unknown> = {}): Promise<void> {
  await appendEvent(db, {
    at: actor.now().toISOString(),
    clientId: actor.clientId,
    kind,
    subjectUri: projectUri(projectId),
    data: { project_id: projectId, ...data },
  });
}
