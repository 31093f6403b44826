// The grounding API the research engine uses: snippets for a project (recorded as read), and
// citation checks that verify only what the project was actually shown.
import { beforeEach, describe, expect, it } from 'vitest';
import { createCollection } from '../../../../src-mcp/knowledge/collections.js';
import { formatCitation, groundingSnippets, noteDocumentsRead, resolveCitation } from '../../../../src-mcp/knowledge/grounding.js';
import { ingestDocuments } from '../../../../src-mcp/knowledge/ingest.js';
import { readsOfProject } from '../../../../src-mcp/store/knowledgeReads.js';
import { fixture, NO_HOOKS, project, writeCorpus, type Fixture } from './helpers.js';
import { execute, scalar } from '../../../../src-mcp/store/sql.js';

let f: Fixture;
let researchId: string;
const idOf = async (title: string): Promise<string> => (await scalar(f.db, 'SELECT id FROM knowledge_documents WHERE title = ?', [title])) as string;

beforeEach(async () => {
  f = await fixture();
  writeCorpus(f.library);
  await createCollection(f.db, f.actor, { name: 'Fibrosis' });
  await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Fibrosis', recursive: true }, NO_HOOKS);
  researchId = await project(f.db, f.actor);
});

describe('groundingSnippets', () => {
  it('returns the best passages with citable identifiers and records them as read by the project', async () => {
    const snippets = await groundingSnippets(f.db, { researchId, query: 'hepatic stellate cells collagen fibrogenesis', limit: 3 });
    expect(snippets).toHaveLength(3);
    const friedman = snippets.find((snippet) => snippet.title === 'Mechanisms of Hepatic Fibrogenesis');
    expect(friedman).toMatchObject({
      identifiers: { doi: '10.1053/j.gastro.2008.03.003', pmid: '18471545', arxivId: null },
      citation: 'Friedman, S. L. (2008). Mechanisms of Hepatic Fibrogenesis. doi:10.1053/j.gastro.2008.03.003 PMID:18471545',
    });
    expect((await readsOfProject(f.db, researchId)).map((read) => read.documentId).sort()).toEqual([...new Set(snippets.map((s) => s.documentId))].sort());
    await groundingSnippets(f.db, { researchId, query: 'hepatic stellate cells collagen fibrogenesis', limit: 3 });
    expect((await readsOfProject(f.db, researchId)).every((read) => read.readCount === 2)).toBe(true);
  });

  it('skips documents another process deleted between the search and recording the reads', async () => {
    // Seen in the fuzz test: a second server deleted a collection while a search was answering,
    // and recording the reads failed on the foreign key (an internal error for the assistant).
    const friedman = await idOf('Mechanisms of Hepatic Fibrogenesis');
    const organoids = await idOf('Organoid Models of NASH');
    (await execute(f.db, 'DELETE FROM knowledge_documents WHERE id = ?', [organoids]));
    await noteDocumentsRead(f.db, researchId, [friedman, organoids], new Date());
    expect((await readsOfProject(f.db, researchId)).map((read) => read.documentId)).toEqual([friedman]);
    (await execute(f.db, 'DELETE FROM projects WHERE id = ?', [researchId]));
    await noteDocumentsRead(f.db, researchId, [friedman], new Date());
  });
});

describe('resolveCitation', () => {
  it('verifies a citation of a document the project read, by any identifier form', async () => {
    const friedman = await idOf('Mechanisms of Hepatic Fibrogenesis');
    await noteDocumentsRead(f.db, researchId, [friedman], new Date());
    for (const citation of [
      { doi: 'https://doi.org/10.1053/J.GASTRO.2008.03.003' },
      'doi:10.1053/j.gastro.2008.03.003.',
      { pmid: 'PMID: 18471545' },
      'https://pubmed.ncbi.nlm.nih.gov/18471545/',
      { title: 'mechanisms of hepatic fibrogenesis.' },
      friedman,
    ]) {
      expect(await resolveCitation(f.db, citation, { researchId }), JSON.stringify(citation)).toMatchObject({ verified: true, documentId: friedman });
    }
    expect(await resolveCitation(f.db, { doi: '10.1053/j.gastro.2008.03.003' }, { researchId })).toEqual({ verified: true, documentId: friedman, matchedBy: 'doi' });
  });

  it('marks a real knowledge-base document the project never read as unverified', async () => {
    const organoids = await idOf('Organoid Models of NASH');
    expect(await resolveCitation(f.db, 'arXiv:2301.01234v2', { researchId })).toEqual({
      verified: false,
      documentId: organoids,
      matchedBy: 'arxiv_id',
      reason: 'not_read_by_project',
    });
    // Another project's reading does not count for this one.
    await noteDocumentsRead(f.db, await project(f.db, f.actor, 'A different research goal on kidneys'), [organoids], new Date());
    expect((await resolveCitation(f.db, '2301.01234', { researchId })).verified).toBe(false);
    await noteDocumentsRead(f.db, researchId, [organoids], new Date());
    expect(await resolveCitation(f.db, '2301.01234', { researchId })).toMatchObject({ verified: true, matchedBy: 'arxiv_id' });
  });

  it('marks an invented citation unverified, and without a project checks existence only', async () => {
    expect(await resolveCitation(f.db, { doi: '10.9999/made.up' }, { researchId })).toEqual({ verified: false, reason: 'not_in_knowledge_base' });
    expect(await resolveCitation(f.db, 'A Paper That Nobody Wrote', { researchId })).toEqual({ verified: false, reason: 'not_in_knowledge_base' });
    expect(await resolveCitation(f.db, { pmid: '18471545' })).toMatchObject({ verified: true, matchedBy: 'pmid' });
  });

  it('formats a citation from whatever identifiers exist', () => {
    expect(formatCitation({ title: 'T', authors: null, year: null, doi: null, pmid: null, arxivId: null, url: 'https://x.org/a' })).toBe('T. https://x.org/a');
    expect(formatCitation({ title: 'T', authors: 'A, B.', year: '2020', doi: null, pmid: null, arxivId: '2001.00001', url: 'u' })).toBe('A, B. (2020). T. arXiv:2001.00001');
  });
});
