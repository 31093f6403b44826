// Scholarly identifiers (DOI, PMID, arXiv id) and URLs: recognised in sources and document text,
// normalised so that "https://doi.org/10.1038/X", "doi:10.1038/x" and "10.1038/x." are one DOI.
// Citations resolve by these normalised forms (grounding.ts); the normalisers themselves live in
// engine/identifiers.ts, so that exports (engine) and the knowledge base agree by construction.

import { ARXIV_ID, ARXIV_LABELLED, ARXIV_URL, DOI, normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl, PMID_LABELLED, PUBMED_URL, trimTrailing } from '../engine/identifiers.js';

// One normaliser for the whole program: knowledge ingestion, citation checks and exports.
export { normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl };

export interface Identifiers {
  doi: string | null;
  pmid: string | null;
  arxivId: string | null;
  url: string | null;
}

export const NO_IDENTIFIERS: Identifiers = { doi: null, pmid: null, arxivId: null, url: null };


/** What a source string (a URL or identifier an assistant gave) tells us. */
export function identifiersFromSource(source: string): Identifiers {
  const url = normalizeUrl(source);
  return {
    doi: normalizeDoi(source),
    pmid: PUBMED_URL.test(source) || PMID_LABELLED.test(source) ? normalizePmid(source) : null,
    arxivId: ARXIV_URL.test(source) || ARXIV_LABELLED.test(source) || ARXIV_ID.test(source.trim()) ? normalizeArxivId(source) : null,
    url,
  };
}

const SCAN_CHARS = 6000;

/**
 * Identifiers printed near the start of a document (a paper's first page carries its DOI). Only
 * labelled PMIDs and arXiv ids count: a bare number in the text is not evidence of anything.
 */
export function identifiersInText(text: string): Identifiers {
  const head = text.slice(0, SCAN_CHARS);
  const doi = DOI.exec(head);
  const pmid = PMID_LABELLED.exec(head);
  const arxiv = ARXIV_LABELLED.exec(head) ?? ARXIV_URL.exec(head);
  return {
    doi: doi?.[1] === undefined ? null : trimTrailing(doi[1]).toLowerCase(),
    pmid: pmid?.[1] === undefined ? null : String(Number(pmid[1])),
    arxivId: arxiv?.[1] === undefined ? null : arxiv[1].toLowerCase(),
    url: null,
  };
}

/** Field by field, the first non-null value wins. */
export function mergeIdentifiers(...sets: Identifiers[]): Identifiers {
  const pick = (field: keyof Identifiers): string | null => sets.find((set) => set[field] !== null)?.[field] ?? null;
  return { doi: pick('doi'), pmid: pick('pmid'), arxivId: pick('arxivId'), url: pick('url') };
}
