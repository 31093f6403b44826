// Desktop-only: one knowledge-base document with its metadata, first passages and the hypotheses
// citing it, for the app's document details (a citation's link and a search result land there).
import { z } from 'zod';
import { documentDetail } from '../../../knowledge/documentDetail.js';
import { defineTool } from '../../toolkit.js';
import { KnowledgeDocumentDetailSchema } from '../../../../src-shared/schemas/knowledge.js';

export const getKnowledgeDocumentTool = defineTool({
  name: 'get_knowledge_document',
  title: 'A knowledge-base document in full (desktop)',
  description:
    'For the Co-Scientist desktop app: one knowledge-base document — authors, year, venue, identifiers, its collection and file — with its first passages in reading order and the hypotheses (in projects not deleted) whose citations resolve to it. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['knowledge:read', 'hypotheses:read'],
  desktopOnly: true,
  lab: 'view',
  input: z.object({
    document_id: z.string().min(1).max(100).describe('e.g. "doc_0a1b2c3d4e5f", from a search result or a citation.'),
    passages: z.number().int().min(1).max(50).default(12).describe('Passages to return, from the start.'),
    hypotheses: z.number().int().min(1).max(200).default(100).describe('Citing hypotheses to list (the total is always given).'),
  }),
  output: KnowledgeDocumentDetailSchema,
  async run(args, ctx) {
    const { document: d, collectionName, passages, citedBy } = await documentDetail(ctx.db, args.document_id, { passages: args.passages, hypotheses: args.hypotheses });
    const listed = citedBy.hypotheses.map((h) => `H${h.number}`).join(', ');
    return {
      data: {
        document_id: d.id,
        collection: collectionName,
        title: d.title,
        authors: d.authors,
        year: d.year,
        venue: d.venue ?? null,
        doi: d.doi,
        pmid: d.pmid,
        arxiv_id: d.arxivId,
        url: d.url,
        format: d.format,
        source: d.source,
        size_bytes: d.sizeBytes,
        updated_at: d.updatedAt,
        passages: passages.map((p) => ({ seq: p.seq, header_path: p.headerPath, content_type: p.contentType, content: p.content })),
        passage_total: d.chunkCount,
        cited_by: {
          total: citedBy.total,
          hypotheses: citedBy.hypotheses.map((h) => ({ id: h.id, number: h.number, research_id: h.researchId, title: h.title, status: h.status })),
        },
      },
      markdown: `${d.title} (${d.id}, in ${collectionName}): ${passages.length} of ${d.chunkCount} passages; ${citedBy.total === 0 ? 'cited by no hypothesis' : `cited by ${listed}${citedBy.total > citedBy.hypotheses.length ? ` and ${citedBy.total - citedBy.hypotheses.length} more` : ''}`}.`,
    };
  },
});
