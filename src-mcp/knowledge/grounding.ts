// Grounding for the research engine: the passages generation and review should build on, and the
// check that a hypothesis's citation points at something the project actually read.
//
//   const snippets = groundingSnippets(db, { researchId, query: goal, limit: 8 });   // records the reads
//   const check = resolveCitation(db, { doi: '10.1038/…' }, { researchId });        // { verified, documentId, matchedBy }
//
// A citation is verified only when it resolves to a knowledge-base document that this project
// was shown (by groundingSnippets or a query_knowledge_base call with its research_id). Every view
// and export should mark the others "unverified": the model may have invented them.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import type { DocumentRow } from '../store/knowledgeDocuments.js';
import { candidateDocuments, type CitationFields, type MatchedBy } from '../engine/citationDocuments.js';
import { recordReads, wasRead } from '../store/knowledgeReads.js';
import { normalizeDoi, normalizeUrl, type Identifiers } from '../engine/scholarlyIdentifiers.js';
import { searchKnowledge, type SearchHit } from './search/search.js';

export interface GroundingSnippet {
  documentId: string;
  chunkId: number;
  collection: string;
  title: string;
  headerPath: string;
  content: string;
  relevanceScore: number;
  source: string;
  identifiers: Identifiers;
  authors: string | null;
  year: string | null;
  /** A reference line to show or to put in a prompt: "Smith, J. (2020). Title. doi:10.1038/x". */
  citation: string;
}

export interface GroundingRequest {
  researchId: string;
  query: string;
  limit: number;
  /** Text being worked on (a hypothesis, a review draft): favours passages on the same subject. */
  documentContext?: string | undefined;
  now?: () => Date;
}

/** The most relevant passages for a project (its linked collections, or all), recorded as read by it. */
export async function groundingSnippets(db: Db, request: GroundingRequest): Promise<GroundingSnippet[]> {
  const outcome = await searchKnowledge(db, {
    query: request.query,
    researchId: request.researchId,
    topK: request.limit,
    documentContext: request.documentContext,
  });
  await noteDocumentsRead(db, request.researchId, outcome.hits.map((hit) => hit.documentId), (request.now ?? (() => new Date()))());
  return outcome.hits.map(snippetOf);
}

/** Records that a project was shown these documents (so citations of them verify). */
export async function noteDocumentsRead(db: Db, researchId: string, documentIds: readonly string[], at: Date): Promise<void> {
  if (documentIds.length === 0) return;
  await writeTransaction(db, async () => await recordReads(db, researchId, documentIds, at.toISOString()));
}

function snippetOf(hit: SearchHit): GroundingSnippet {
  return {
    documentId: hit.documentId,
    chunkId: hit.chunkId,
    collection: hit.collection,
    title: hit.documentTitle,
    headerPath: hit.headerPath,
    content: hit.content,
    relevanceScore: hit.relevanceScore,
    source: hit.source,
    identifiers: hit.identifiers,
    authors: hit.authors,
    year: hit.year,
    citation: formatCitation({ title: hit.documentTitle, authors: hit.authors, year: hit.year, ...hit.identifiers }),
  };
}

export function formatCitation(document: Pick<DocumentRow, 'title' | 'authors' | 'year' | 'doi' | 'pmid' | 'arxivId' | 'url'>): string {
  const ids = [
    document.doi === null ? null : `doi:${document.doi}`,
    document.pmid === null ? null : `PMID:${document.pmid}`,
    document.arxivId === null ? null : `arXiv:${document.arxivId}`,
    document.doi === null && document.pmid === null && document.arxivId === null ? document.url : null,
  ].filter((part): part is string => part !== null);
  const head = [document.authors, document.year === null ? null : `(${document.year})`].filter(Boolean).join(' ');
  return [head === '' ? null : `${head}.`, `${document.title}.`, ids.join(' ')].filter((part) => part !== null && part !== '').join(' ');
}

/** What a hypothesis cites: any of these; a bare string is parsed (doc id, DOI, arXiv, PMID, URL, else a title). */
export type CitationInput = string | CitationFields;
export type { MatchedBy };


export interface CitationResolution {
  verified: boolean;
  /** The knowledge-base document it resolves to (a read one when there is a choice). */
  documentId?: string;
  matchedBy?: MatchedBy;
  /** Why not verified. */
  reason?: 'not_in_knowledge_base' | 'not_read_by_project';
}

/**
 * With `researchId`, verified means: resolves to a document that project read. Without it, only
 * that the document is in the knowledge base (use that for views that have no project).
 */
export async function resolveCitation(db: Db, citation: CitationInput, options: { researchId?: string | undefined } = {}): Promise<CitationResolution> {
  const matches = await candidateDocuments(db, typeof citation === 'string' ? parseCitation(citation) : citation);
  if (matches.length === 0) return { verified: false, reason: 'not_in_knowledge_base' };
  const { researchId } = options;
  if (researchId === undefined) {
    const first = matches[0] as { document: DocumentRow; matchedBy: MatchedBy };
    return { verified: true, documentId: first.document.id, matchedBy: first.matchedBy };
  }
  let read: (typeof matches)[number] | undefined;
  for (const match of matches) {
    if (await wasRead(db, researchId, match.document.id)) {
      read = match;
      break;
    }
  }
  if (read !== undefined) return { verified: true, documentId: read.document.id, matchedBy: read.matchedBy };
  const first = matches[0] as { document: DocumentRow; matchedBy: MatchedBy };
  return { verified: false, documentId: first.document.id, matchedBy: first.matchedBy, reason: 'not_read_by_project' };
}

function parseCitation(text: string): CitationFields {
  const trimmed = text.trim();
  if (/^doc_[0-9a-f]+$/.test(trimmed)) return { document_id: trimmed };
  const doi = normalizeDoi(trimmed);
  if (doi !== null) return { doi };
  if (/arxiv/i.test(trimmed) || /^\d{4}\.\d{4,5}(v\d+)?$/.test(trimmed)) return { arxiv_id: trimmed };
  if (/pmid|pubmed/i.test(trimmed)) return { pmid: trimmed };
  if (normalizeUrl(trimmed) !== null) return { url: trimmed };
  return { title: trimmed };
}
