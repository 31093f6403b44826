// Cuts a document's blocks into chunks for the index. Chunks follow headings (each carries its
// `header_path`, e.g. "Methods > Cell culture"), keep their content type (prose, code_block,
// table), and hold about a paragraph or three: small enough that a search hit points at the
// passage that matters, large enough to carry its context.
import type { ChunkContentType, ChunkInput } from '../store/knowledgeDocuments.js';
import type { Block } from './extract/types.js';

export const CHUNK_TARGET_CHARS = 1000;
export const CHUNK_MAX_CHARS = 1800;
export const HEADER_SEPARATOR = ' > ';

export function chunkBlocks(blocks: readonly Block[]): ChunkInput[] {
  const chunks: ChunkInput[] = [];
  const headings: string[] = [];
  let prose: string[] = [];
  let proseLength = 0;

  const headerPath = (): string => headings.filter((heading) => heading !== '').join(HEADER_SEPARATOR);
  const emit = (contentType: ChunkContentType, content: string): void => {
    chunks.push({ seq: chunks.length, headerPath: headerPath(), contentType, content });
  };
  const flushProse = (): void => {
    if (prose.length > 0) emit('prose', prose.join('\n\n'));
    prose = [];
    proseLength = 0;
  };

  for (const block of blocks) {
    const text = block.text.trim();
    if (text === '') continue;
    if (block.kind === 'heading') {
      flushProse();
      // A heading closes every section at its depth or deeper.
      headings.length = Math.max(0, Math.min(headings.length, block.depth - 1));
      while (headings.length < block.depth - 1) headings.push('');
      headings.push(text.replace(/\s+/g, ' '));
      continue;
    }
    if (block.kind === 'prose') {
      for (const piece of splitText(text, /(?<=[.!?])\s+/)) {
        if (proseLength > 0 && proseLength + piece.length + 2 > CHUNK_TARGET_CHARS) flushProse();
        prose.push(piece);
        proseLength += piece.length + 2;
      }
      continue;
    }
    // Code and tables stand alone, so a result's content type says what it is.
    flushProse();
    for (const piece of splitText(text, /\n/)) emit(block.kind, piece);
  }
  flushProse();
  return chunks;
}

/**
 * Splits text longer than CHUNK_MAX_CHARS at `boundary` (sentences for prose, lines for code and
 * tables), falling back to spaces and finally to a hard cut for text without any.
 */
export function splitText(text: string, boundary: RegExp): string[] {
  if (text.length <= CHUNK_MAX_CHARS) return [text];
  const pieces: string[] = [];
  let current = '';
  const separator = boundary.source === '\\n' ? '\n' : ' ';
  for (const unit of text.split(boundary).flatMap((part) => hardSplit(part))) {
    if (current !== '' && current.length + unit.length + 1 > CHUNK_MAX_CHARS) {
      pieces.push(current);
      current = '';
    }
    current = current === '' ? unit : `${current}${separator}${unit}`;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

function hardSplit(unit: string): string[] {
  if (unit.length <= CHUNK_MAX_CHARS) return [unit];
  const parts: string[] = [];
  let rest = unit;
  while (rest.length > CHUNK_MAX_CHARS) {
    const space = rest.lastIndexOf(' ', CHUNK_MAX_CHARS);
    const cut = space > CHUNK_MAX_CHARS / 2 ? space : CHUNK_MAX_CHARS;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') parts.push(rest);
  return parts;
}
