// Which knowledge-base documents a citation names: by document id, then DOI, PMID, arXiv id, URL,
// then title. One resolver for the citation check (knowledge/grounding.ts) and the exports, which
// fill a reference from the document it names (issue 15 item 5).
import type { Db } from '../store/database.js';
import { findDocumentById, findDocumentsByIdentifier, findDocumentsByTitle, type DocumentRow } from '../store/knowledgeDocuments.js';
import { normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl } from './identifiers.js';

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
export function candidateDocuments(db: Db, citation: CitationFields): Array<{ document: DocumentRow; matchedBy: MatchedBy }> {
  const found: Array<{ document: DocumentRow; matchedBy: MatchedBy }> = [];
  const add = (documents: readonly DocumentRow[], matchedBy: MatchedBy): void => {
    for (const document of documents) if (!found.some((item) => item.document.id === document.id)) found.push({ document, matchedBy });
  };
  const byId = citation.document_id === undefined ? undefined : findDocumentById(db, citation.document_id.trim());
  if (byId !== undefined) add([byId], 'document_id');
  const lookups: Array<[MatchedBy, 'doi' | 'pmid' | 'arxiv_id' | 'url', string | undefined, (raw: string) => string | null]> = [
    ['doi', 'doi', citation.doi, normalizeDoi],
    ['pmid', 'pmid', citation.pmid, normalizePmid],
    ['arxiv_id', 'arxiv_id', citation.arxiv_id, normalizeArxivId],
    ['url', 'url', citation.url, normalizeUrl],
  ];
  for (const [matchedBy, field, raw, normalise] of lookups) {
    const value = raw === undefined ? null : normalise(raw);
    if (value !== null) add(findDocumentsByIdentifier(db, field, value), matchedBy);
  }
  const title = citation.title?.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  if (title !== undefined && title.length >= 8) add(findDocumentsByTitle(db, title), 'title');
  return found;
}
