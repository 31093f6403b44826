// Markdown (and content assistants add, which is usually Markdown): marked's lexer gives the
// structure — headings, paragraphs, lists, fenced code and GFM tables — without rendering HTML.
// YAML front matter supplies the title and identifiers when present.
import { createHash } from 'node:crypto';
import { Lexer, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import { identifiersInText, mergeIdentifiers, normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl, type Identifiers } from '../../engine/scholarlyIdentifiers.js';
import { promoteTitleHeading, tidy, type Block, type ExtractedDocument } from './types.js';

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export interface MarkdownOptions {
  /** Used when the text names no title (no front matter title, no heading). */
  fallbackTitle: string;
  sizeBytes: number;
}

export function extractMarkdown(text: string, options: MarkdownOptions): ExtractedDocument {
  const { body, meta } = splitFrontMatter(text);
  const blocks = markdownBlocks(body);
  const titleHeading = promoteTitleHeading(blocks);
  const title = stringField(meta, 'title') ?? titleHeading ?? firstHeading(blocks) ?? options.fallbackTitle;
  const proseText = blocks.map((block) => block.text).join('\n');
  return {
    key: null,
    title: tidy(title).slice(0, 500),
    blocks,
    identifiers: mergeIdentifiers(frontMatterIdentifiers(meta), identifiersInText(proseText)),
    authors: authorsField(meta),
    year: stringField(meta, 'year') ?? stringField(meta, 'date')?.slice(0, 4) ?? null,
    contentHash: createHash('sha256').update(text, 'utf8').digest('hex'),
    sizeBytes: options.sizeBytes,
  };
}

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const token of new Lexer({ gfm: true }).lex(markdown)) blocks.push(...blockOf(token));
  return blocks;
}

function blockOf(token: Token): Block[] {
  switch (token.type) {
    case 'heading':
      return [{ kind: 'heading', depth: (token as Tokens.Heading).depth, text: inlineText((token as Tokens.Heading).tokens) }];
    case 'code':
      return [{ kind: 'code_block', text: (token as Tokens.Code).text }];
    case 'table': {
      const table = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[]): string => cells.map((cell) => inlineText(cell.tokens).trim()).join(' | ');
      return [{ kind: 'table', text: [row(table.header), ...table.rows.map(row)].join('\n') }];
    }
    case 'space':
    case 'hr':
    case 'def':
      return [];
    default: {
      const text = tidy(flatText(token));
      return text === '' ? [] : [{ kind: 'prose', text }];
    }
  }
}

/** Paragraphs, lists, quotes and HTML blocks as plain text (Markdown syntax removed). */
function flatText(token: Token): string {
  switch (token.type) {
    case 'paragraph':
    case 'text': {
      const children = (token as Tokens.Generic).tokens;
      return children === undefined ? decodeEntities(String((token as Tokens.Generic).text ?? token.raw)) : inlineText(children);
    }
    case 'list':
      return (token as Tokens.List).items.map((item) => `- ${(item.tokens ?? []).map(flatText).join('\n').trim()}`).join('\n');
    case 'blockquote':
      return (token as Tokens.Blockquote).tokens.map(flatText).join('\n\n');
    case 'code':
      return (token as Tokens.Code).text;
    case 'html':
      return stripTags(token.raw);
    default: {
      const children = (token as Tokens.Generic).tokens;
      return children === undefined ? '' : children.map(flatText).join('\n');
    }
  }
}

function inlineText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'text':
          return token.tokens === undefined ? decodeEntities(String(token.text)) : inlineText(token.tokens);
        case 'escape':
        case 'codespan':
          return decodeEntities(String(token.text));
        case 'br':
          return '\n';
        case 'image':
          return String(token.text);
        case 'html':
          return stripTags(token.raw);
        case 'checkbox':
          return '';
        default: {
          const children = (token as Tokens.Generic).tokens;
          return children === undefined ? token.raw : inlineText(children);
        }
      }
    })
    .join('');
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' '));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function firstHeading(blocks: readonly Block[]): string | undefined {
  return blocks.find((block) => block.kind === 'heading')?.text;
}

function splitFrontMatter(text: string): { body: string; meta: Record<string, unknown> } {
  const match = FRONT_MATTER.exec(text);
  if (match === null) return { body: text, meta: {} };
  try {
    const parsed: unknown = parseYaml(match[1] ?? '');
    const meta = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    return { body: text.slice(match[0].length), meta };
  } catch {
    // Not YAML after all (e.g. a document that opens with a horizontal rule): keep it as text.
    return { body: text, meta: {} };
  }
}

function stringField(meta: Record<string, unknown>, key: string): string | undefined {
  const value = meta[key];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return undefined;
}

function authorsField(meta: Record<string, unknown>): string | null {
  const value = meta.authors ?? meta.author;
  if (Array.isArray(value)) return value.map(String).join('; ') || null;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function frontMatterIdentifiers(meta: Record<string, unknown>): Identifiers {
  const field = (key: string): string | null => stringField(meta, key) ?? null;
  const doi = field('doi');
  const pmid = field('pmid');
  const arxiv = field('arxiv') ?? field('arxiv_id');
  const url = field('url') ?? field('source');
  return {
    doi: doi === null ? null : normalizeDoi(doi),
    pmid: pmid === null ? null : normalizePmid(pmid),
    arxivId: arxiv === null ? null : normalizeArxivId(arxiv),
    url: url === null ? null : normalizeUrl(url),
  };
}
