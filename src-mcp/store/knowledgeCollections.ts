// Named statements for knowledge collections, their links to research projects, and the folders
// the scientist allowed ingestion from. The only place that knows how these are stored.
import type { Db } from './database.js';
import { noteIndexChanged } from './knowledgeGeneration.js';
import { perEngine } from './dialect.js';
import { camelized } from './rowFields.js';
import { execute, row, rows, scalars } from './sql.js';
import { readTransaction } from './transactions.js';

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

const INSERT_COLLECTION = `INSERT INTO knowledge_collections (id, name, kind, description, created_by, created_at, updated_at)
  VALUES (@id, @name, @kind, @description, @createdBy, @createdAt, @updatedAt)`;

export async function insertCollection(db: Db, row: CollectionRow): Promise<void> {
  await execute(db, INSERT_COLLECTION, { ...row });
}

const BY_NAME = perEngine((d) => `SELECT * FROM knowledge_collections WHERE ${d.caseFolded('name')} = ${d.caseFolded('CAST(? AS TEXT)')}`);

/** Names are case-insensitive (SQLite: the column is COLLATE NOCASE; PostgreSQL: an index on lower(name)). */
export async function findCollectionByName(db: Db, name: string): Promise<CollectionRow | undefined> {
  const raw = await row<RawCollection>(db, BY_NAME, [name]);
  return raw === undefined ? undefined : fromRaw(raw);
}

export async function findCollectionById(db: Db, id: string): Promise<CollectionRow | undefined> {
  const raw = await row<RawCollection>(db, 'SELECT * FROM knowledge_collections WHERE id = ?', [id]);
  return raw === undefined ? undefined : fromRaw(raw);
}

// Sorted as the names compare: ignoring case on both engines.
const ALL = perEngine((d) => `SELECT * FROM knowledge_collections ORDER BY ${d.caseFolded('name')}`);

export async function listCollections(db: Db): Promise<CollectionRow[]> {
  return (await rows<RawCollection>(db, ALL)).map(fromRaw);
}

const DOCUMENT_TOTALS = `SELECT COUNT(*) AS documents, COALESCE(SUM(chunk_count), 0) AS chunks, COALESCE(SUM(size_bytes), 0) AS bytes
  FROM knowledge_documents WHERE collection_id = ?`;

/** One snapshot for both reads: the counts and the links describe the same moment. */
export async function collectionStats(db: Db, id: string): Promise<CollectionStats> {
  return readTransaction(db, async () => {
    const docs = (await row<{ documents: number; chunks: number; bytes: number }>(db, DOCUMENT_TOTALS, [id])) ?? { documents: 0, chunks: 0, bytes: 0 };
    const projects = await scalars<string>(db, 'SELECT project_id FROM knowledge_collection_projects WHERE collection_id = ? ORDER BY project_id', [id]);
    return { documentCount: docs.documents, chunkCount: docs.chunks, sizeBytes: docs.bytes, linkedProjects: projects };
  });
}

export async function touchCollection(db: Db, id: string, at: string): Promise<void> {
  await execute(db, 'UPDATE knowledge_collections SET updated_at = ? WHERE id = ?', [at, id]);
}

/** Deletes the collection; its documents, chunks, index entries and links go with it (cascade + triggers). */
export async function deleteCollection(db: Db, id: string): Promise<void> {
  await execute(db, 'DELETE FROM knowledge_collections WHERE id = ?', [id]);
  await noteIndexChanged(db);
}

const LINK = `INSERT INTO knowledge_collection_projects (collection_id, project_id, linked_by, linked_at)
  VALUES (@collectionId, @projectId, @linkedBy, @linkedAt) ON CONFLICT DO NOTHING`;

/** Returns false when the link already existed. */
export async function linkCollection(db: Db, link: { collectionId: string; projectId: string; linkedBy: string; linkedAt: string }): Promise<boolean> {
  return (await execute(db, LINK, link)) > 0;
}

/** Returns false when there was no such link. */
export async function unlinkCollection(db: Db, collectionId: string, projectId: string): Promise<boolean> {
  return (await execute(db, 'DELETE FROM knowledge_collection_projects WHERE collection_id = ? AND project_id = ?', [collectionId, projectId])) > 0;
}

const LINKED = perEngine(
  (d) => `SELECT c.* FROM knowledge_collections c
          JOIN knowledge_collection_projects l ON l.collection_id = c.id
          WHERE l.project_id = ? ORDER BY ${d.caseFolded('c.name')}`,
);

export async function linkedCollections(db: Db, projectId: string): Promise<CollectionRow[]> {
  return (await rows<RawCollection>(db, LINKED, [projectId])).map(fromRaw);
}

export interface RootRow {
  path: string;
  addedBy: string;
  addedAt: string;
}

export async function listRoots(db: Db): Promise<RootRow[]> {
  const raws = await rows<{ path: string; added_by: string; added_at: string }>(db, 'SELECT path, added_by, added_at FROM knowledge_roots ORDER BY path');
  return raws.map((raw) => ({ path: raw.path, addedBy: raw.added_by, addedAt: raw.added_at }));
}

/** Returns false when the folder was already allowed. */
export async function insertRoot(db: Db, root: RootRow): Promise<boolean> {
  return (await execute(db, 'INSERT INTO knowledge_roots (path, added_by, added_at) VALUES (@path, @addedBy, @addedAt) ON CONFLICT DO NOTHING', { ...root })) > 0;
}

export async function deleteRoot(db: Db, rootPath: string): Promise<boolean> {
  return (await execute(db, 'DELETE FROM knowledge_roots WHERE path = ?', [rootPath])) > 0;
}
