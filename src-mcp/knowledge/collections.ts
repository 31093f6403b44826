// Knowledge collections: named sets of documents, either `fundamental` (background any project
// may draw on) or `project-specific`, and linked to the research projects they ground.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import {
  collectionStats,
  deleteCollection,
  findCollectionById,
  findCollectionByName,
  insertCollection,
  linkCollection,
  linkedCollections,
  listCollections,
  unlinkCollection,
  type CollectionKind,
  type CollectionRow,
  type CollectionStats,
} from '../store/knowledgeCollections.js';
import { listDocuments, type DocumentCursor, type DocumentRow } from '../store/knowledgeDocuments.js';
import { findProject } from '../store/projects.js';
import { projectNotFound } from '../engine/projectRecord.js';
import { DomainError, notFound } from '../engine/errors.js';
import { recordKnowledgeChange, type Actor } from './events.js';
import { newId } from '../engine/recordIds.js';

export const COLLECTION_KINDS: readonly CollectionKind[] = ['fundamental', 'project-specific'];
export const COLLECTION_NAME_MAX = 64;
// Letters, digits, spaces and - _ . ( ): names travel in comma-separated lists, so no commas.
const COLLECTION_NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.()-]*$/u;

export interface CollectionView {
  collection: CollectionRow;
  stats: CollectionStats;
}

export function normaliseCollectionName(raw: string): string {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name.length === 0 || name.length > COLLECTION_NAME_MAX || !COLLECTION_NAME.test(name)) {
    throw new DomainError(
      'invalid_input',
      `"${raw}" is not a usable collection name: use 1-${COLLECTION_NAME_MAX} letters, digits, spaces, "-", "_", "." or parentheses, ` +
        'starting with a letter or digit (e.g. "Liver fibrosis papers").',
      { field: 'collection_name' },
    );
  }
  return name;
}

export async function getCollection(db: Db, name: string): Promise<CollectionRow> {
  const collection = await findCollectionByName(db, name.trim());
  if (collection === undefined) {
    throw notFound(
      'Knowledge collection',
      `"${name}"`,
      'Call manage_collections with action "list" to see the collections, or create it with action "create".',
    );
  }
  return collection;
}

/**
 * For a write that follows an await (reading files, loading a parser): the collection looked up
 * before it may have been deleted by a concurrent call meanwhile. Call inside the write transaction.
 */
export async function requireCollectionStill(db: Db, collection: Pick<CollectionRow, 'id' | 'name'>): Promise<void> {
  if (await findCollectionById(db, collection.id) === undefined) {
    throw notFound('Knowledge collection', `"${collection.name}"`, 'It was deleted while this call was reading; create it again with manage_collections, then retry.');
  }
}

async function requireProject(db: Db, researchId: string): Promise<void> {
  if (await findProject(db, researchId) === undefined) {
    throw projectNotFound(researchId);
  }
}

export interface CreateCollectionInput {
  name: string;
  kind?: CollectionKind | undefined;
  description?: string | undefined;
  /** Links the new collection to this project at once. */
  researchId?: string | undefined;
}

export async function createCollection(db: Db, actor: Actor, input: CreateCollectionInput): Promise<CollectionView> {
  const name = normaliseCollectionName(input.name);
  if (input.researchId !== undefined) await requireProject(db, input.researchId);
  const at = actor.now().toISOString();
  const collection: CollectionRow = {
    id: newId('col'),
    name,
    // A collection made for a project is about that project unless the caller says otherwise.
    kind: input.kind ?? (input.researchId === undefined ? 'fundamental' : 'project-specific'),
    description: (input.description ?? '').trim().slice(0, 500),
    createdBy: actor.clientId,
    createdAt: at,
    updatedAt: at,
  };
  await writeTransaction(db, async () => {
    const existing = await findCollectionByName(db, name);
    if (existing !== undefined) {
      throw new DomainError(
        'conflict',
        `A collection named "${existing.name}" already exists (${existing.kind}). Use it, or choose another name.`,
        { collection_id: existing.id },
      );
    }
    await insertCollection(db, collection);
    if (input.researchId !== undefined) {
      await linkCollection(db, { collectionId: collection.id, projectId: input.researchId, linkedBy: actor.clientId, linkedAt: at });
    }
    await recordKnowledgeChange(db, actor, 'knowledge.collection.created', collection.id, { name });
  });
  return { collection, stats: await collectionStats(db, collection.id) };
}

export async function listCollectionViews(db: Db): Promise<CollectionView[]> {
  return Promise.all((await listCollections(db)).map(async (collection) => ({ collection, stats: await collectionStats(db, collection.id) })));
}

export interface CollectionInfo extends CollectionView {
  documents: DocumentRow[];
  nextCursor: string | null;
}

export async function collectionInfo(db: Db, name: string, page: { limit: number; cursor?: string | undefined }): Promise<CollectionInfo> {
  const collection = await getCollection(db, name);
  const after = page.cursor === undefined ? undefined : decodeDocumentCursor(page.cursor);
  const { documents, next } = await listDocuments(db, { collectionId: collection.id, limit: page.limit, after });
  return {
    collection,
    stats: await collectionStats(db, collection.id),
    documents,
    nextCursor: next === null ? null : Buffer.from(JSON.stringify([next.title, next.id]), 'utf8').toString('base64url'),
  };
}

function decodeDocumentCursor(text: string): DocumentCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string')) {
      return { title: parsed[0] as string, id: parsed[1] as string };
    }
  } catch {
    // fall through to the error below
  }
  throw new DomainError('invalid_input', 'The cursor is not one this server issued. Pass next_cursor from the previous result unchanged.', {
    field: 'cursor',
  });
}

export async function deleteCollectionByName(db: Db, actor: Actor, name: string): Promise<CollectionView> {
  return await writeTransaction(db, async () => {
    const collection = await getCollection(db, name);
    const stats = await collectionStats(db, collection.id);
    await deleteCollection(db, collection.id);
    await recordKnowledgeChange(db, actor, 'knowledge.collection.deleted', collection.id, {
      name: collection.name,
      documents_removed: stats.documentCount,
    });
    return { collection, stats };
  });
}

/** Links or unlinks; `changed` is false when the link already was as asked. */
export async function setCollectionLink(
  db: Db,
  actor: Actor,
  input: { name: string; researchId: string; linked: boolean },
): Promise<{ collection: CollectionRow; changed: boolean }> {
  return await writeTransaction(db, async () => {
    const collection = await getCollection(db, input.name);
    await requireProject(db, input.researchId);
    const at = actor.now().toISOString();
    const changed = input.linked
      ? await linkCollection(db, { collectionId: collection.id, projectId: input.researchId, linkedBy: actor.clientId, linkedAt: at })
      : await unlinkCollection(db, collection.id, input.researchId);
    if (changed) {
      await recordKnowledgeChange(db, actor, input.linked ? 'knowledge.collection.linked' : 'knowledge.collection.unlinked', collection.id, {
        project_id: input.researchId,
      });
    }
    return { collection, changed };
  });
}

export interface SearchScope {
  /** null: every collection. */
  collections: CollectionRow[] | null;
  /** Why this scope, when it is not what the caller named (shown to the model and the scientist). */
  note: string | null;
}

/**
 * Which collections a search covers: those named; else, for a project, its linked collections;
 * else everything. A project with nothing linked searches everything rather than nothing.
 */
export async function resolveSearchScope(db: Db, input: { names?: readonly string[] | undefined; researchId?: string | undefined }): Promise<SearchScope> {
  // An unknown project is an error even when collections are named: its reads could not be recorded.
  if (input.researchId !== undefined) await requireProject(db, input.researchId);
  const names = (input.names ?? []).map((name) => name.trim()).filter((name) => name !== '');
  if (names.length > 0) return { collections: dedupe(await Promise.all(names.map((name) => getCollection(db, name)))), note: null };
  if (input.researchId === undefined) return { collections: null, note: null };
  const linked = await linkedCollections(db, input.researchId);
  if (linked.length > 0) return { collections: linked, note: null };
  return {
    collections: null,
    note: `No collections are linked to ${input.researchId}, so every collection was searched. Link the relevant ones with manage_collections (action "link").`,
  };
}

function dedupe(collections: CollectionRow[]): CollectionRow[] {
  return [...new Map(collections.map((collection) => [collection.id, collection])).values()];
}
