// Named statements for knowledge collections, their links to research projects, and the folders
// the scientist allowed ingestion from. The only place that knows how these are stored.
import type { Db } from './database.js';
import { noteIndexChanged } from './knowledgeGeneration.js';
import { sqlite } from './handle.js';
import { camelized } from './rowFields.js';
import { inUnit, onConnection } from './unitOfWork.js';

export type CollectionKind = 'fundamental' | 'project-specific';

export interface CollectionRow {
  id: string;
  name: string;
  kind: CollectionKind;
  description: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface CollectionStats {
  documentCount: number;
  chunkCount: number;
  sizeBytes: number;
  linkedProjects: string[];
}

interface RawCollection {
  id: string;
  name: string;
  kind: CollectionKind;
  description: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

function fromRaw(raw: RawCollection): CollectionRow {
  return camelized(raw);
}

export function insertCollection(db: Db, row: CollectionRow): Promise<void> {
  return onConnection(db, () => {
    sqlite(db).prepare(
      `INSERT INTO knowledge_collections (id, name, kind, description, created_by, created_at, updated_at)
       VALUES (@id, @name, @kind, @description, @createdBy, @createdAt, @updatedAt)`,
    ).run(row);
  }, 'writes');
}

/** Names are case-insensitive (the column is COLLATE NOCASE). */
export function findCollectionByName(db: Db, name: string): Promise<CollectionRow | undefined> {
  return onConnection(db, () => {
    const raw = sqlite(db).prepare('SELECT * FROM knowledge_collections WHERE name = ?').get(name) as RawCollection | undefined;
    return raw === undefined ? undefined : fromRaw(raw);
  });
}

export function findCollectionById(db: Db, id: string): Promise<CollectionRow | undefined> {
  return onConnection(db, () => {
    const raw = sqlite(db).prepare('SELECT * FROM knowledge_collections WHERE id = ?').get(id) as RawCollection | undefined;
    return raw === undefined ? undefined : fromRaw(raw);
  });
}

export function listCollections(db: Db): Promise<CollectionRow[]> {
  return onConnection(db, () => {
    return (sqlite(db).prepare('SELECT * FROM knowledge_collections ORDER BY name').all() as RawCollection[]).map(fromRaw);
  });
}

export function collectionStats(db: Db, id: string): Promise<CollectionStats> {
  return onConnection(db, () => {
    const docs = sqlite(db)
      .prepare(
        `SELECT COUNT(*) AS documents, COALESCE(SUM(chunk_count), 0) AS chunks, COALESCE(SUM(size_bytes), 0) AS bytes
         FROM knowledge_documents WHERE collection_id = ?`,
      )
      .get(id) as { documents: number; chunks: number; bytes: number };
    const projects = sqlite(db)
      .prepare('SELECT project_id FROM knowledge_collection_projects WHERE collection_id = ? ORDER BY project_id')
      .pluck()
      .all(id) as string[];
    return { documentCount: docs.documents, chunkCount: docs.chunks, sizeBytes: docs.bytes, linkedProjects: projects };
  });
}

export function touchCollection(db: Db, id: string, at: string): Promise<void> {
  return onConnection(db, () => {
    sqlite(db).prepare('UPDATE knowledge_collections SET updated_at = ? WHERE id = ?').run(at, id);
  }, 'writes');
}

/** Deletes the collection; its documents, chunks, index entries and links go with it (cascade + triggers). */
export function deleteCollection(db: Db, id: string): Promise<void> {
  return inUnit(db, async () => {
    await noteIndexChanged(db);
    sqlite(db).prepare('DELETE FROM knowledge_collections WHERE id = ?').run(id);
  });
}

/** Returns false when the link already existed. */
export function linkCollection(db: Db, link: { collectionId: string; projectId: string; linkedBy: string; linkedAt: string }): Promise<boolean> {
  return onConnection(db, () => {
    const result = sqlite(db)
      .prepare(
        `INSERT INTO knowledge_collection_projects (collection_id, project_id, linked_by, linked_at)
         VALUES (@collectionId, @projectId, @linkedBy, @linkedAt) ON CONFLICT DO NOTHING`,
      )
      .run(link);
    return result.changes > 0;
  }, 'writes');
}

/** Returns false when there was no such link. */
export function unlinkCollection(db: Db, collectionId: string, projectId: string): Promise<boolean> {
  return onConnection(db, () => {
    return (
      sqlite(db).prepare('DELETE FROM knowledge_collection_projects WHERE collection_id = ? AND project_id = ?').run(collectionId, projectId)
        .changes > 0
    );
  }, 'writes');
}

export function linkedCollections(db: Db, projectId: string): Promise<CollectionRow[]> {
  return onConnection(db, () => {
    return (
      sqlite(db)
        .prepare(
          `SELECT c.* FROM knowledge_collections c
           JOIN knowledge_collection_projects l ON l.collection_id = c.id
           WHERE l.project_id = ? ORDER BY c.name`,
        )
        .all(projectId) as RawCollection[]
    ).map(fromRaw);
  });
}

export interface RootRow {
  path: string;
  addedBy: string;
  addedAt: string;
}

export function listRoots(db: Db): Promise<RootRow[]> {
  return onConnection(db, () => {
    return (sqlite(db).prepare('SELECT path, added_by, added_at FROM knowledge_roots ORDER BY path').all() as Array<{
      path: string;
      added_by: string;
      added_at: string;
    }>).map((raw) => ({ path: raw.path, addedBy: raw.added_by, addedAt: raw.added_at }));
  });
}

/** Returns false when the folder was already allowed. */
export function insertRoot(db: Db, root: RootRow): Promise<boolean> {
  return onConnection(db, () => {
    return (
      sqlite(db)
        .prepare('INSERT INTO knowledge_roots (path, added_by, added_at) VALUES (@path, @addedBy, @addedAt) ON CONFLICT DO NOTHING')
        .run(root).changes > 0
    );
  }, 'writes');
}

export function deleteRoot(db: Db, rootPath: string): Promise<boolean> {
  return onConnection(db, () => {
    return sqlite(db).prepare('DELETE FROM knowledge_roots WHERE path = ?').run(rootPath).changes > 0;
  }, 'writes');
}
