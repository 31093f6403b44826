// Adding to the knowledge base: ingest_documents (docs/seed-mapping.md, seed 002 §4.3) and augment_knowledge (§4.5).
// Which folders ingestion may read is the desktop's manage_knowledge_roots (desktop/knowledgeRoots.ts).
import { z } from 'zod';
import { AUGMENT_MAX_CHARS, SOURCE_MAX_CHARS, augmentKnowledge } from '../../../knowledge/augment.js';
import { collectionUri } from '../../../knowledge/events.js';
import { describeSupported } from '../../../knowledge/formats.js';
import { ingestDocuments, type IngestReport } from '../../../knowledge/ingest.js';
import { defineTool } from '../../toolkit.js';
import { actorOf, identifierText, IdentifiersSchema, megabytes } from './knowledgeShared.js';
import { beforeWaitingOutside } from '../../../store/writeObserver.js';

/** Desktop clients give up on a call after 60 s; leave room for the answer to travel. */
export const MAX_INGEST_SECONDS = 40;

const IngestOutput = z.object({
  status: z.enum(['complete', 'partial']),
  collection: z.string(),
  path: z.string().describe('The path read, with symlinks resolved.'),
  files_total: z.number().int().describe('Supported files found.'),
  files_done: z.number().int().describe('Of those, how many are done (including earlier slices).'),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int().describe('Documents removed because their files were deleted or moved out of the folder since the last ingest.'),
  unsupported: z.number().int().describe('Files skipped because their format is not supported.'),
  documents_written: z.number().int(),
  chunks_written: z.number().int(),
  bytes_read: z.number().int(),
  duration_ms: z.number().int(),
  next_cursor: z.string().nullable(),
  problems: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).describe('Files that could not be used (first 20).'),
  problem_count: z.number().int(),
});

export const ingestDocumentsTool = defineTool({
  name: 'ingest_documents',
  title: 'Ingest documents into the knowledge base',
  description: [
    `Read an allowed file or folder into a knowledge collection, so query_knowledge_base can search it. Formats: ${describeSupported()}; each BibTeX entry becomes a reference (its abstract is the text).`,
    'Re-running is cheap: unchanged files are skipped, changed ones replaced, deleted ones removed. recursive=true includes subfolders. When status is "partial", call again with the same path, collection and next_cursor.',
    'Only folders the scientist allowed in the app (Knowledge → Allowed folders) or your MCP roots are readable; otherwise insufficient_permissions: ask the scientist to allow the folder, do not try other paths. For text you found yourself, use augment_knowledge.',
  ].join('\n\n'),
  // Not only additive: a re-ingest removes the documents of files deleted from the folder.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  scopes: ['knowledge:write'],
  input: z.object({
    path: z.string().min(1).max(4096).describe('Absolute path of a file or folder, e.g. "/Users/ana/papers/fibrosis" ("~/" is the home folder).'),
    collection: z.string().min(1).max(200).describe('Name of an existing collection (create it with manage_collections first).'),
    recursive: z.boolean().default(false).describe('Include subfolders (default false).'),
    cursor: z.string().optional().describe('next_cursor of a partial ingest of the same path, to continue it.'),
    max_seconds: z.number().int().min(1).max(MAX_INGEST_SECONDS).default(MAX_INGEST_SECONDS).describe(`Time to work before returning a partial result (default and max ${MAX_INGEST_SECONDS}).`),
  }),
  output: IngestOutput,
  async run(args, ctx, call) {
    // Asks the client for its roots, then reads and parses files: no connection held meanwhile.
    await beforeWaitingOutside();
    const report = await ingestDocuments(
      ctx.db,
      actorOf(ctx),
      { path: args.path, collection: args.collection, recursive: args.recursive, cursor: args.cursor },
      {
        clientRoots: await call.clientRoots(),
        timeBudgetMs: args.max_seconds * 1000,
        signal: call.signal,
        onProgress: (done, total, message) => call.sendProgress(done, total, message),
      },
    );
    return { target: collectionUri(report.collection.id), data: ingestData(report), markdown: ingestMarkdown(report) };
  },
});

function ingestData(report: IngestReport): z.input<typeof IngestOutput> {
  return {
    status: report.status,
    collection: report.collection.name,
    path: report.target,
    files_total: report.filesTotal,
    files_done: report.filesDone,
    added: report.added,
    updated: report.updated,
    unchanged: report.unchanged,
    failed: report.failed,
    removed: report.removed,
    unsupported: report.unsupported,
    documents_written: report.documentsWritten,
    chunks_written: report.chunksWritten,
    bytes_read: report.bytesRead,
    duration_ms: report.durationMs,
    next_cursor: report.nextCursor,
    problems: report.problems,
    problem_count: report.problemCount,
  };
}

function ingestMarkdown(report: IngestReport): string {
  const lines = [
    `${report.status === 'complete' ? 'Ingested' : 'Partly ingested'} ${report.target} into **${report.collection.name}**: ${report.filesDone}/${report.filesTotal} files done — ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed} failed${report.removed > 0 ? `, ${report.removed} removed (their files are gone)` : ''} (${report.chunksWritten} passages written, ${megabytes(report.bytesRead)} read in ${(report.durationMs / 1000).toFixed(1)} s).`,
  ];
  if (report.unsupported > 0) lines.push(`${report.unsupported} file(s) of unsupported formats were skipped.`);
  for (const problem of report.problems) lines.push(`- ${problem.path} ${problem.message}`);
  if (report.problemCount > report.problems.length) lines.push(`- … and ${report.problemCount - report.problems.length} more problems.`);
  if (report.nextCursor !== null) lines.push(`Not finished: call ingest_documents again with the same path and collection and cursor="${report.nextCursor}".`);
  return lines.join('\n');
}

export const augmentKnowledgeTool = defineTool({
  name: 'augment_knowledge',
  title: 'Add content to the knowledge base',
  description: [
    'Add text you found (an abstract, a paper\'s key findings, web notes) to a knowledge collection, searchable and citable: a DOI, PMID, arXiv id or URL in `source` is recorded. Quote or summarise faithfully, never your own speculation as literature. The same source again replaces its text. For files on the scientist\'s machine use ingest_documents.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['knowledge:write'],
  input: z.object({
    content: z.string().min(1).max(AUGMENT_MAX_CHARS).describe('The text to add (Markdown is understood).'),
    source: z.string().min(1).max(SOURCE_MAX_CHARS).describe('Where it came from: URL, DOI ("10.1038/…"), "PMID:12345678" or "arXiv:2401.01234".'),
    collection: z.string().min(1).max(200).describe('Name of an existing collection.'),
    title: z.string().max(500).optional().describe('Title of the source, e.g. the paper title.'),
  }),
  output: z.object({
    document_id: z.string(),
    status: z.enum(['added', 'updated', 'unchanged']),
    collection: z.string(),
    title: z.string(),
    source: z.string(),
    chunks: z.number().int(),
    identifiers: IdentifiersSchema,
  }),
  async run(args, ctx) {
    const stored = await augmentKnowledge(ctx.db, actorOf(ctx), args);
    const { document } = stored;
    const ids = identifierText(document);
    return {
      target: collectionUri(document.collectionId),
      data: {
        document_id: document.id,
        status: stored.outcome,
        collection: stored.collectionName,
        title: document.title,
        source: document.source,
        chunks: document.chunkCount,
        identifiers: { doi: document.doi, pmid: document.pmid, arxiv_id: document.arxivId, url: document.url },
      },
      markdown: `${stored.outcome === 'unchanged' ? 'Already in' : stored.outcome === 'updated' ? 'Updated in' : 'Added to'} **${stored.collectionName}**: “${document.title}” (${document.id}, ${document.chunkCount} passages${ids === '' ? '' : `, ${ids}`}).`,
    };
  },
});
