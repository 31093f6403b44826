// Named statements for which knowledge-base documents a research project's runs have read.
import type { Db } from './database.js';
import { execute, row, rows } from './sql.js';

const RECORD_READ = `INSERT INTO project_document_reads (project_id, document_id, first_read_at, last_read_at, read_count)
  SELECT CAST(@project AS TEXT), CAST(@document AS TEXT), CAST(@at AS TEXT), CAST(@at AS TEXT), 1
  WHERE EXISTS (SELECT 1 FROM knowledge_documents WHERE id = @document) AND EXISTS (SELECT 1 FROM projects WHERE id = @project)
  ON CONFLICT (project_id, document_id) DO UPDATE SET last_read_at = excluded.last_read_at, read_count = project_document_reads.read_count + 1`;

/**
 * Records (or counts again) that the project read these documents. Must run in a write transaction.
 * A document (or project) that another process deleted since the search is skipped, not an error:
 * the search answer stays a consistent snapshot, and a deleted document cannot be cited anyway.
 */
export async function recordReads(db: Db, projectId: string, documentIds: readonly string[], at: string): Promise<void> {
  for (const document of new Set(documentIds)) await execute(db, RECORD_READ, { project: projectId, document, at });
}

export async function wasRead(db: Db, projectId: string, documentId: string): Promise<boolean> {
  return (await row(db, 'SELECT 1 FROM project_document_reads WHERE project_id = ? AND document_id = ?', [projectId, documentId])) !== undefined;
}

export interface ReadRow {
  documentId: string;
  firstReadAt: string;
  lastReadAt: string;
  readCount: number;
}

const READS = `SELECT document_id AS documentId, first_read_at AS firstReadAt, last_read_at AS lastReadAt, read_count AS readCount
  FROM project_document_reads WHERE project_id = ? ORDER BY first_read_at, document_id`;

export async function readsOfProject(db: Db, projectId: string): Promise<ReadRow[]> {
  return rows<ReadRow>(db, READS, [projectId]);
}
