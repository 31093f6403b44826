// How knowledge facts read in the GUI.
import type { KnowledgeDocument } from '../../../src-main/host/contract';

export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** DOI, PMID or arXiv id when the source has one, else its URL; empty when none. */
export function identifierLabel(ids: KnowledgeDocument['identifiers']): string {
  if (ids.doi) return `doi:${ids.doi}`;
  if (ids.pmid) return `PMID:${ids.pmid}`;
  if (ids.arxiv_id) return `arXiv:${ids.arxiv_id}`;
  return ids.url ?? '';
}

/** The last part of a path (a file's or folder's own name), for compact lists. */
export function baseName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  return trimmed.split(/[\\/]/).pop() ?? trimmed;
}

/**
 * A paper as the exports cite it (engine/exports/markdown.ts referenceLine): "Authors (Year). Title.
 * Venue." — the parts the knowledge base knows, the rest left out.
 */
export function paperLine(paper: { title: string; authors: string | null; year: number | string | null; venue: string | null }): string {
  const authors = paper.authors?.trim() ? `${paper.authors.trim()} ` : '';
  const year = paper.year !== null && String(paper.year).trim() !== '' ? `(${String(paper.year).trim()}). ` : '';
  const title = paper.title.trim().replace(/\.$/, '');
  const venue = paper.venue?.trim() ? ` ${paper.venue.trim().replace(/\.$/, '')}.` : '';
  return `${authors}${year}${title}.${venue}`;
}
