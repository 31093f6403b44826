// BibTeX (.bib): every entry is a reference document of its own, keyed by its citation key. Its
// text is the formatted reference plus the abstract, so a search for a topic finds the paper and
// a citation of it resolves by DOI, PMID or arXiv id. Parsing uses @retorquere/bibtex-parser (the
// parser behind Better BibTeX for Zotero), which also turns LaTeX accents and commands into Unicode.
import { createHash } from 'node:crypto';
import { parse, type Creator, type Entry } from '@retorquere/bibtex-parser';
import { mergeIdentifiers, normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl, type Identifiers } from '../../engine/scholarlyIdentifiers.js';
import { ExtractionError, tidy, type ExtractedDocument } from './types.js';

export interface BibtexResult {
  documents: ExtractedDocument[];
  /** Entries the parser could not read, as "line N: problem" messages. */
  problems: string[];
}

export function extractBibtex(text: string): BibtexResult {
  let library;
  try {
    // english: false keeps titles exactly as written (no sentence-casing heuristics).
    library = parse(text, { english: false, unsupported: 'ignore' });
  } catch (error) {
    throw new ExtractionError('unreadable', `is not valid BibTeX (${(error as Error).message}).`);
  }
  const problems = library.errors.map((error) => error.error);
  const documents = library.entries.filter((entry) => entry.key !== '' && Object.keys(entry.fields).length > 0).map(entryDocument);
  if (documents.length === 0) {
    throw new ExtractionError(
      problems.length > 0 ? 'unreadable' : 'no_text',
      problems.length > 0 ? `has no readable BibTeX entries (${problems.slice(0, 3).join('; ')}).` : 'has no BibTeX entries.',
    );
  }
  return { documents, problems };
}

function entryDocument(entry: Entry): ExtractedDocument {
  const field = (name: string): string | null => {
    const value = (entry.fields as Record<string, unknown>)[name];
    if (typeof value === 'string') return plain(value) || null;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return plain(value.join('; ')) || null;
    return null;
  };
  const authors = creators(entry.fields.author ?? entry.fields.editor);
  const title = field('title') ?? entry.key;
  const year = field('year') ?? field('date')?.slice(0, 4) ?? null;
  const venue = field('journal') ?? field('journaltitle') ?? field('booktitle') ?? field('publisher');
  const reference = [authors, year === null ? null : `(${year})`, `${title}.`, venue === null ? null : `${venue}.`]
    .filter((part): part is string => part !== null && part !== '')
    .join(' ');
  const abstract = field('abstract');
  const keywords = field('keywords');
  const blocks = [reference, abstract, keywords === null ? null : `Keywords: ${keywords}`]
    .filter((text): text is string => text !== null)
    .map((text) => ({ kind: 'prose' as const, text }));
  return {
    key: entry.key,
    title,
    blocks,
    identifiers: entryIdentifiers(field),
    authors,
    year,
    venue,
    // The entry's own source text: editing one entry re-indexes that entry only.
    contentHash: createHash('sha256').update(entry.input, 'utf8').digest('hex'),
    sizeBytes: Buffer.byteLength(entry.input, 'utf8'),
  };
}

function entryIdentifiers(field: (name: string) => string | null): Identifiers {
  const doi = field('doi');
  const pmid = field('pmid');
  const eprint = field('eprint');
  const archive = (field('archiveprefix') ?? field('eprinttype') ?? '').toLowerCase();
  const url = field('url');
  return mergeIdentifiers({
    doi: doi === null ? null : normalizeDoi(doi),
    pmid: pmid === null ? null : normalizePmid(pmid),
    arxivId: eprint !== null && archive === 'arxiv' ? normalizeArxivId(eprint) : url === null ? null : normalizeArxivId(url),
    url: url === null ? null : normalizeUrl(url),
  });
}

/** "Smith, J.; Doe, J." from the parser's structured names. */
function creators(list: Creator[] | undefined): string | null {
  if (list === undefined || list.length === 0) return null;
  return list
    .map((creator) => {
      if (creator.name !== undefined) return creator.name;
      const initials = (creator.firstName ?? '')
        .split(/[\s-]+/)
        .filter((part) => part !== '')
        .map((part) => `${part[0]}.`)
        .join(' ');
      const last = [creator.prefix, creator.lastName].filter(Boolean).join(' ');
      return initials === '' ? last : `${last}, ${initials}`;
    })
    .join('; ')
    .normalize('NFC');
}

/** The parser marks up <i>, <b>, <sc>… for rich text; the index wants plain text. */
function plain(value: string): string {
  return tidy(value.replace(/<[^>]+>/g, ''));
}
