// Which files the knowledge base reads, by extension, and how big they may be. The formats and
// their extensions are src-shared's list (DOCUMENT_FORMAT_FILES); this module only looks them up.
import path from 'node:path';
import { DOCUMENT_FORMATS, DOCUMENT_FORMAT_FILES, type DocumentFormat } from '../../src-shared/schemas/knowledge.js';

const BY_EXTENSION: ReadonlyMap<string, DocumentFormat> = new Map(
  DOCUMENT_FORMATS.flatMap((format) => DOCUMENT_FORMAT_FILES[format].extensions.map((extension) => [extension, format] as const)),
);

/** PDFs of whole theses reach tens of MB; anything larger is almost never a single paper. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export function formatOf(filePath: string): DocumentFormat | undefined {
  return BY_EXTENSION.get(path.extname(filePath).toLowerCase());
}

/** "Markdown (.md, .markdown, .mdown), … and BibTeX (.bib)": for tool descriptions and refusals. */
export function describeSupported(): string {
  const named = DOCUMENT_FORMATS.map((format) => `${DOCUMENT_FORMAT_FILES[format].name} (${DOCUMENT_FORMAT_FILES[format].extensions.join(', ')})`);
  return `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}
