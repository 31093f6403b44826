// Named statements for which knowledge-base documents a research project's runs have read.
import type { Db } from './database.js';

/** Records (or counts again) that the project read these documents. Must run in a write transaction. */
export function recordReads(db: Db, projectId: string, documentIds: readonly string[], at: string): void {
  const upsert = db.prepare(
    `INSERT INTO project_document_reads (project_id, document_id, first_read_at, last_read_at, read_count)
     VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (project_id, document_id) DO UPDATE SET last_read_at = excluded.last_read_at, read_count = read_count + 1`,
  );
  for (const documentId of new Set(documentIds)) upsert.run(projectId, documentId, at, at);
}

export function wasRead(db: Db, projectId: string, documentId: string): boolean {
  return (
    db.prepare('SELECT 1 FROM project_document_reads WHERE project_id = ? AND document_id = ?').get(projectId, documentId) !==
    undefined
  );
}

export interface ReadRow {
  documentId: string;
  firstReadAt: string;
  lastReadAt: string;
  readCount: number;
}

export function readsOfProject(db: Db, projectId: string): ReadRow[] {
  return (
    db
      .prepare(
        `SELECT document_id, first_read_at, last_read_at, read_count FROM project_document_reads
         WHERE project_id = ? ORDER BY first_read_at, document_id`,
      )
      .all(projectId) as Array<{ document_id: string; first_read_at: string; last_read_at: string; read_count: number }>
  ).map((raw) => ({
    documentId: raw.document_id,
    firstReadAt: raw.first_read_at,
    lastReadAt: raw.last_read_at,
    readCount: raw.read_count,
  }));
}
