// Results (docs/seed-mapping.md: seed 000 get_results, seed 004 export_results).
import { z } from 'zod';
import { DomainError } from '../../../engine/errors.js';
import { exportBibtex, exportJson, exportMarkdown, nihSpecificAims, resultsDetailed, resultsSummary } from '../../../engine/exports/index.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import { buildReport } from '../../../engine/exports/buildReport.js';
import { defineTool } from '../../toolkit.js';
import type { ServerContext } from '../../context.js';

const ResearchId = z.string().min(1).describe('Project id, e.g. "res_3f9a1c0b2d4e".');
/** Defaults that keep an answer well under 10k tokens on a large project (test/integration/outputBudget.test.ts). */
const DEFAULT_TOP_N = 10;
const DEFAULT_TOP_N_DETAILED = 5;

export const getResultsTool = defineTool({
  name: 'get_results',
  title: 'Get research results',
  description: [
    'A project\'s results at any time: `summary` (executive summary and top hypotheses), `detailed` (full hypotheses with protocols and reviews) or `nih_aims` (a one-page NIH Specific Aims draft). Unverified citations are marked. For a file, export_results on a completed project.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read', 'hypotheses:read'],
  input: z.object({
    research_id: ResearchId,
    format: z.enum(['summary', 'detailed', 'nih_aims']).default('summary'),
    top_n: z
      .number()
      .int()
      .min(1)
      .max(20)
      .optional()
      .describe(`How many top hypotheses to include: default ${DEFAULT_TOP_N} (${DEFAULT_TOP_N_DETAILED} for "detailed", whose entries are ~1,300 tokens each; ask for more if you need them).`),
  }),
  output: z.object({
    research_id: z.string(),
    format: z.enum(['summary', 'detailed', 'nih_aims']),
    status: z.string(),
    certified: z.boolean(),
    results: z.record(z.string(), z.unknown()),
    text: z.string(),
  }),
  run(args, ctx) {
    const topN = args.top_n ?? (args.format === 'detailed' ? DEFAULT_TOP_N_DETAILED : DEFAULT_TOP_N);
    const report = buildReport(ctx.db, args.research_id, ctx.now());
    let results: Record<string, unknown>;
    let text: string;
    if (args.format === 'nih_aims') {
      const aims = nihSpecificAims(report);
      results = aims as unknown as Record<string, unknown>;
      text = aims.markdown;
    } else if (args.format === 'detailed') {
      const detailed = resultsDetailed(report, topN);
      results = detailed as unknown as Record<string, unknown>;
      text = exportMarkdown({ ...report, hypotheses: report.hypotheses.slice(0, topN) });
    } else {
      const summary = resultsSummary(report, topN);
      results = summary as unknown as Record<string, unknown>;
      text = summary.executive_summary;
    }
    return {
      target: `research://projects/${args.research_id}`,
      data: { research_id: args.research_id, format: args.format, status: report.project.status, certified: report.certified, results, text },
      markdown: text,
    };
  },
});

export const MEDIA_TYPES = { markdown: 'text/markdown', json: 'application/json', bibtex: 'application/x-bibtex' } as const;
export type ExportFormat = keyof typeof MEDIA_TYPES;
/** Above this an export is linked as a resource rather than inlined (about 8k tokens). */
const INLINE_LIMIT_BYTES = 32 * 1024;

export function exportUri(researchId: string, format: ExportFormat): string {
  return `research://projects/${researchId}/export/${format}`;
}

/** The export of a completed project (docs/seed-mapping.md, seed 004: incomplete projects do not export). */
export function renderExport(ctx: ServerContext, researchId: string, format: ExportFormat): string {
  const project = loadResearch(ctx.db, researchId);
  if (project.status !== 'completed') {
    throw new DomainError('conflict', `Research project ${project.id} is ${project.status} (stage ${project.stage}); export_results needs a completed project. Use get_results for interim results.`, { status: project.status });
  }
  const report = buildReport(ctx.db, project.id, ctx.now());
  return format === 'json' ? exportJson(report) : format === 'bibtex' ? exportBibtex(report) : exportMarkdown(report);
}

export const exportResultsTool = defineTool({
  name: 'export_results',
  expensive: true,
  title: 'Export research results',
  description: [
    `Export a completed project as \`markdown\` (full report), \`json\` (every hypothesis, review and match) or \`bibtex\` (cited references). Over ${INLINE_LIMIT_BYTES / 1024} KB it comes as a resource link to read when needed. For interim results use get_results.`,
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read', 'hypotheses:read'],
  input: z.object({ research_id: ResearchId, format: z.enum(['markdown', 'json', 'bibtex']).default('markdown') }),
  output: z.object({
    research_id: z.string(),
    format: z.string(),
    media_type: z.string(),
    bytes: z.number().int(),
    resource_uri: z.string(),
    content: z.string().nullable().describe('The export itself, when small enough to inline; otherwise read resource_uri.'),
  }),
  run(args, ctx) {
    const content = renderExport(ctx, args.research_id, args.format);
    const bytes = Buffer.byteLength(content, 'utf8');
    const uri = exportUri(args.research_id, args.format);
    const inline = bytes <= INLINE_LIMIT_BYTES;
    return {
      target: `research://projects/${args.research_id}`,
      data: { research_id: args.research_id, format: args.format, media_type: MEDIA_TYPES[args.format], bytes, resource_uri: uri, content: inline ? content : null },
      markdown: inline ? content : `The ${args.format} export is ${Math.round(bytes / 1024)} KB; read it from ${uri}.`,
      ...(inline ? {} : { links: [{ uri, name: `${args.research_id}.${args.format === 'bibtex' ? 'bib' : args.format === 'json' ? 'json' : 'md'}`, mimeType: MEDIA_TYPES[args.format], description: `Full ${args.format} export` }] }),
    };
  },
});
