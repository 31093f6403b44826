// query_knowledge_base (docs/seed-mapping.md, seed 002 §4.1): search the scientist's literature with re-ranking.
import { loadResearch } from '../../../engine/projectRecord.js';
import { z } from 'zod';
import { DEFAULT_TOP_K, MAX_TOP_K, searchKnowledge, type SearchHit } from '../../../knowledge/search/search.js';
import { noteDocumentsRead } from '../../../knowledge/grounding.js';
import { defineTool } from '../../toolkit.js';
import { IdentifiersSchema, identifierText } from './knowledgeShared.js';

const SNIPPET_CHARS = 280;

const Result = z.object({
  content: z.string().describe('The passage text (long passages end with a note of how much was cut).'),
  relevance_score: z.number().describe('0-1 after re-ranking (term coverage, BM25, proximity, title/heading matches).'),
  relevance_label: z.enum(['Highly Relevant', 'Relevant', 'Somewhat Relevant', 'Marginally Relevant']),
  source_document: z.string().describe('File name, or the URL/identifier of content added with augment_knowledge.'),
  header_path: z.string().describe('Section of the document, e.g. "Methods > Cell culture"; empty before the first heading.'),
  metadata: z.object({
    document_title: z.string(),
    content_type: z.enum(['prose', 'code_block', 'table']),
    chunk_sequence_id: z.number().int(),
    document_id: z.string().describe('Cite the passage by this id or by its DOI/PMID/arXiv id.'),
    collection: z.string(),
    identifiers: IdentifiersSchema,
    authors: z.string().nullable(),
    year: z.string().nullable(),
  }),
  highlights: z.array(z.object({ start: z.number().int(), end: z.number().int() })).describe('Character ranges [start, end) of matched terms in content.'),
  omitted_chars: z.number().int(),
});

export const queryKnowledgeBaseTool = defineTool({
  name: 'query_knowledge_base',
  title: 'Search the knowledge base',
  description: [
    'Search the scientist\'s own ingested literature (papers, notes, protocols) for passages with source, section and identifiers, to ground hypotheses and reviews and find what to cite. Not the open web; not project status.',
    'Query with key concepts, not a sentence ("TGF-beta hepatic stellate cell activation"). Pass research_id on a project: its collections are searched and the documents shown count as read, so citing them is verified. query_refinement "too_broad": add specifics; "clarification_needed": rephrase. Never cite a paper no result showed you.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['knowledge:read'],
  input: z.object({
    query: z.string().min(1).max(1000).describe('What to look for: key concepts and terms, e.g. "stellate cell activation TGF-beta".'),
    collections: z.string().max(1000).optional().describe('Comma-separated collection names to search. Omit to search the project\'s linked collections (with research_id) or all.'),
    top_k: z.number().int().min(1).max(MAX_TOP_K).default(DEFAULT_TOP_K).describe(`How many passages to return (default ${DEFAULT_TOP_K}, max ${MAX_TOP_K}).`),
    document_context: z.string().max(8000).optional().describe('Text you are working on; passages sharing its subject rank higher.'),
    research_id: z.string().min(1).optional().describe('The research project this search serves (e.g. "res_3f9a1c0b2d4e").'),
  }),
  output: z.object({
    status: z.literal('success'),
    results: z.array(Result),
    query_refinement: z.object({
      status: z.enum(['optimal', 'too_broad', 'clarification_needed']),
      suggestions: z.array(z.string()),
      message: z.string(),
    }),
    searched_collections: z.array(z.string()).nullable().describe('Collections searched; null means all of them.'),
    scope_note: z.string().nullable(),
    query_terms: z.array(z.string()).describe('The topic words searched for (common words are dropped).'),
  }),
  async run(args, ctx) {
    // An unknown (or deleted) project is an input error, not a failure to record what it read.
    if (args.research_id !== undefined) await loadResearch(ctx.db, args.research_id);
    const outcome = await searchKnowledge(ctx.db, {
      query: args.query,
      collections: args.collections?.split(','),
      researchId: args.research_id,
      topK: args.top_k,
      documentContext: args.document_context,
    });
    if (args.research_id !== undefined) {
      await noteDocumentsRead(ctx.db, args.research_id, outcome.hits.map((hit) => hit.documentId), ctx.now());
    }
    return {
      data: {
        status: 'success' as const,
        results: outcome.hits.map(resultOf),
        query_refinement: outcome.refinement,
        searched_collections: outcome.collections,
        scope_note: outcome.scopeNote,
        query_terms: outcome.terms,
      },
      markdown: markdownOf(args.query, outcome),
    };
  },
});

function resultOf(hit: SearchHit): z.input<typeof Result> {
  return {
    content: hit.omittedChars > 0 ? `${hit.content} … [${hit.omittedChars} more characters in this passage not shown]` : hit.content,
    relevance_score: hit.relevanceScore,
    relevance_label: hit.relevanceLabel,
    source_document: hit.sourceDocument,
    header_path: hit.headerPath,
    metadata: {
      document_title: hit.documentTitle,
      content_type: hit.contentType,
      chunk_sequence_id: hit.chunkSequenceId,
      document_id: hit.documentId,
      collection: hit.collection,
      identifiers: { doi: hit.identifiers.doi, pmid: hit.identifiers.pmid, arxiv_id: hit.identifiers.arxivId, url: hit.identifiers.url },
      authors: hit.authors,
      year: hit.year,
    },
    highlights: hit.highlights.map(([start, end]) => ({ start, end })),
    omitted_chars: hit.omittedChars,
  };
}

function markdownOf(query: string, outcome: Awaited<ReturnType<typeof searchKnowledge>>): string {
  const scope = outcome.collections === null ? 'all collections' : outcome.collections.join(', ');
  const lines = [`**${outcome.hits.length} passage${outcome.hits.length === 1 ? '' : 's'}** for “${query}” in ${scope}.`];
  if (outcome.scopeNote !== null) lines.push(`_${outcome.scopeNote}_`);
  outcome.hits.forEach((hit, index) => {
    const section = hit.headerPath === '' ? '' : ` › ${hit.headerPath}`;
    const ids = identifierText(hit.identifiers);
    lines.push(
      '',
      `${index + 1}. **${hit.documentTitle}**${section} — ${hit.relevanceLabel} (${hit.relevanceScore.toFixed(2)})`,
      `   ${hit.sourceDocument} · ${hit.documentId}${ids === '' ? '' : ` · ${ids}`}`,
      `   > ${snippet(hit)}`,
    );
  });
  const refinement = outcome.refinement;
  lines.push('', `Query: ${refinement.status} — ${refinement.message}`);
  if (refinement.suggestions.length > 0) lines.push(`Try: ${refinement.suggestions.join(', ')}`);
  return lines.join('\n');
}

/** About SNIPPET_CHARS of the passage around its first match, matched terms in bold. */
export function snippet(hit: Pick<SearchHit, 'content' | 'highlights'>): string {
  const first = hit.highlights[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - 60, hit.content.length - SNIPPET_CHARS));
  const end = Math.min(hit.content.length, start + SNIPPET_CHARS);
  let text = '';
  let at = start;
  for (const [from, to] of hit.highlights) {
    if (to <= start || from >= end) continue;
    text += `${hit.content.slice(at, Math.max(at, from))}**${hit.content.slice(Math.max(from, at), Math.min(to, end))}**`;
    at = Math.min(to, end);
  }
  text += hit.content.slice(at, end);
  return `${start > 0 ? '…' : ''}${text.replace(/\s+/g, ' ').trim()}${end < hit.content.length ? '…' : ''}`;
}
