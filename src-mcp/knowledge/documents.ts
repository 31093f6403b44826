// Storing extracted documents idempotently: the same content (by hash) is left alone, changed
// content replaces the document's chunks under the same document id (so citations stay valid).
import type { Db } from '../store/database.js';
import {
  deleteDocument,
  documentsWithSourcePrefix,
  findDocumentBySource,
  saveDocument,
  type DocumentFormat,
  type DocumentOrigin,
  type DocumentRow,
} from '../store/knowledgeDocuments.js';
import { chunkBlocks } from './chunking.js';
import type { Actor } from './events.js';
import type { ExtractedDocument } from './extract/types.js';
import { newId } from '../engine/recordIds.js';

export type StoreOutcome = 'added' | 'updated' | 'unchanged';

export interface Placement {
  collectionId: string;
  source: string;
  origin: DocumentOrigin;
  format: DocumentFormat;
}

export interface Stored {
  outcome: StoreOutcome;
  document: DocumentRow;
  chunksWritten: number;
}

/** True when the stored document at this source already has this content hash. */
export async function isUnchanged(db: Db, collectionId: string, source: string, contentHash: string): Promise<boolean> {
  return (await findDocumentBySource(db, collectionId, source))?.contentHash === contentHash;
}

/** Saves one document. Must run inside a write transaction (the caller groups related writes). */
export async function storeDocument(db: Db, actor: Actor, place: Placement, extracted: ExtractedDocument): Promise<Stored> {
  const existing = await findDocumentBySource(db, place.collectionId, place.source);
  if (existing !== undefined && existing.contentHash === extracted.contentHash) {
    return { outcome: 'unchanged', document: existing, chunksWritten: 0 };
  }
  const chunks = chunkBlocks(extracted.blocks);
  const at = actor.now().toISOString();
  const document: DocumentRow = {
    id: existing?.id ?? newId('doc'),
    collectionId: place.collectionId,
    source: place.source,
    origin: place.origin,
    format: place.format,
    title: extracted.title,
    contentHash: extracted.contentHash,
    sizeBytes: extracted.sizeBytes,
    doi: extracted.identifiers.doi,
    pmid: extracted.identifiers.pmid,
    arxivId: extracted.identifiers.arxivId,
    url: extracted.identifiers.url,
    authors: extracted.authors,
    year: extracted.year,
    venue: extracted.venue ?? null,
    chunkCount: chunks.length,
    addedBy: existing?.addedBy ?? actor.clientId,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  await saveDocument(db, document, chunks);
  return { outcome: existing === undefined ? 'added' : 'updated', document, chunksWritten: chunks.length };
}

/**
 * Saves the entries of one multi-document file (a .bib) under `<path>#<key>`, and removes entries
 * that are no longer in it. The file counts as unchanged only when no entry changed or went away.
 * Must run inside a write transaction.
 */
export async function storeFileEntries(
  db: Db,
  actor: Actor,
  place: Omit<Placement, 'source'> & { filePath: string },
  entries: readonly ExtractedDocument[],
): Promise<{ outcome: StoreOutcome; documentsWritten: number; chunksWritten: number }> {
  const prefix = `${place.filePath}#`;
  const before = await documentsWithSourcePrefix(db, place.collectionId, prefix);
  const keep = new Set<string>();
  let documentsWritten = 0;
  let chunksWritten = 0;
  // A key used twice in one file: the later entry wins, as in BibTeX itself.
  for (const entry of new Map(entries.map((item) => [item.key ?? item.title, item])).values()) {
    const source = `${prefix}${entry.key ?? entry.title}`;
    keep.add(source);
    const stored = await storeDocument(db, actor, { ...place, source }, entry);
    if (stored.outcome !== 'unchanged') documentsWritten += 1;
    chunksWritten += stored.chunksWritten;
  }
  const removed = before.filter((document) => !keep.has(document.source));
  for (const document of removed) await deleteDocument(db, document.id);
  const outcome: StoreOutcome = before.length === 0 ? 'added' : documentsWritten === 0 && removed.length === 0 ? 'unchanged' : 'updated';
  return { outcome, documentsWritten, chunksWritten };
}
