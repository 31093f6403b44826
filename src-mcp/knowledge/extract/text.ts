// Plain text: paragraphs separated by blank lines. Plain text has no reliable headings, so every
// chunk's header path is empty and the document title carries the context.
import { createHash } from 'node:crypto';
import { identifiersInText } from '../../engine/scholarlyIdentifiers.js';
import { tidy, type Block, type ExtractedDocument } from './types.js';

// A short first line without a closing full stop reads as a title ("Notes on hepatic fibrosis").
const TITLE_LINE_MAX = 120;

export function extractText(text: string, options: { fallbackTitle: string; sizeBytes: number }): ExtractedDocument {
  const lines = tidy(text).split('\n');
  const firstLine = lines[0]?.trim() ?? '';
  const titled = firstLine !== '' && firstLine.length <= TITLE_LINE_MAX && !/[.:;,]$/.test(firstLine);
  // A title line is the title, not the first paragraph.
  const paragraphs = (titled ? lines.slice(1) : lines)
    .join('\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
  const title = titled ? firstLine : options.fallbackTitle;
  const blocks: Block[] = paragraphs.map((paragraph) => ({ kind: 'prose', text: paragraph }));
  return {
    key: null,
    title,
    blocks,
    identifiers: identifiersInText(paragraphs.join('\n')),
    authors: null,
    year: null,
    contentHash: createHash('sha256').update(text, 'utf8').digest('hex'),
    sizeBytes: options.sizeBytes,
  };
}
