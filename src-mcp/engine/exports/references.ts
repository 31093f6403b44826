// One bibliography per report: citations from hypotheses and reviews merged into unique references
// (same DOI, PMID, arXiv id, or title) with deterministic citation keys, shared by every format so a
// key in the Markdown report is the key in the .bib file.
import type { CitationRecord } from '../types.js';
import type { ResearchReport } from './report.js';
import { parseAuthors } from './authors.js';
import { normalizeArxivId, normalizeDoi, normalizePmid } from '../scholarlyIdentifiers.js';
import { compareCodeUnits } from '../../../src-shared/codeUnitOrder.js';

export interface Reference {
  key: string;
  title: string;
  authors?: string;
  year?: number;
  /** Journal, proceedings or publisher, from the document the knowledge base has. */
  venue?: string;
  doi?: string;
  pmid?: string;
  arxivId?: string;
  url?: string;
  documentIds: string[];
  /** True when any occurrence resolved to a document this run read. */
  verified: boolean;
  /** Hypothesis and review ids that cite it, in report order. */
  citedBy: string[];
}

export interface Bibliography {
  /** Sorted by key. */
  references: Reference[];
  /** The key of the reference a citation was merged into. */
  keyOf(citation: CitationRecord): string;
  /** The merged reference (canonical title, identifiers, verification) a citation belongs to. */
  referenceOf(citation: CitationRecord): Reference | undefined;
}

/** The program's one normaliser (engine/scholarlyIdentifiers.ts), with "absent" for "not an identifier". */
const doiOf = (raw: string | undefined): string | undefined => (raw === undefined ? undefined : (normalizeDoi(raw) ?? undefined));
const pmidOf = (raw: string | undefined): string | undefined => (raw === undefined ? undefined : (normalizePmid(raw) ?? undefined));
const arxivOf = (raw: string | undefined): string | undefined => (raw === undefined ? undefined : (normalizeArxivId(raw) ?? undefined));

/** ASCII skeleton for matching and keys; letters without an NFKD decomposition are mapped by hand. */
export function asciiFold(text: string): string {
  const special: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'Th', ı: 'i' };
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæÆøØœŒđĐłŁþÞı]/g, (char) => special[char] ?? char);
}

function normalizeTitle(title: string): string {
  return asciiFold(title).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const STOPWORDS = new Set(['a', 'an', 'the', 'on', 'of', 'in', 'for', 'to', 'and', 'or', 'with', 'by', 'from', 'at', 'is', 'are', 'do', 'does']);

/** firstauthorfamilyYEARfirstword, e.g. "muller2021mitochondrial"; "anon"/"nd"/"untitled" fill gaps. */
export function baseKey(citation: Pick<CitationRecord, 'authors' | 'year' | 'title'>): string {
  const family = parseAuthors(citation.authors).names[0]?.family ?? '';
  const author = asciiFold(family).toLowerCase().replace(/[^a-z0-9]/g, '') || 'anon';
  const word = normalizeTitle(citation.title).split(' ').find((w) => w.length > 0 && !STOPWORDS.has(w)) ?? 'untitled';
  return `${author}${citation.year ?? 'nd'}${word}`;
}

/** a, b, …, z, aa, ab, …: enough suffixes for any number of colliding keys. */
function suffix(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

interface Group {
  reference: Omit<Reference, 'key'>;
  doi?: string;
  pmid?: string;
  arxiv?: string;
  title: string;
}

function conflicts(group: Group, doi?: string, pmid?: string, arxiv?: string): boolean {
  return (doi !== undefined && group.doi !== undefined && doi !== group.doi) ||
    (pmid !== undefined && group.pmid !== undefined && pmid !== group.pmid) ||
    (arxiv !== undefined && group.arxiv !== undefined && arxiv !== group.arxiv);
}

/**
 * Occurrences are grouped in a canonical order (verified first, then the most complete record),
 * so the reference shown, and its key, do not depend on which hypothesis happened to cite it first.
 */
function canonicalOrder(a: CitationRecord, b: CitationRecord): number {
  const completeness = (c: CitationRecord) => [c.doi, c.pmid, c.arxiv_id, c.authors, c.year, c.url, c.document_id].filter((v) => v !== undefined).length;
  const text = (c: CitationRecord) => JSON.stringify([normalizeTitle(c.title), c.title, c.authors, c.year, c.doi, c.pmid, c.arxiv_id, c.url, c.document_id]);
  return Number(b.verified) - Number(a.verified) || completeness(b) - completeness(a) || compareCodeUnits(text(a), text(b));
}

export function bibliography(report: ResearchReport): Bibliography {
  const occurrences: Array<{ citation: CitationRecord; citedBy: string }> = [
    ...report.hypotheses.flatMap((h) => h.citations.map((citation) => ({ citation, citedBy: h.id }))),
    ...report.reviews.flatMap((r) => r.citations.map((citation) => ({ citation, citedBy: r.id }))),
  ];
  const groups: Group[] = [];
  const groupOf = new Map<CitationRecord, Group>();
  for (const citation of occurrences.map((o) => o.citation).sort(canonicalOrder)) {
    const doi = doiOf(citation.doi);
    const pmid = pmidOf(citation.pmid);
    const arxiv = arxivOf(citation.arxiv_id);
    // Titles of punctuation or non-Latin script fold to nothing: match those verbatim instead.
    const title = normalizeTitle(citation.title) || citation.title.trim();
    // Identifiers decide first; a shared title merges only when no identifier contradicts it.
    let group =
      groups.find((g) => (doi !== undefined && g.doi === doi) || (pmid !== undefined && g.pmid === pmid) || (arxiv !== undefined && g.arxiv === arxiv)) ??
      groups.find((g) => title.length > 0 && g.title === title && !conflicts(g, doi, pmid, arxiv));
    if (group === undefined) {
      group = { reference: { title: citation.title.trim(), documentIds: [], verified: false, citedBy: [] }, title };
      groups.push(group);
    }
    merge(group, citation, doi, pmid, arxiv);
    groupOf.set(citation, group);
  }
  for (const { citation, citedBy } of occurrences) {
    const cited = groupOf.get(citation)?.reference.citedBy;
    if (cited !== undefined && !cited.includes(citedBy)) cited.push(citedBy);
  }
  const keyed = assignKeys(groups);
  const referenceOf = (citation: CitationRecord): Reference | undefined => {
    const group = groupOf.get(citation);
    return group === undefined ? undefined : keyed.get(group);
  };
  return {
    references: [...keyed.values()].sort((a, b) => compareCodeUnits(a.key, b.key)),
    keyOf: (citation) => referenceOf(citation)?.key ?? baseKey(citation),
    referenceOf,
  };
}

function merge(group: Group, citation: CitationRecord, doi?: string, pmid?: string, arxiv?: string): void {
  const ref = group.reference;
  group.doi ??= doi;
  group.pmid ??= pmid;
  group.arxiv ??= arxiv;
  ref.authors ??= citation.authors?.trim() || undefined;
  ref.year ??= citation.year;
  ref.venue ??= citation.venue?.trim() || undefined;
  // Shown as written, less the prefix (a DOI's case, an arXiv version); merged by the normalised form.
  ref.doi ??= doi === undefined ? undefined : (citation.doi?.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '') ?? doi);
  ref.pmid ??= pmid;
  ref.arxivId ??= arxiv === undefined ? undefined : (citation.arxiv_id?.trim().replace(/^arxiv:\s*/i, '') ?? arxiv);
  ref.url ??= citation.url?.trim() || undefined;
  if (citation.document_id !== undefined && !ref.documentIds.includes(citation.document_id)) ref.documentIds.push(citation.document_id);
  ref.verified ||= citation.verified;
}

/** Keys depend on the references' content only (not report order): sort, then suffix collisions. */
function assignKeys(groups: Group[]): Map<Group, Reference> {
  const sortKey = (g: Group) => [baseKey(g.reference), g.title, g.doi ?? '', g.pmid ?? '', g.arxiv ?? ''].join('\u0000');
  const ordered = [...groups].sort((a, b) => compareCodeUnits(sortKey(a), sortKey(b)));
  const counts = new Map<string, number>();
  for (const g of ordered) counts.set(baseKey(g.reference), (counts.get(baseKey(g.reference)) ?? 0) + 1);
  const used = new Map<string, number>();
  const taken = new Set<string>();
  const out = new Map<Group, Reference>();
  for (const g of ordered) {
    const base = baseKey(g.reference);
    const index = used.get(base) ?? 0;
    used.set(base, index + 1);
    let key = (counts.get(base) ?? 0) > 1 ? `${base}${suffix(index)}` : base;
    // A suffixed key can equal another reference's base ("cell"+"a" vs "cella"): extend until unique.
    for (let extra = 0; taken.has(key); extra += 1) key = `${base}${suffix(index)}${suffix(extra)}`;
    taken.add(key);
    out.set(g, { key, ...g.reference });
  }
  return out;
}
