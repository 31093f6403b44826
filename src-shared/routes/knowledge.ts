// The knowledge routes of the host ⇄ renderer contract (index.ts spreads them into its table; their
// handlers are src-main/host/knowledge.handlers.ts): the knowledge tools' answers trimmed to what
// the GUI shows, and the native folder picker.
import { z } from 'zod';
import { CitingHypothesesSchema, DocumentFormatSchema, KnowledgeDocumentDetailSchema } from '../schemas/knowledge.js';

export { CitingHypothesesSchema, type CitingHypotheses, type KnowledgeDocumentDetail } from '../schemas/knowledge.js';

export const KnowledgeCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  collection_type: z.enum(['fundamental', 'project-specific']),
  description: z.string(),
  document_count: z.number().int(),
  chunk_count: z.number().int(),
  size_bytes: z.number().int(),
  linked_projects: z.array(z.string()),
  updated_at: z.string(),
});
export type KnowledgeCollection = z.infer<typeof KnowledgeCollectionSchema>;

const KnowledgeIdentifiersSchema = z.object({ doi: z.string().nullable(), pmid: z.string().nullable(), arxiv_id: z.string().nullable(), url: z.string().nullable() });

export const KnowledgeDocumentSchema = z.object({
  document_id: z.string(),
  title: z.string(),
  source: z.string(),
  format: DocumentFormatSchema,
  chunk_count: z.number().int(),
  size_bytes: z.number().int(),
  identifiers: KnowledgeIdentifiersSchema,
  updated_at: z.string(),
});
export type KnowledgeDocument = z.infer<typeof KnowledgeDocumentSchema>;

export const KnowledgeSearchSchema = z.object({
  results: z.array(
    z.object({
      content: z.string(),
      relevance_score: z.number(),
      relevance_label: z.string(),
      source_document: z.string(),
      header_path: z.string(),
      /** Character ranges [start, end) of the matched terms in `content`. */
      highlights: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
      metadata: z.object({ document_title: z.string(), document_id: z.string(), collection: z.string(), content_type: z.string(), identifiers: KnowledgeIdentifiersSchema }),
    }),
  ),
  query_refinement: z.object({ status: z.enum(['optimal', 'too_broad', 'clarification_needed']), suggestions: z.array(z.string()), message: z.string() }),
  searched_collections: z.array(z.string()).nullable(),
});
export type KnowledgeSearch = z.infer<typeof KnowledgeSearchSchema>;

export const KnowledgeIngestSchema = z.object({
  status: z.enum(['complete', 'partial']),
  collection: z.string(),
  path: z.string(),
  files_total: z.number().int(),
  files_done: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Documents removed because their files were deleted or moved out of the folder. */
  removed: z.number().int(),
  unsupported: z.number().int(),
  next_cursor: z.string().nullable(),
  problems: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
  problem_count: z.number().int(),
});
export type KnowledgeIngest = z.infer<typeof KnowledgeIngestSchema>;

export const KnowledgeRootsSchema = z.object({
  roots: z.array(z.object({ path: z.string(), added_by: z.string(), added_at: z.string() })),
  changed: z.boolean(),
  message: z.string(),
});
export type KnowledgeRoots = z.infer<typeof KnowledgeRootsSchema>;

export const FolderPickerInfoSchema = z.object({
  /** False where no native picker exists (the web host: a browser cannot hand the app a folder path). */
  available: z.boolean(),
  /** Why not, in words for the scientist; null when available. */
  reason: z.string().nullable(),
});
export type FolderPickerInfo = z.infer<typeof FolderPickerInfoSchema>;

const EmptySchema = z.object({}).strict();

export const knowledgeRoutes = {
  'knowledge.collections.list': { input: EmptySchema, output: z.object({ collections: z.array(KnowledgeCollectionSchema) }) },
  'knowledge.collections.create': {
    /** research_id links the new collection to that project at once (its searches use it by default). */
    input: z
      .object({ name: z.string().min(1), type: z.enum(['fundamental', 'project-specific']), description: z.string().optional(), research_id: z.string().min(1).optional() })
      .strict(),
    output: z.object({ collection: KnowledgeCollectionSchema, message: z.string() }),
  },
  'knowledge.collections.delete': {
    input: z.object({ name: z.string().min(1) }).strict(),
    output: z.object({ documents_removed: z.number().int(), message: z.string() }),
  },
  'knowledge.documents.list': {
    input: z.object({ collection: z.string().min(1), cursor: z.string().optional() }).strict(),
    output: z.object({ collection: KnowledgeCollectionSchema, documents: z.array(KnowledgeDocumentSchema), next_cursor: z.string().nullable() }),
  },
  'knowledge.search': {
    input: z.object({ query: z.string().min(1), collections: z.array(z.string()).optional(), top_k: z.number().int().optional() }).strict(),
    output: KnowledgeSearchSchema,
  },
  /** Links an existing collection to a project (its searches then use it by default), or unlinks it. */
  'knowledge.collections.link': {
    input: z.object({ name: z.string().min(1), research_id: z.string().min(1), linked: z.boolean() }).strict(),
    output: z.object({ linked_projects: z.array(z.string()), changed: z.boolean(), message: z.string() }),
  },
  /** The hypotheses citing each search result's source, so a result can open them in the hypothesis panel. */
  'knowledge.citedBy': {
    input: z.object({ document_ids: z.array(z.string().min(1)).min(1).max(20) }).strict(),
    output: CitingHypothesesSchema,
  },
  /** One document's details: metadata, first passages, and every hypothesis citing it. */
  'knowledge.document': {
    input: z.object({ document_id: z.string().min(1) }).strict(),
    output: KnowledgeDocumentDetailSchema,
  },
  /** One time-boxed slice of an ingest; call again with next_cursor until status is complete. */
  'knowledge.ingest': {
    input: z.object({ path: z.string().min(1), collection: z.string().min(1), recursive: z.boolean(), cursor: z.string().optional() }).strict(),
    output: KnowledgeIngestSchema,
  },
  'knowledge.roots.list': { input: EmptySchema, output: KnowledgeRootsSchema },
  'knowledge.roots.add': { input: z.object({ path: z.string().min(1) }).strict(), output: KnowledgeRootsSchema },
  'knowledge.roots.remove': { input: z.object({ path: z.string().min(1) }).strict(), output: KnowledgeRootsSchema },
  /** The scientist chose this folder or file to add in the app, which is their permission: allow the folder (a file's own folder). */
  'knowledge.roots.allowFor': { input: z.object({ path: z.string().min(1) }).strict(), output: KnowledgeRootsSchema },
  /** Whether this host has a native folder picker, so the GUI offers the button only where it works. */
  'knowledge.folders.picker': { input: EmptySchema, output: FolderPickerInfoSchema },
  /** Opens the native folder picker; `path` is null when the scientist cancelled. UNAVAILABLE in the web host. */
  'knowledge.folders.pick': { input: EmptySchema, output: z.object({ path: z.string().nullable() }) },
} as const;
