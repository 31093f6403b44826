// Change events for the knowledge base (architecture.md, *Data, change feed, live updates*): the GUI refreshes its knowledge views
// when an assistant ingests or adds content. One event per operation, never one per file.
import type { Db } from '../store/database.js';
import { appendChange, type Actor } from '../store/events.js';

export type { Actor };

export const KNOWLEDGE_URI_PREFIX = 'knowledge://';
/** The list of collections; every knowledge change is also announced on it (one subscription covers all). */
export const COLLECTIONS_URI = `${KNOWLEDGE_URI_PREFIX}collections`;

export function collectionUri(collectionId: string): string {
  return `${COLLECTIONS_URI}/${collectionId}`;
}

/** Appends one event; call inside the write transaction that made the change. */
export async function recordKnowledgeChange(
  db: Db,
  actor: Actor,
  kind: string,
  collectionId: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await appendChange(db, actor, kind, collectionUri(collectionId), { collection_id: collectionId, ...data });
}
