// One knowledge-base document as the app's details show it (issue 33 item 9): what the paper is
// (its metadata, as the exports cite it), its first passages, and every hypothesis citing it (by the
// same rules as the citation check, knowledge/citingHypotheses.ts), so none is left unreachable.
import type { Db } from '../store/database.js';
import { findCollectionById } from '../store/knowledgeCollections.js';
import { documentPassages, findDocumentById, type DocumentRow, type PassageRow } from '../store/knowledgeDocuments.js';
import { notFound } from '../engine/errors.js';
import { hypothesesCiting, type CitedBy } from './citingHypotheses.js';

export interface DocumentDetail {
  document: DocumentRow;
  collectionName: string;
  passages: PassageRow[];
  citedBy: CitedBy;
}

export async function documentDetail(db: Db, documentId: string, limits: { passages: number; hypotheses: number }): Promise<DocumentDetail> {
  const document = await findDocumentById(db, documentId);
  if (document === undefined) throw notFound('Document', documentId, 'It may have been removed with its collection or its file; search the knowledge base again.');
  return {
    document,
    collectionName: (await findCollectionById(db, document.collectionId))?.name ?? document.collectionId,
    passages: await documentPassages(db, documentId, limits.passages),
    citedBy: await hypothesesCiting(db, documentId, limits.hypotheses),
  };
}
