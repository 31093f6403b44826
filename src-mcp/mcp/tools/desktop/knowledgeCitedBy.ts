// Desktop-only: which hypotheses cite the documents a knowledge-base search returned, so the app
// can open them in the hypothesis panel (a passage itself belongs to no hypothesis).
import { z } from 'zod';
import { hypothesesCiting } from '../../../knowledge/citingHypotheses.js';
import { defineTool } from '../../toolkit.js';
import { CitingHypothesesSchema } from '../../../../src-shared/schemas/knowledge.js';

export const listCitingHypothesesTool = defineTool({
  name: 'list_citing_hypotheses',
  title: 'Hypotheses citing a source (desktop)',
  description:
    'For each knowledge-base document, the hypotheses (in projects not deleted) with a citation that resolves to it by DOI, PMID, arXiv id, URL, document id or exact title. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['knowledge:read', 'hypotheses:read'],
  desktopOnly: true,
  lab: 'view',
  input: z.object({
    document_ids: z.array(z.string().min(1).max(100)).min(1).max(20).describe('Document ids from query_knowledge_base results (metadata.document_id).'),
    limit: z.number().int().min(1).max(50).default(10).describe('Hypotheses listed per document (the total is always given).'),
  }),
  output: CitingHypothesesSchema,
  async run(args, ctx) {
    const documents = await Promise.all([...new Set(args.document_ids)].map((id) => hypothesesCiting(ctx.db, id, args.limit)));
    const cited = documents.filter((d) => d.total > 0);
    return {
      data: {
        documents: documents.map((d) => ({
          document_id: d.documentId,
          found: d.found,
          total: d.total,
          hypotheses: d.hypotheses.map((h) => ({ id: h.id, number: h.number, research_id: h.researchId, title: h.title, status: h.status })),
        })),
      },
      markdown:
        cited.length === 0
          ? `No hypothesis cites ${documents.length === 1 ? 'this document' : `these ${documents.length} documents`}.`
          : cited.map((d) => `${d.documentId}: cited by ${d.hypotheses.map((h) => `H${h.number}`).join(', ')}${d.total > d.hypotheses.length ? ` and ${d.total - d.hypotheses.length} more` : ''}`).join('\n'),
    };
  },
});
