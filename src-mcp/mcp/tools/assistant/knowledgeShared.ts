// Schemas and renderings shared by the knowledge tools (knowledge*.ts in this folder).
import { z } from 'zod';
import type { CollectionView } from '../../../knowledge/collections.js';
import type { Actor } from '../../../knowledge/events.js';
import type { DocumentRow } from '../../../store/knowledgeDocuments.js';
import type { ServerContext } from '../../context.js';
import { hasScopes } from '../../access/scopes.js';
import { DomainError } from '../../../engine/errors.js';
import { DocumentFormatSchema } from '../../../../src-shared/schemas/knowledge.js';

export function actorOf(ctx: ServerContext): Actor {
  return { clientId: ctx.clientId, now: () => ctx.now() };
}

/** For tools that read and write by action: the write actions need knowledge:write as well. */
export async function requireWrite(ctx: ServerContext, what: string): Promise<void> {
  if (!hasScopes((await ctx.policy()).scopes, ['knowledge:write'])) {
    throw new DomainError(
      'insufficient_permissions',
      `${ctx.clientId} may read the knowledge base but not change it, so it cannot ${what}. The scientist can grant knowledge:write in the Co-Scientist app under Assistants.`,
      { required: ['knowledge:write'] },
    );
  }
}

export const CollectionType = z.enum(['fundamental', 'project-specific']);

export const CollectionSummary = z.object({
  id: z.string(),
  name: z.string(),
  collection_type: CollectionType,
  description: z.string(),
  document_count: z.number().int(),
  chunk_count: z.number().int(),
  size_bytes: z.number().int(),
  linked_projects: z.array(z.string()).describe('research_ids whose searches use this collection by default.'),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export function collectionSummary(view: CollectionView): z.input<typeof CollectionSummary> {
  const { collection, stats } = view;
  return {
    id: collection.id,
    name: collection.name,
    collection_type: collection.kind,
    description: collection.description,
    document_count: stats.documentCount,
    chunk_count: stats.chunkCount,
    size_bytes: stats.sizeBytes,
    linked_projects: stats.linkedProjects,
    created_by: collection.createdBy,
    created_at: collection.createdAt,
    updated_at: collection.updatedAt,
  };
}

export const IdentifiersSchema = z.object({
  doi: z.string().nullable(),
  pmid: z.string().nullable(),
  arxiv_id: z.string().nullable(),
  url: z.string().nullable(),
});

export const DocumentSummary = z.object({
  document_id: z.string(),
  title: z.string(),
  source: z.string().describe('File path (with #key for a BibTeX entry), or the URL/identifier given to augment_knowledge.'),
  origin: z.enum(['file', 'augmented']),
  format: DocumentFormatSchema,
  chunk_count: z.number().int(),
  size_bytes: z.number().int(),
  identifiers: IdentifiersSchema,
  authors: z.string().nullable(),
  year: z.string().nullable(),
  updated_at: z.string(),
});

export function documentSummary(document: DocumentRow): z.input<typeof DocumentSummary> {
  return {
    document_id: document.id,
    title: document.title,
    source: document.source,
    origin: document.origin,
    format: document.format,
    chunk_count: document.chunkCount,
    size_bytes: document.sizeBytes,
    identifiers: { doi: document.doi, pmid: document.pmid, arxiv_id: document.arxivId, url: document.url },
    authors: document.authors,
    year: document.year,
    updated_at: document.updatedAt,
  };
}

export function collectionLine(view: CollectionView): string {
  const { collection, stats } = view;
  const links = stats.linkedProjects.length > 0 ? `; linked to ${stats.linkedProjects.join(', ')}` : '';
  return `- **${collection.name}** (${collection.kind}) — ${stats.documentCount} document${stats.documentCount === 1 ? '' : 's'}, ${stats.chunkCount} passages${links}`;
}

export function identifierText(ids: { doi: string | null; pmid: string | null; arxivId?: string | null; arxiv_id?: string | null; url: string | null }): string {
  const arxiv = ids.arxivId ?? ids.arxiv_id ?? null;
  return [ids.doi && `doi:${ids.doi}`, ids.pmid && `PMID:${ids.pmid}`, arxiv && `arXiv:${arxiv}`, !ids.doi && !ids.pmid && !arxiv ? ids.url : null]
    .filter(Boolean)
    .join(' · ');
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(bytes >= 10 * 1048576 ? 0 : 1)} MB`;
}
