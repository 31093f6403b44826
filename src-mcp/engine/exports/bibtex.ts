// BibTeX export: one @article per unique reference, keys shared with the Markdown report.
// Values are always brace-delimited; text fields escape TeX specials, verbatim fields (doi, url,
// eprint) percent-encode the few characters that would unbalance braces. Non-ASCII stays UTF-8,
// which biber and bibtex8/bibtexu read, and which reference managers import unchanged.
import type { ResearchReport } from './report.js';
import { bibliography, type Reference } from './references.js';
import { parseAuthors } from './authors.js';

export const UNVERIFIED_NOTE = 'Unverified: not found in the knowledge base read by this run';

const TEXT_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '&': '\\&',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** Control characters would end a line or confuse a parser inside a field; they carry no meaning here. */
function withoutControls(text: string): string {
  return Array.from(text, (char) => (isControl(char) ? ' ' : char)).join('');
}

/** Escapes a free-text value; control characters and newlines become spaces (a field is one line). */
export function escapeBibtexText(text: string): string {
  return withoutControls(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\{}%&$#_~^]/g, (char) => TEXT_ESCAPES[char] ?? char);
}

/**
 * Verbatim fields are read literally but must keep braces balanced and carry no TeX backslash;
 * "$" is encoded too because some readers still treat it as a math delimiter there.
 */
export function escapeBibtexVerbatim(text: string): string {
  const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  return Array.from(text.trim(), (char) => (isControl(char) || char === ' ' || '{}\\$'.includes(char) ? percent(char) : char)).join('');
}

/**
 * Titles keep their casing: styles lower-case titles, which would break gene names, acronyms and
 * proper nouns ("mTOR", "BRCA1", "Alzheimer"), so every word with a capital (except an ordinary
 * capitalised first word) is brace-protected.
 */
export function bibtexTitle(title: string): string {
  const words = withoutControls(title).split(/\s+/).filter((word) => word.length > 0);
  return words
    .map((word, index) => {
      const escaped = escapeBibtexText(word);
      const protect = index === 0 ? /\p{Lu}/u.test(word.slice(1)) : /\p{Lu}/u.test(word);
      return protect ? `{${escaped}}` : escaped;
    })
    .join(' ');
}

export function bibtexAuthors(authors: string | undefined): string | undefined {
  const { names, etAl } = parseAuthors(authors);
  if (names.length === 0) return undefined;
  const list = names.map((name) => escapeBibtexText(name.bibtex)).filter((name) => name.length > 0);
  if (list.length === 0) return undefined;
  return [...list, ...(etAl ? ['others'] : [])].join(' and ');
}

export function bibtexEntry(reference: Reference): string {
  const fields: Array<[string, string]> = [];
  const title = bibtexTitle(reference.title);
  if (title.length > 0) fields.push(['title', title]);
  const author = bibtexAuthors(reference.authors);
  if (author !== undefined) fields.push(['author', author]);
  if (reference.venue !== undefined) fields.push(['journal', escapeBibtexText(reference.venue)]);
  if (reference.year !== undefined) fields.push(['year', String(reference.year)]);
  if (reference.doi !== undefined) fields.push(['doi', escapeBibtexVerbatim(reference.doi)]);
  if (reference.arxivId !== undefined) {
    fields.push(['eprint', escapeBibtexVerbatim(reference.arxivId)], ['archivePrefix', 'arXiv']);
  } else if (reference.pmid !== undefined) {
    // biblatex links `eprinttype = pubmed`; classic styles ignore it, so the note repeats the PMID.
    fields.push(['eprint', escapeBibtexVerbatim(reference.pmid)], ['eprinttype', 'pubmed']);
  }
  if (reference.url !== undefined) fields.push(['url', escapeBibtexVerbatim(reference.url)]);
  const notes: string[] = [];
  if (reference.pmid !== undefined) notes.push(`PMID: ${escapeBibtexText(reference.pmid)}`);
  if (!reference.verified) notes.push(UNVERIFIED_NOTE);
  if (notes.length > 0) fields.push(['note', notes.join('. ')]);
  const width = Math.max(...fields.map(([name]) => name.length), 0);
  const body = fields.map(([name, value]) => `  ${name.padEnd(width)} = {${value}}`).join(',\n');
  return `@article{${reference.key},\n${body}\n}`;
}

export function exportBibtex(report: ResearchReport): string {
  const { references } = bibliography(report);
  const header = [
    `% Co-Scientist bibliography for project ${report.project.id}, generated ${report.generatedAt}.`,
    '% Entries noted "Unverified" were cited by a model but not found in the knowledge base this run read: check them.',
  ]
    // Outside entries BibTeX ignores text, except that "@" would open a new entry.
    .map((line) => line.replace(/[\r\n]+/g, ' ').replace(/@/g, '(at)'))
    .join('\n');
  return [header, ...references.map(bibtexEntry)].join('\n\n') + '\n';
}
