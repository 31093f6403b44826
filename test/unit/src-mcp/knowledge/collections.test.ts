// Collections: names, kinds, links to projects, and deletion that takes the index with it.
import { describe, expect, it, vi } from 'vitest';
import { augmentKnowledge } from '../../../../src-mcp/knowledge/augment.js';
import {
  collectionInfo,
  createCollection,
  deleteCollectionByName,
  listCollectionViews,
  setCollectionLink,
} from '../../../../src-mcp/knowledge/collections.js';
import { eventsAfter } from '../../../../src-mcp/store/events.js';
import { expectIndexInStep, fixture, indexedMatches, project } from './helpers.js';
import { scalar } from '../../../../src-mcp/store/sql.js';
import { writeTransaction } from '../../../../src-mcp/store/database.js';
import { testEngine } from '../../../support/storeEngine.js';

describe('collections', () => {
  it('creates fundamental collections by default and project-specific ones for a project, linked', async () => {
    const f = await fixture();
    const researchId = await project(f.db, f.actor);
    expect((await createCollection(f.db, f.actor, { name: '  Textbooks  ' })).collection).toMatchObject({ name: 'Textbooks', kind: 'fundamental' });
    const specific = await createCollection(f.db, f.actor, { name: 'Fibrosis papers', researchId });
    expect(specific.collection.kind).toBe('project-specific');
    expect(specific.stats.linkedProjects).toEqual([researchId]);
    expect((await eventsAfter(f.db, 0, 10)).filter((e) => e.kind === 'knowledge.collection.created').map((e) => e.subjectUri)).toEqual([
      expect.stringMatching(/^knowledge:\/\/collections\/col_[0-9a-f]{12}$/),
      `knowledge://collections/${specific.collection.id}`,
    ]);
  });

  it('augment answers resource_not_found, writing nothing, when its collection is deleted while it reads', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Vanishing' });
    const documentsBefore = (await scalar(f.db, 'SELECT COUNT(*) FROM knowledge_documents'));
    const add = () => augmentKnowledge(f.db, f.actor, { content: '# Fibrosis\n\nHepatic stellate cells drive scarring.', source: 'https://example.org/a', collection: 'Vanishing' });
    let adding: ReturnType<typeof add>;
    if (testEngine() === 'sqlite') {
      // augmentKnowledge yields (it loads the Markdown extractor); a concurrent call deletes the collection meanwhile.
      adding = add();
      await deleteCollectionByName(f.db, f.actor, 'Vanishing');
    } else {
      // PostgreSQL: the deletion, another pooled connection's transaction, holds the write lock while
      // augment reads (it still sees the committed collection) and commits once augment waits for the lock.
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let deleted = (): void => undefined;
      const deletedYet = new Promise<void>((resolve) => (deleted = resolve));
      const deleting = writeTransaction(f.db, async () => {
        await deleteCollectionByName(f.db, f.actor, 'Vanishing');
        deleted();
        await released;
      });
      await deletedYet;
      adding = add();
      await vi.waitFor(async () => expect(await scalar(f.db, "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).toBe(1), { timeout: 10_000 });
      release();
      await deleting;
    }
    await expect(adding).rejects.toMatchObject({ code: 'resource_not_found', message: expect.stringMatching(/deleted while this call was reading/) });
    expect(await scalar(f.db, 'SELECT COUNT(*) FROM knowledge_documents')).toBe(documentsBefore);
  });

  it('refuses duplicate names regardless of case, and unusable names', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Reviews' });
    await expect(createCollection(f.db, f.actor, { name: 'REVIEWS' })).rejects.toThrow(expect.objectContaining({ code: 'conflict', message: expect.stringMatching(/already exists/) }));
    for (const name of ['', 'a,b', '-leading', 'x'.repeat(65)]) {
      await expect(createCollection(f.db, f.actor, { name }), name).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    }
    await expect(createCollection(f.db, f.actor, { name: 'For nobody', researchId: 'res_000000000000' })).rejects.toThrow(/not found/);
    expect((await listCollectionViews(f.db)).map((view) => view.collection.name)).toEqual(['Reviews']);
  });

  it('links and unlinks idempotently', async () => {
    const f = await fixture();
    const researchId = await project(f.db, f.actor);
    await createCollection(f.db, f.actor, { name: 'Shared' });
    expect((await setCollectionLink(f.db, f.actor, { name: 'shared', researchId, linked: true })).changed).toBe(true);
    expect((await setCollectionLink(f.db, f.actor, { name: 'shared', researchId, linked: true })).changed).toBe(false);
    expect((await setCollectionLink(f.db, f.actor, { name: 'shared', researchId, linked: false })).changed).toBe(true);
    expect((await setCollectionLink(f.db, f.actor, { name: 'shared', researchId, linked: false })).changed).toBe(false);
  });

  it('deletes a collection with its documents, passages and index entries', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Temp' });
    await createCollection(f.db, f.actor, { name: 'Keep' });
    await augmentKnowledge(f.db, f.actor, { collection: 'Temp', source: 'a', content: 'Ephemeral thrombospondin notes.' });
    await augmentKnowledge(f.db, f.actor, { collection: 'Keep', source: 'b', content: 'Lasting thrombospondin notes.' });
    expect((await deleteCollectionByName(f.db, f.actor, 'temp')).stats.documentCount).toBe(1);
    expect(await indexedMatches(f.db, 'thrombospondin')).toBe(1);
    expect(await scalar(f.db, 'SELECT COUNT(*) FROM knowledge_documents')).toBe(1);
    await expectIndexInStep(f.db);
  });

  it('pages a collection\'s documents by title', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Many' });
    for (const title of ['Delta', 'Alpha', 'Echo', 'Charlie', 'Bravo']) {
      await augmentKnowledge(f.db, f.actor, { collection: 'Many', source: title, title, content: `About ${title}.` });
    }
    const first = await collectionInfo(f.db, 'Many', { limit: 2 });
    const second = await collectionInfo(f.db, 'Many', { limit: 2, cursor: first.nextCursor ?? undefined });
    const third = await collectionInfo(f.db, 'Many', { limit: 2, cursor: second.nextCursor ?? undefined });
    expect([...first.documents, ...second.documents, ...third.documents].map((d) => d.title)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(third.nextCursor).toBeNull();
    await expect(collectionInfo(f.db, 'Many', { limit: 2, cursor: 'garbage' })).rejects.toThrow(/cursor is not one this server issued/);
  });
});

describe('augment_knowledge', () => {
  it('keys added content by its source: same text is unchanged, new text updates, identifiers are recorded', async () => {
    const f = await fixture();
    await createCollection(f.db, f.actor, { name: 'Web' });
    const input = { collection: 'Web', source: 'https://arxiv.org/abs/2401.00001v3', title: 'Liver zonation', content: '## Findings\n\nWnt gradients set zonation.' };
    const added = await augmentKnowledge(f.db, f.actor, input);
    expect(added).toMatchObject({ outcome: 'added', document: { arxivId: '2401.00001', url: 'https://arxiv.org/abs/2401.00001v3', title: 'Liver zonation', chunkCount: 1 } });
    expect(await scalar(f.db, 'SELECT header_path FROM knowledge_chunks')).toBe('Findings');
    expect((await augmentKnowledge(f.db, f.actor, input)).outcome).toBe('unchanged');
    const updated = await augmentKnowledge(f.db, f.actor, { ...input, content: 'Wnt and Hedgehog gradients set zonation.' });
    expect(updated).toMatchObject({ outcome: 'updated', document: { id: added.document.id } });
    await expect(augmentKnowledge(f.db, f.actor, { ...input, content: '   ' })).rejects.toThrow(/content is empty/);
    await expect(augmentKnowledge(f.db, f.actor, { ...input, source: ' ' })).rejects.toThrow(/source must name/);
  });
});
