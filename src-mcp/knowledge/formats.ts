// Which files the knowledge base reads, by extension, and how big they may be.
import path from 'node:path';
import type { DocumentFormat } from '../store/knowledgeDocuments.js';

const BY_EXTENSION: Readonly<Record<string, DocumentFormat>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdown': 'markdown',
  '.txt': 'text',
  '.text': 'text',
  '.pdf': 'pdf',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.bib': 'bibtex',
};

export const SUPPORTED_EXTENSIONS = Object.keys(BY_EXTENSION);

/** PDFs of whole theses reach tens of MB; anything larger is almost never a single paper. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export function formatOf(filePath: string): DocumentFormat | undefined {
  return BY_EXTENSION[path.extname(filePath).toLowerCase()];
}

export function describeSupported(): string {
  return 'Markdown (.md), plain text (.txt), PDF with a text layer (.pdf), HTML (.html, .htm) and BibTeX (.bib)';
}
