// Scholarly identifiers (DOI, PMID, arXiv id) and URLs, recognised and normalised once for the whole
// program: "https://doi.org/10.1038/X", "doi:10.1038/x" and "10.1038/x." are one DOI; "PMID: 00123"
// and a PubMed URL one PMID; arXiv ids lose their version. Knowledge ingestion, citation checks
// (knowledge/grounding.ts) and every export use these functions, so they agree by construction.

export const DOI = /\b(10\.\d{4,9}\/[^\s"'<>{}]+)/i;
export const PMID_LABELLED = /\bPMID:?\s*(\d{1,9})\b/i;
export const PUBMED_URL = /pubmed\.ncbi\.nlm\.nih\.gov\/(\d{1,9})/i;
// New-style (2007+) ids like 2001.01234v2, and old-style ids like hep-th/9901001.
export const ARXIV_ID = /^(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?$/i;
export const ARXIV_LABELLED = /\barXiv:\s*(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?/i;
export const ARXIV_URL = /arxiv\.org\/(?:abs|pdf)\/(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?/i;

/** Trailing punctuation belongs to the sentence around an identifier, not to it. */
export function trimTrailing(value: string): string {
  return value.replace(/[.,;:)\]]+$/, '');
}

export function normalizeDoi(raw: string): string | null {
  const match = DOI.exec(raw.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, ''));
  return match?.[1] === undefined ? null : trimTrailing(match[1]).toLowerCase();
}

export function normalizePmid(raw: string): string | null {
  const text = raw.trim();
  if (/^\d{1,9}$/.test(text)) return String(Number(text));
  const match = PUBMED_URL.exec(text) ?? PMID_LABELLED.exec(text);
  return match?.[1] === undefined ? null : String(Number(match[1]));
}

/** Versions are dropped: a citation of 2001.01234 and one of 2001.01234v3 name the same paper. */
export function normalizeArxivId(raw: string): string | null {
  const text = raw.trim().replace(/^arxiv:\s*/i, '');
  const match = ARXIV_ID.exec(text) ?? ARXIV_URL.exec(text) ?? ARXIV_LABELLED.exec(raw);
  return match?.[1] === undefined ? null : match[1].toLowerCase();
}

/** Scheme and host lowercased, fragment and trailing slash dropped; null when not an http(s) URL. */
export function normalizeUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  const text = url.toString();
  return text.endsWith('/') && url.search === '' ? text.slice(0, -1) : text;
}

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
