// Which knowledge-base documents a citation names: by document id, then DOI, PMID, arXiv id, URL,
// then title. One resolver for the citation check (knowledge/grounding.ts) and the exports, which
// fill a reference from the document it names (issue 15 item 5).
import type { Db } from '../store/database.js';
import { findDocumentById, findDocumentsByIdentifier, findDocumentsByTitle, type DocumentRow } from '../store/knowledgeDocuments.js';
import { wasRead } from '../store/knowledgeReads.js';
import { normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl } from './scholarlyIdentifiers.js';
import type { CitationRecord } from './types.js';

export type MatchedBy = 'document_id' | 'doi' | 'pmid' | 'arxiv_id' | 'url' | 'title';

export interface CitationFields {
  document_id?: string | undefined;
  doi?: string | undefined;
  pmid?: string | undefined;
  arxiv_id?: string | undefined;
  url?: string | undefined;
  title?: string | undefined;
}

/** Every document the citation's fields resolve to, strongest identifier first. */
export async function candidateDocuments(db: Db, citation: CitationFields): Promise<Array<{ document: DocumentRow; matchedBy: MatchedBy }>> {
  const found: Array<{ document: DocumentRow; matchedBy: MatchedBy }> = [];
  const add = (documents: readonly DocumentRow[], matchedBy: MatchedBy): void => {
    for (const document of documents) if (!found.some((item) => item.document.id === document.id)) found.push({ document, matchedBy });
  };
  const byId = citation.document_id === undefined ? undefined : await findDocumentById(db, citation.document_id.trim());
  if (byId !== undefined) add([byId], 'document_id');
  const lookups: Array<[MatchedBy, 'doi' | 'pmid' | 'arxiv_id' | 'url', string | undefined, (raw: string) => string | null]> = [
    ['doi', 'doi', citation.doi, normalizeDoi],
    ['pmid', 'pmid', citation.pmid, normalizePmid],
    ['arxiv_id', 'arxiv_id', citation.arxiv_id, normalizeArxivId],
    ['url', 'url', citation.url, normalizeUrl],
  ];
  for (const [matchedBy, field, raw, normalise] of lookups) {
    const value = raw === undefined ? null : normalise(raw);
    if (value !== null) add(await findDocumentsByIdentifier(db, field, value), matchedBy);
  }
  const title = citation.title?.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  if (title !== undefined && title.length >= 8) add(await findDocumentsByTitle(db, title), 'title');
  return found;
}

/** The document a citation names that this project read (and so may cite as verified), if any. */
export async function readDocumentCited(db: Db, projectId: string, citation: CitationFields): Promise<DocumentRow | undefined> {
  for (const match of await candidateDocuments(db, citation)) {
    if (await wasRead(db, projectId, match.document.id)) return match.document;
  }
  return undefined;
}

/**
 * A citation as an export shows it: when it names a document the project read, that document's
 * own metadata (authors, title, venue, year, identifiers) replaces what the model typed, and it is
 * verified; otherwise it stays as written and unverified, whatever was stored when it was made.
 */
export async function citationAsRead(db: Db, projectId: string, citation: CitationRecord): Promise<CitationRecord> {
  const document = await readDocumentCited(db, projectId, citation);
  if (document === undefined) return { ...citation, verified: false };
  return { ...withDocumentMetadata(citation, document), verified: true };
}

/**
 * The citation with the document's own metadata (authors, title, venue, year, identifiers) in
 * place of what the model typed: the exports and the app's hypothesis view show a paper alike.
 */
export function withDocumentMetadata(citation: CitationRecord, document: DocumentRow): CitationRecord {
  const year = document.year === null ? undefined : Number.parseInt(document.year, 10);
  const pick = <T>(fromDocument: T | null | undefined, typed: T | undefined): T | undefined => fromDocument ?? typed;
  const enriched: CitationRecord = {
    ...citation,
    title: document.title,
    authors: pick(document.authors, citation.authors),
    year: year !== undefined && Number.isInteger(year) && year >= 1600 && year <= 2100 ? year : citation.year,
    doi: pick(document.doi, citation.doi),
    pmid: pick(document.pmid, citation.pmid),
    arxiv_id: pick(document.arxivId, citation.arxiv_id),
    url: pick(document.url, citation.url),
    document_id: document.id,
  };
  const venue = document.venue ?? undefined;
  return venue === undefined ? enriched : { ...enriched, venue };
}
