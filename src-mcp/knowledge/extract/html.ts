// HTML pages (saved articles, exported notes): headings h1-h6 give the header path, <pre> is
// code, <table> is a table, everything else readable is prose. Navigation, scripts and forms are
// left out. Scholarly pages carry citation_* meta tags (Highwire), which give title and identifiers.
import { createHash } from 'node:crypto';
import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';
import { identifiersInText, mergeIdentifiers, normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl } from '../../engine/scholarlyIdentifiers.js';
import { promoteTitleHeading, tidy, type Block, type ExtractedDocument } from './types.js';

const SKIPPED = new Set(['nav', 'footer', 'script', 'style', 'noscript', 'template', 'svg', 'form', 'button', 'select', 'iframe', 'head']);
const HEADING = /^h([1-6])$/;
// Elements whose text is one paragraph; other elements are walked into.
const PARAGRAPHS = new Set(['p', 'blockquote', 'dd', 'dt', 'figcaption', 'caption', 'address', 'summary']);

export function extractHtml(html: string, options: { fallbackTitle: string; sizeBytes: number }): ExtractedDocument {
  // script/style/noscript contents are dropped by the parser; <pre> is parsed so its entities decode.
  const root = parse(html, { blockTextElements: { script: false, style: false, noscript: false } });
  const meta = (name: string): string | null => {
    const value = root.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
    return value === undefined || value === '' ? null : value;
  };
  const body = root.querySelector('body') ?? root;
  const blocks: Block[] = [];
  walk(body, blocks);
  const h1 = promoteTitleHeading(blocks);
  const title = meta('citation_title') ?? (tidy(root.querySelector('title')?.text ?? '') || null) ?? h1 ?? options.fallbackTitle;
  const authors = root
    .querySelectorAll('meta[name="citation_author"]')
    .map((element) => element.getAttribute('content')?.trim() ?? '')
    .filter((name) => name !== '');
  const doi = meta('citation_doi') ?? meta('dc.identifier');
  const pmid = meta('citation_pmid');
  const arxiv = meta('citation_arxiv_id');
  const canonical = root.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
  return {
    key: null,
    title: tidy(title).slice(0, 500),
    blocks,
    identifiers: mergeIdentifiers(
      {
        doi: doi === null ? null : normalizeDoi(doi),
        pmid: pmid === null ? null : normalizePmid(pmid),
        arxivId: arxiv === null ? null : normalizeArxivId(arxiv),
        url: canonical === null ? null : normalizeUrl(canonical),
      },
      identifiersInText(blocks.map((block) => block.text).join('\n')),
    ),
    authors: authors.length > 0 ? authors.join('; ') : null,
    year: meta('citation_publication_date')?.slice(0, 4) ?? meta('citation_date')?.slice(0, 4) ?? null,
    contentHash: createHash('sha256').update(html, 'utf8').digest('hex'),
    sizeBytes: options.sizeBytes,
  };
}

function walk(element: HTMLElement, blocks: Block[]): void {
  let loose = '';
  const flushLoose = (): void => {
    const text = tidy(loose);
    if (text !== '') blocks.push({ kind: 'prose', text });
    loose = '';
  };
  for (const child of element.childNodes) {
    if (child.nodeType === NodeType.TEXT_NODE) {
      loose += ` ${child.text}`;
      continue;
    }
    if (child.nodeType !== NodeType.ELEMENT_NODE) continue;
    const node = child as HTMLElement;
    const tag = node.tagName?.toLowerCase() ?? '';
    if (isInline(tag)) {
      loose += ` ${node.text}`;
      continue;
    }
    flushLoose();
    if (SKIPPED.has(tag) || node.getAttribute('hidden') !== undefined) continue;
    const heading = HEADING.exec(tag);
    if (heading !== null) blocks.push({ kind: 'heading', depth: Number(heading[1]), text: tidy(node.text) });
    else if (tag === 'pre') blocks.push({ kind: 'code_block', text: node.text.replace(/^\n+|\s+$/g, '') });
    else if (tag === 'table') blocks.push({ kind: 'table', text: tableText(node) });
    else if (tag === 'ul' || tag === 'ol') blocks.push({ kind: 'prose', text: listText(node) });
    else if (PARAGRAPHS.has(tag)) blocks.push({ kind: 'prose', text: tidy(node.text) });
    else walk(node, blocks);
  }
  flushLoose();
}

const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'code', 'data', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'br', 'wbr']);

function isInline(tag: string): boolean {
  return INLINE.has(tag);
}

function tableText(table: HTMLElement): string {
  return table
    .querySelectorAll('tr')
    .map((row) =>
      row.childNodes
        .filter((cell: Node): cell is HTMLElement => cell.nodeType === NodeType.ELEMENT_NODE && /^t[hd]$/i.test((cell as HTMLElement).tagName))
        .map((cell) => tidy(cell.text))
        .join(' | '),
    )
    .filter((line) => line.replace(/[|\s]/g, '') !== '')
    .join('\n');
}

function listText(list: HTMLElement): string {
  return list.childNodes
    .filter((item: Node): item is HTMLElement => item.nodeType === NodeType.ELEMENT_NODE && (item as HTMLElement).tagName === 'LI')
    .map((item) => `- ${tidy(item.text).replace(/\n+/g, ' ')}`)
    .join('\n');
}
