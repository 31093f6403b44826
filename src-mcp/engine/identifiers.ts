// Scholarly identifiers, normalised once for the whole program: "https://doi.org/10.1038/X",
// "doi:10.1038/x" and "10.1038/x." are one DOI; "PMID: 00123" and a PubMed URL one PMID; arXiv ids
// lose their version. Knowledge ingestion, citation checks and every export use these functions.

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
