// PDF text layer → blocks. A PDF has no structure, only positioned text, so structure is inferred
// from layout: lines come from items sharing a baseline, paragraphs break at larger vertical gaps,
// and lines set noticeably larger than the body text are headings (their size rank is the depth).
import { createHash } from 'node:crypto';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { identifiersInText } from '../../engine/scholarlyIdentifiers.js';
import { loadPdfJs } from './pdfjs.js';
import { ExtractionError, tidy, type Block, type ExtractedDocument } from './types.js';

const MAX_PAGES = 2000;
const HEADING_SIZE_RATIO = 1.15;
const HEADING_MAX_CHARS = 150;
const PARAGRAPH_GAP_RATIO = 1.6;

interface Line {
  text: string;
  size: number;
  y: number;
  page: number;
}

export async function extractPdf(bytes: Uint8Array, options: { fallbackTitle: string; sizeBytes: number }): Promise<ExtractedDocument> {
  const pdfjs = await loadPdfJs();
  let document;
  try {
    document = await pdfjs.getDocument({
      // A copy: pdf.js may take ownership of the buffer it is given.
      data: new Uint8Array(bytes),
      verbosity: pdfjs.VerbosityLevel.ERRORS,
      // No isEvalSupported: pdf.js 5.7 removed its last eval (the PostScript compiler) and the option with it.
      disableFontFace: true,
      useSystemFonts: false,
    }).promise;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'PasswordException') {
      throw new ExtractionError('encrypted', 'is password-protected; save an unprotected copy and ingest that.');
    }
    throw new ExtractionError('unreadable', `is not a readable PDF (${(error as Error).message}).`);
  }
  try {
    const lines: Line[] = [];
    const pages = Math.min(document.numPages, MAX_PAGES);
    for (let number = 1; number <= pages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      lines.push(...pageLines(content.items.filter((item): item is TextItem => 'str' in item), number));
      page.cleanup();
    }
    if (lines.every((line) => line.text.trim() === '')) {
      throw new ExtractionError('no_text', 'has no text layer (it is probably a scan). Run OCR on it first (e.g. ocrmypdf) and ingest the result.');
    }
    const info = (await document.getMetadata().catch(() => ({ info: {} }))).info as { Title?: unknown; Author?: unknown };
    const blocks = layoutBlocks(lines);
    const title = pickTitle(info.Title, lines, blocks) ?? options.fallbackTitle;
    return {
      key: null,
      title,
      blocks,
      identifiers: identifiersInText(lines.map((line) => line.text).join('\n')),
      authors: typeof info.Author === 'string' && info.Author.trim() !== '' ? info.Author.trim() : null,
      year: null,
      contentHash: createHash('sha256').update(bytes).digest('hex'),
      sizeBytes: options.sizeBytes,
    };
  } finally {
    // pdf.js 6 tears a document down through the task that loaded it (PDFDocumentProxy.destroy is gone).
    await document.loadingTask.destroy();
  }
}

function pageLines(items: readonly TextItem[], page: number): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const size = Math.hypot(Number(item.transform[2]), Number(item.transform[3])) || item.height || 0;
    const y = Number(item.transform[5]);
    if (current !== null && Math.abs(y - current.y) > Math.max(current.size, size) * 0.5) {
      lines.push(current);
      current = null;
    }
    if (current === null) current = { text: '', size, y, page };
    current.text += item.str;
    if (item.str.trim() !== '') current.size = Math.max(current.size, size);
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current !== null) lines.push(current);
  return lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() })).filter((line) => line.text !== '');
}

/** The size most of the characters are set in. */
function bodySize(lines: readonly Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + line.text.length);
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

function layoutBlocks(lines: readonly Line[]): Block[] {
  const body = bodySize(lines);
  const isHeading = (line: Line): boolean =>
    body > 0 && line.size >= body * HEADING_SIZE_RATIO && line.text.length <= HEADING_MAX_CHARS && /\p{L}/u.test(line.text);
  // Bigger type is a higher level: the largest heading size is depth 1, the next depth 2, …
  const headingSizes = [...new Set(lines.filter(isHeading).map((line) => Math.round(line.size * 2) / 2))].sort((a, b) => b - a);
  const blocks: Block[] = [];
  let paragraph = '';
  let previous: Line | null = null;
  const flush = (): void => {
    const text = tidy(paragraph);
    if (text !== '') blocks.push({ kind: 'prose', text });
    paragraph = '';
  };
  for (const line of lines) {
    if (isHeading(line)) {
      flush();
      const depth = Math.min(3, headingSizes.indexOf(Math.round(line.size * 2) / 2) + 1);
      const last = blocks[blocks.length - 1];
      // A heading wrapped over two lines arrives as two heading lines of one size: join them.
      if (last?.kind === 'heading' && last.depth === depth && previous !== null && isHeading(previous) && previous.page === line.page) {
        last.text = `${last.text} ${line.text}`;
      } else {
        blocks.push({ kind: 'heading', depth, text: line.text });
      }
      previous = line;
      continue;
    }
    const gap = previous === null || previous.page !== line.page ? Infinity : Math.abs(previous.y - line.y);
    if (previous !== null && (previous.page !== line.page || gap > line.size * PARAGRAPH_GAP_RATIO || isHeading(previous))) {
      // A new page continues the paragraph only when the last line ran on (no closing punctuation).
      if (!(previous.page !== line.page && !/[.!?:]$/.test(paragraph.trim()))) flush();
    }
    paragraph = joinLine(paragraph, line.text);
    previous = line;
  }
  flush();
  return blocks;
}

/** Rejoins words hyphenated across a line break ("fibro-" + "genic" → "fibrogenic"). */
function joinLine(paragraph: string, line: string): string {
  if (paragraph === '') return line;
  if (/\p{L}-$/u.test(paragraph) && /^\p{Ll}/u.test(line)) return `${paragraph.slice(0, -1)}${line}`;
  return `${paragraph} ${line}`;
}

/** Document info Title when it is meaningful, else the largest line on page 1 (then dropped from the blocks). */
function pickTitle(infoTitle: unknown, lines: readonly Line[], blocks: Block[]): string | null {
  if (typeof infoTitle === 'string' && infoTitle.trim() !== '' && !/^(untitled|microsoft word - )/i.test(infoTitle.trim())) {
    return infoTitle.trim().slice(0, 500);
  }
  const firstPage = lines.filter((line) => line.page === 1);
  const largest = firstPage.reduce<Line | null>((best, line) => (best === null || line.size > best.size ? line : best), null);
  if (largest === null || largest.size <= bodySize(lines) * HEADING_SIZE_RATIO) return null;
  const index = blocks.findIndex((block) => block.kind === 'heading' && block.text.startsWith(largest.text));
  const heading = blocks[index];
  if (heading === undefined) return largest.text;
  blocks.splice(index, 1);
  return heading.text;
}
