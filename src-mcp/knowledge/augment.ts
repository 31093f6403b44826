// Content an assistant found (a paper's abstract, notes from a web page) added to a collection.
// The source URL or identifier is the document's key: adding the same source again with the same
// text changes nothing, with new text it replaces the earlier version.
import { createHash } from 'node:crypto';
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { touchCollection } from '../store/knowledgeCollections.js';
import { DomainError } from '../engine/errors.js';
import { getCollection, requireCollectionStill } from './collections.js';
import { storeDocument, type Stored } from './documents.js';
import { recordKnowledgeChange, type Actor } from './events.js';
import { identifiersFromSource, mergeIdentifiers } from '../engine/scholarlyIdentifiers.js';

export const AUGMENT_MAX_CHARS = 200_000;
export const SOURCE_MAX_CHARS = 2_000;

export interface AugmentInput {
  content: string;
  source: string;
  collection: string;
  title?: string | undefined;
}

export async function augmentKnowledge(db: Db, actor: Actor, input: AugmentInput): Promise<Stored & { collectionName: string }> {
  const content = input.content.trim();
  const source = input.source.trim();
  if (content.length === 0 || content.length > AUGMENT_MAX_CHARS) {
    throw new DomainError(
      'invalid_input',
      content.length === 0
        ? 'content is empty. Pass the text to add (Markdown is understood: headings become header paths).'
        : `content is ${content.length} characters; at most ${AUGMENT_MAX_CHARS} can be added at once. Add long sources in parts, or save them as a file and use ingest_documents.`,
      { field: 'content' },
    );
  }
  if (source.length === 0 || source.length > SOURCE_MAX_CHARS) {
    throw new DomainError('invalid_input', 'source must name where the content came from: a URL, DOI, PMID or arXiv id (at most 2000 characters).', {
      field: 'source',
    });
  }
  const collection = await getCollection(db, input.collection);
  const title = input.title?.trim();
  // Imported on first use, like the file parsers (see ingestFile.ts).
  const { extractMarkdown } = await import('./extract/markdown.js');
  const extracted = extractMarkdown(content, { fallbackTitle: source, sizeBytes: Buffer.byteLength(content, 'utf8') });
  const document = {
    ...extracted,
    title: title === undefined || title === '' ? extracted.title : title.slice(0, 500),
    identifiers: mergeIdentifiers(identifiersFromSource(source), extracted.identifiers),
    // The title is part of what was added: a corrected title is an update, not a duplicate.
    contentHash: createHash('sha256').update(`${title ?? ''}\u0000${content}`, 'utf8').digest('hex'),
  };
  if (document.blocks.length === 0) {
    throw new DomainError('invalid_input', 'content has no text to index (only markup or whitespace).', { field: 'content' });
  }
  const stored = await writeTransaction(db, async () => {
    // The import above may yield: a concurrent call can have deleted the collection meanwhile.
    await requireCollectionStill(db, collection);
    const result = await storeDocument(db, actor, { collectionId: collection.id, source, origin: 'augmented', format: 'markdown' }, document);
    if (result.outcome !== 'unchanged') {
      await touchCollection(db, collection.id, actor.now().toISOString());
      await recordKnowledgeChange(db, actor, 'knowledge.document.added', collection.id, { document_id: result.document.id });
    }
    return result;
  });
  return { ...stored, collectionName: collection.name };
}
