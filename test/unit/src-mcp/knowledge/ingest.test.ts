// Ingestion on real SQLite with the production migrations: every format of the fixture corpus,
// header paths and content types, idempotent re-ingest, updates, slices with a cursor, limits.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCollection, collectionInfo } from '../../../../src-mcp/knowledge/collections.js';
import { ingestDocuments } from '../../../../src-mcp/knowledge/ingest.js';
import { eventsAfter } from '../../../../src-mcp/store/events.js';
import { fixture, NO_HOOKS, writeCorpus, type Fixture } from './helpers.js';
import { row, rows, scalar } from '../../../../src-mcp/store/sql.js';
import { expectIndexInStep, indexedMatches } from './helpers.js';

async function chunksOf(f: Fixture, titleLike: string): Promise<Array<{ header_path: string; content_type: string; content: string; title: string }>> {
  return (await rows(f.db, 'SELECT header_path, content_type, content, title FROM knowledge_chunks WHERE lower(title) LIKE lower(?) ORDER BY seq', [`%${titleLike}%`])) as Array<{ header_path: string; content_type: string; content: string; title: string }>;
}

async function ingestCorpus(f: Fixture) {
  writeCorpus(f.library);
  await createCollection(f.db, f.actor, { name: 'Fibrosis' });
  return await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Fibrosis', recursive: true }, NO_HOOKS);
}

describe('ingesting a folder of every format', () => {
  it('reads Markdown, HTML, text, BibTeX and PDF, skips other files, and reports the unreadable one', async () => {
    const f = await fixture();
    const report = await ingestCorpus(f);
    expect(report).toMatchObject({ status: 'complete', filesTotal: 6, filesDone: 6, added: 5, updated: 0, unchanged: 0, failed: 1, unsupported: 1 });
    // The .bib holds two entries: two documents from one file.
    expect(report.documentsWritten).toBe(6);
    expect(report.problems).toEqual([
      expect.objectContaining({ path: path.join(f.library, 'broken.txt'), code: 'unreadable', message: expect.stringMatching(/binary/) }),
    ]);
    const info = await collectionInfo(f.db, 'fibrosis', { limit: 50 });
    expect(info.documents.map((d) => [d.title, d.format])).toEqual([
      ['Hepatic stellate cells in liver fibrosis', 'markdown'],
      ['Lab notes on senescence', 'text'],
      ['Liver organoid culture protocol', 'html'],
      ['Mechanisms of Hepatic Fibrogenesis', 'bibtex'],
      ['Organoid Models of NASH', 'bibtex'],
      ['Senolytic therapy for liver fibrosis', 'pdf'],
    ]);
    expect(info.stats.documentCount).toBe(6);
  });

  it('follows Markdown headings into header paths and keeps code and tables apart', async () => {
    const f = await fixture();
    await ingestCorpus(f);
    const chunks = await chunksOf(f, 'Hepatic stellate');
    expect(chunks.map((c) => [c.header_path, c.content_type])).toEqual([
      ['', 'prose'],
      ['Mechanisms > TGF-beta signalling', 'prose'],
      ['Mechanisms > Inflammation', 'prose'],
      ['Methods > Cell culture', 'prose'],
      ['Methods > Cell culture', 'code_block'],
      ['Methods > Cell culture', 'table'],
    ]);
    expect(chunks[4]?.content).toContain('def activation_index(alpha_sma, collagen):');
    expect(chunks[5]?.content).toBe('Marker | Quiescent | Activated\nalpha-SMA | low | high\nDesmin | high | high');
    const document = (await row(f.db, "SELECT doi, authors, year FROM knowledge_documents WHERE format = 'markdown'"));
    expect(document).toEqual({ doi: '10.1000/hsc.2021.042', authors: 'A. Rivera; B. Chen', year: '2021' });
  });

  it('reads HTML structure and metadata without navigation, scripts or styles', async () => {
    const f = await fixture();
    await ingestCorpus(f);
    const chunks = await chunksOf(f, 'organoid culture');
    expect(chunks.map((c) => [c.header_path, c.content_type])).toEqual([
      ['', 'prose'],
      ['Passaging', 'prose'],
      ['Passaging', 'code_block'],
      ['Passaging', 'table'],
    ]);
    expect(chunks[0]?.content).toBe('Organoids are embedded in basement membrane extract & fed every two days.');
    expect(chunks[2]?.content).toBe('centrifuge 200 g, 5 min, 4 °C');
    const text = chunks.map((c) => c.content).join(' ');
    expect(text).not.toMatch(/tracking|font-family|Home \| Protocols|Copyright/);
    expect(await row(f.db, "SELECT pmid, authors FROM knowledge_documents WHERE format = 'html'")).toEqual({ pmid: '31234567', authors: 'Okafor, N.' });
  });

  it('makes each BibTeX entry a reference with its identifiers and abstract', async () => {
    const f = await fixture();
    await ingestCorpus(f);
    const bibtex = (await rows(f.db, "SELECT source, title, authors, year, doi, pmid, arxiv_id FROM knowledge_documents WHERE format = 'bibtex' ORDER BY title")) as Array<Record<string, string | null>>;
    expect(bibtex).toEqual([
      {
        source: `${path.join(f.library, 'references.bib')}#friedman2008`,
        title: 'Mechanisms of Hepatic Fibrogenesis',
        authors: 'Friedman, S. L.',
        year: '2008',
        doi: '10.1053/j.gastro.2008.03.003',
        pmid: '18471545',
        arxiv_id: null,
      },
      {
        source: `${path.join(f.library, 'references.bib')}#smith2023organoids`,
        title: 'Organoid Models of NASH',
        authors: 'Smith, J.; Müller, K.',
        year: '2023',
        doi: null,
        pmid: null,
        arxiv_id: '2301.01234',
      },
    ]);
    expect((await chunksOf(f, 'Fibrogenesis'))[0]?.content).toMatch(/^Friedman, S\. L\. \(2008\) Mechanisms of Hepatic Fibrogenesis\. Gastroenterology\.\n\nHepatic fibrosis is/);
  });

  it('reads the PDF text layer: title, headings by font size, rejoined hyphenation, DOI', async () => {
    const f = await fixture();
    await ingestCorpus(f);
    const chunks = await chunksOf(f, 'Senolytic');
    expect(chunks.map((c) => c.header_path)).toEqual(['', 'Introduction', 'Results']);
    expect(chunks[1]?.content).toContain('mouse models of fibrogenesis after carbon tetrachloride injury.');
    expect(chunks[2]?.content).toBe('Quercetin combined with dasatinib lowered hydroxyproline by half.');
    expect(await scalar(f.db, "SELECT doi FROM knowledge_documents WHERE format = 'pdf'")).toBe('10.5555/senolytic.2024.7');
  });
});

describe('re-ingesting', () => {
  it('is idempotent: unchanged files are skipped by hash and nothing is rewritten', async () => {
    const f = await fixture();
    await ingestCorpus(f);
    const before = (await rows(f.db, 'SELECT id, document_id, content FROM knowledge_chunks ORDER BY id'));
    const eventsBefore = (await eventsAfter(f.db, 0, 1000)).length;
    const again = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Fibrosis', recursive: true }, NO_HOOKS);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 5, failed: 1, documentsWritten: 0, chunksWritten: 0 });
    expect(await rows(f.db, 'SELECT id, document_id, content FROM knowledge_chunks ORDER BY id')).toEqual(before);
    expect(await eventsAfter(f.db, 0, 1000)).toHaveLength(eventsBefore);
  });

  it('replaces a changed file under the same document id and drops BibTeX entries that were removed', async () => {
    const f = await fixture();
    await ingestCorpus(f);
    const markdown = path.join(f.library, 'stellate-cells.md');
    const id = (await scalar(f.db, 'SELECT id FROM knowledge_documents WHERE source = ?', [markdown]));
    fs.writeFileSync(markdown, '# Stellate cells revisited\n\n## Results\n\nYAP signalling sustains activation.\n');
    const bib = path.join(f.library, 'references.bib');
    fs.writeFileSync(bib, fs.readFileSync(bib, 'utf8').split('@misc')[0] as string);

    const report = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Fibrosis', recursive: true }, NO_HOOKS);
    expect(report).toMatchObject({ added: 0, updated: 2, unchanged: 3 });
    expect(await row(f.db, 'SELECT id, title FROM knowledge_documents WHERE source = ?', [markdown])).toEqual({ id, title: 'Stellate cells revisited' });
    expect((await chunksOf(f, 'revisited')).map((c) => [c.header_path, c.content])).toEqual([['Results', 'YAP signalling sustains activation.']]);
    expect(await scalar(f.db, "SELECT COUNT(*) FROM knowledge_documents WHERE format = 'bibtex'")).toBe(1);
    // The index follows: the old text is gone from it.
    expect(await indexedMatches(f.db, 'pronase')).toBe(0);
    await expectIndexInStep(f.db);
  });

  it('only looks into subfolders when recursive is set', async () => {
    const f = await fixture();
    writeCorpus(f.library);
    await createCollection(f.db, f.actor, { name: 'Flat' });
    const report = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Flat', recursive: false }, NO_HOOKS);
    expect(report.filesTotal).toBe(5);
    expect(await scalar(f.db, "SELECT COUNT(*) FROM knowledge_documents WHERE format = 'html'")).toBe(0);
  });
});

describe('long ingests', () => {
  it('stops when the time budget is spent and continues from the cursor, reporting progress', async () => {
    const f = await fixture();
    for (let i = 0; i < 12; i += 1) fs.writeFileSync(path.join(f.library, `note-${String(i).padStart(2, '0')}.md`), `# Note ${i}\n\nFinding number ${i}.\n`);
    await createCollection(f.db, f.actor, { name: 'Notes' });
    const progress: Array<[number, number]> = [];
    const hooks = { clientRoots: [], timeBudgetMs: 0, onProgress: (done: number, total: number) => progress.push([done, total]) };

    const first = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Notes', recursive: false }, hooks);
    // A zero budget still makes progress: one file per slice.
    expect(first).toMatchObject({ status: 'partial', filesDone: 1, filesTotal: 12, added: 1 });
    expect(first.nextCursor).not.toBeNull();
    let cursor = first.nextCursor;
    let slices = 1;
    while (cursor !== null) {
      const next = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Notes', recursive: false, cursor }, hooks);
      cursor = next.nextCursor;
      slices += 1;
    }
    expect(slices).toBe(12);
    expect(await scalar(f.db, 'SELECT COUNT(*) FROM knowledge_documents')).toBe(12);
    expect(progress.map(([done]) => done)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(progress.every(([, total]) => total === 12)).toBe(true);
  });

  it('refuses a cursor from another ingest', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Notes' });
    const foreign = Buffer.from('/somewhere/else.md', 'utf8').toString('base64url');
    await expect(ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Notes', recursive: false, cursor: foreign }, NO_HOOKS)).rejects.toThrow(
      /cursor belongs to a different ingest/,
    );
  });
});

describe('limits and clear errors', () => {
  it('names the problem when a single file cannot be used', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Single' });
    const pdf = path.join(f.library, 'scan.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4 this is not really a pdf');
    await expect(ingestDocuments(f.db, f.actor, { path: pdf, collection: 'Single', recursive: false }, NO_HOOKS)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/scan\.pdf is not a readable PDF/),
    });
    const image = path.join(f.library, 'figure.png');
    fs.writeFileSync(image, 'png');
    await expect(ingestDocuments(f.db, f.actor, { path: image, collection: 'Single', recursive: false }, NO_HOOKS)).rejects.toThrow(
      /not a supported document\. Supported: Markdown/,
    );
  });

  it('skips files over the size limit with the reason', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Big' });
    const big = path.join(f.library, 'huge.txt');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 51 * 1024 * 1024);
    const report = await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Big', recursive: false }, NO_HOOKS);
    expect(report.problems).toEqual([expect.objectContaining({ code: 'too_large', message: expect.stringMatching(/51\.0 MB; files up to 50 MB/) })]);
  });

  it('asks for an existing collection', async () => {
    const f = await fixture();
    await expect(ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Nope', recursive: false }, NO_HOOKS)).rejects.toMatchObject({
      code: 'resource_not_found',
      message: expect.stringMatching(/manage_collections/),
    });
  });
});
