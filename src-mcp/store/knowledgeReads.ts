// Named statements for which knowledge-base documents a research project's runs have read.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

/**
 * Records (or counts again) that the project read these documents. Must run in a write transaction.
 * A document (or project) that another process deleted since the search is skipped, not an error:
 * the search answer stays a consistent snapshot, and a deleted document cannot be cited anyway.
 */
export function recordReads(db: Db, projectId: string, documentIds: readonly string[], at: string): Promise<void> {
  return onConnection(db, () => {
    const upsert = cached(
      db,
      `INSERT INTO project_document_reads (project_id, document_id, first_read_at, last_read_at, read_count)
       SELECT @project, @document, @at, @at, 1
       WHERE EXISTS (SELECT 1 FROM knowledge_documents WHERE id = @document) AND EXISTS (SELECT 1 FROM projects WHERE id = @project)
       ON CONFLICT (project_id, document_id) DO UPDATE SET last_read_at = excluded.last_read_at, read_count = read_count + 1`,
    );
    for (const document of new Set(documentIds)) upsert.run({ project: projectId, document, at });
  }, 'writes');
}

export function wasRead(db: Db, projectId: string, documentId: string): Promise<boolean> {
  return onConnection(db, () => {
    return (
      cached(db, 'SELECT 1 FROM project_document_reads WHERE project_id = ? AND document_id = ?').get(projectId, documentId) !==
      undefined
    );
  });
}

export interface ReadRow {
  documentId: string;
  firstReadAt: string;
  lastReadAt: string;
  readCount: number;
}

export function readsOfProject(db: Db, projectId: string): Promise<ReadRow[]> {
  return onConnection(db, () => {
    return (
      sqlite(db)
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
  });
}
