// What every format extractor produces: a document's title, identifiers and its content as a
// sequence of blocks. Chunking (chunking.ts) turns blocks into indexed chunks.
import type { ChunkContentType } from '../../store/knowledgeDocuments.js';
import type { Identifiers } from '../../engine/scholarlyIdentifiers.js';

export type Block = { kind: 'heading'; depth: number; text: string } | { kind: ChunkContentType; text: string };

export interface ExtractedDocument {
  /** Tells documents of one file apart (a BibTeX entry's citation key); null for one-document files. */
  key: string | null;
  title: string;
  blocks: Block[];
  identifiers: Identifiers;
  authors: string | null;
  year: string | null;
  /** Journal, proceedings or publisher, where the format names one. */
  venue?: string | null;
  /** SHA-256 of what this document was extracted from: the whole file, or one BibTeX entry's text. */
  contentHash: string;
  sizeBytes: number;
}

/** A file that could be read but not understood, with a message the scientist can act on. */
export class ExtractionError extends Error {
  constructor(
    readonly code: 'unreadable' | 'no_text' | 'encrypted',
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/**
 * Collapses runs of spaces and tabs, trims each line, drops empty lines at either end, and
 * composes Unicode (NFC): "Müller" typed and "Müller" decoded from LaTeX must be one word.
 */
export function tidy(text: string): string {
  // Whole-string passes: splitting into lines cost 3x as much on large documents.
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** File name without folder and extension: the title of last resort. */
export function titleFromFileName(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).replace(/[_-]+/g, ' ').trim() || base;
}

/**
 * A document whose only H1 opens it is titled by that H1: the heading leaves the blocks (and is
 * returned), so header paths read "Methods > Cell culture" rather than repeating the title.
 */
export function promoteTitleHeading(blocks: Block[]): string | undefined {
  const first = blocks.findIndex((block) => block.kind === 'heading');
  const h1Count = blocks.filter((block) => block.kind === 'heading' && block.depth === 1).length;
  const heading = blocks[first];
  if (heading?.kind !== 'heading' || heading.depth !== 1 || h1Count !== 1) return undefined;
  blocks.splice(first, 1);
  return heading.text;
}
