// The hypotheses that cite a knowledge-base document (issue 18 item 1): a search result is a
// passage, not a hypothesis, so the app shows who cites its source and opens them in the panel.
// A hypothesis cites the document when one of its citations resolves to it by the same rules the
// citation check uses (engine/citationDocuments.ts), so the app and the exports agree.
import type { Db } from '../store/database.js';
import { hypothesesMentioning } from '../store/citingHypotheses.js';
import { findDocumentById, type DocumentRow } from '../store/knowledgeDocuments.js';
import { fromJson } from '../store/json.js';
import { candidateDocuments } from '../engine/citationDocuments.js';
import { digestOf } from '../engine/hypothesisDigest.js';
import type { CitationRecord } from '../engine/types.js';

/** Candidates read per document before confirming: far more than a source is ever cited by. */
const SCAN_LIMIT = 500;
/** Title matches are exact (case aside), so a prefix of the title finds every candidate. */
const TITLE_NEEDLE_CHARS = 40;

export interface CitingHypothesis {
  id: string;
  number: number;
  researchId: string;
  title: string;
  status: string;
}

export interface CitedBy {
  documentId: string;
  /** false: no such document (removed since the search). */
  found: boolean;
  hypotheses: CitingHypothesis[];
  /** How many cite it in all; `hypotheses` holds at most `limit`. */
  total: number;
}

function needlesOf(document: DocumentRow): string[] {
  const title = document.title.replace(/\s+/g, ' ').trim();
  return [document.id, document.doi, document.pmid, document.arxivId, document.url, title.length >= 8 ? title.slice(0, TITLE_NEEDLE_CHARS) : null].filter(
    (needle): needle is string => needle !== null && needle !== '',
  );
}

export async function hypothesesCiting(db: Db, documentId: string, limit: number): Promise<CitedBy> {
  const document = await findDocumentById(db, documentId);
  if (document === undefined) return { documentId, found: false, hypotheses: [], total: 0 };
  const citing: Awaited<ReturnType<typeof hypothesesMentioning>> = [];
  for (const candidate of await hypothesesMentioning(db, needlesOf(document), SCAN_LIMIT)) {
    if (await citesDocument(db, fromJson<CitationRecord[]>(candidate.citations, []), document.id)) citing.push(candidate);
  }
  return {
    documentId,
    found: true,
    total: citing.length,
    hypotheses: citing.slice(0, limit).map((h) => ({ id: h.id, number: h.seq, researchId: h.projectId, title: digestOf({ id: h.id, seq: h.seq, summary: h.summary, title: h.title }).title, status: h.status })),
  };
}

async function citesDocument(db: Db, citations: readonly CitationRecord[], documentId: string): Promise<boolean> {
  for (const citation of citations) {
    if ((await candidateDocuments(db, citation)).some((match) => match.document.id === documentId)) return true;
  }
  return false;
}
