// Results (docs/seed-mapping.md: seed 000 get_results, seed 004 export_results).
import { z } from 'zod';
import { DomainError } from '../../../engine/errors.js';
import { exportBibtex, exportJson, exportMarkdown, nihSpecificAims, resultsDetailed, resultsSummary, topHypotheses, type ResearchReport } from '../../../engine/exports/index.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import { buildReport } from '../../../engine/exports/buildReport.js';
import { defineTool } from '../../toolkit.js';
import type { ServerContext } from '../../context.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';
import { groupedNumber } from '../../../../src-shared/groupedNumber.js';

const ResearchId = z.string().min(1).describe('Project id, e.g. "res_3f9a1c0b2d4e".');
/** Defaults that keep an answer well under 10k tokens on a large project (test/integration/outputBudget.test.ts). */
const DEFAULT_TOP_N = 10;
const DEFAULT_TOP_N_DETAILED = 5;
/**
 * The most characters either block (text, structuredContent) of an answer to an assistant may
 * hold, whatever its options (issue 32 §2): what does not fit is linked as a resource instead.
 */
export const RESULT_BLOCK_LIMIT = 20_000;

/** The whole report at any stage: what a get_results answer too large for one result links to. */
export function reportUri(researchId: string): string {
  return `research://projects/${researchId}/report`;
}

const RESULT_FORMATS = ['summary', 'detailed', 'nih_aims'] as const;
type ResultFormat = (typeof RESULT_FORMATS)[number];

/** One format of the results with `shown` top hypotheses: the data a program reads and the Markdown a model reads. */
function renderResults(report: ResearchReport, format: ResultFormat, shown: number): { results: Record<string, unknown>; text: string } {
  if (format === 'nih_aims') {
    const aims = nihSpecificAims(report);
    return { results: aims as unknown as Record<string, unknown>, text: aims.markdown };
  }
  if (format === 'detailed') {
    // The counts are the project's; only the hypotheses shown in full are the top ones.
    return { results: resultsDetailed(report, shown) as unknown as Record<string, unknown>, text: exportMarkdown(report, { shown: topHypotheses(report, shown) }) };
  }
  const summary = resultsSummary(report, shown);
  return { results: summary as unknown as Record<string, unknown>, text: summary.executive_summary };
}

export const getResultsTool = defineTool({
  name: 'get_results',
  title: 'Get research results',
  description: [
    `A project's results at any time: \`summary\` (executive summary and top hypotheses), \`detailed\` (full hypotheses with protocols and reviews) or \`nih_aims\` (a one-page NIH Specific Aims draft). Unverified citations are marked. An answer stays under ${groupedNumber(RESULT_BLOCK_LIMIT)} characters: top hypotheses that do not fit are left out and the whole report is linked (${reportUri('{id}')}). For a file, export_results on a completed project.`,
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read', 'hypotheses:read'],
  input: z.object({
    research_id: ResearchId,
    format: z.enum(RESULT_FORMATS).default('summary'),
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
    format: z.enum(RESULT_FORMATS),
    status: z.string(),
    certified: z.boolean(),
    results: z.record(z.string(), z.unknown()),
    text: z.string().nullable().describe('The answer as Markdown for the desktop app; null for an assistant, whose text block carries it (once).'),
  }),
  async run(args, ctx) {
    const topN = args.top_n ?? (args.format === 'detailed' ? DEFAULT_TOP_N_DETAILED : DEFAULT_TOP_N);
    const report = await buildReport(ctx.db, args.research_id, ctx.now());
    // The app files the report whole; an assistant reads it in its context, so its answer is held to the limit.
    const forApp = ctx.clientId === DESKTOP_CLIENT;
    const answer = (shown: number) => {
      const { results, text } = renderResults(report, args.format, shown);
      const left = topHypotheses(report, topN).length - topHypotheses(report, shown).length;
      const note = left === 0 ? '' : `\n\n_${left} more of the top ${topN} did not fit in one answer (${groupedNumber(RESULT_BLOCK_LIMIT)} characters): read the whole report at ${reportUri(args.research_id)}, or one hypothesis in full at hypothesis://{id}._`;
      const markdown = `${text}${note}`;
      const data = { research_id: args.research_id, format: args.format, status: report.project.status, certified: report.certified, results, text: forApp ? markdown : null };
      return { data, markdown, left };
    };
    let shown = topN;
    let outcome = answer(shown);
    const fits = (o: typeof outcome) => o.markdown.length <= RESULT_BLOCK_LIMIT && JSON.stringify(o.data).length <= RESULT_BLOCK_LIMIT;
    // nih_aims is one page whatever top_n says; the other formats give up hypotheses from the bottom until both blocks fit.
    while (!forApp && args.format !== 'nih_aims' && shown > 0 && !fits(outcome)) outcome = answer((shown -= 1));
    return {
      target: `research://projects/${args.research_id}`,
      data: outcome.data,
      markdown: outcome.markdown,
      ...(outcome.left === 0 ? {} : { links: [{ uri: reportUri(args.research_id), name: `${args.research_id}-report.md`, mimeType: 'text/markdown', description: 'The whole report: every hypothesis in full' }] }),
    };
  },
});

export const MEDIA_TYPES = { markdown: 'text/markdown', json: 'application/json', bibtex: 'application/x-bibtex' } as const;
export type ExportFormat = keyof typeof MEDIA_TYPES;

export function exportUri(researchId: string, format: ExportFormat): string {
  return `research://projects/${researchId}/export/${format}`;
}

/** The export of a completed project (docs/seed-mapping.md, seed 004: incomplete projects do not export). */
export async function renderExport(ctx: ServerContext, researchId: string, format: ExportFormat): Promise<string> {
  const project = await loadResearch(ctx.db, researchId);
  if (project.status !== 'completed') {
    throw new DomainError('conflict', `Research project ${project.id} is ${project.status} (stage ${project.stage}); export_results needs a completed project. Use get_results for interim results.`, { status: project.status });
  }
  const report = await buildReport(ctx.db, project.id, ctx.now());
  return format === 'json' ? exportJson(report) : format === 'bibtex' ? exportBibtex(report) : exportMarkdown(report);
}

export const exportResultsTool = defineTool({
  name: 'export_results',
  expensive: true,
  title: 'Export research results',
  description: [
    `Export a completed project as \`markdown\` (full report), \`json\` (every hypothesis, review and match) or \`bibtex\` (cited references). An export over ${groupedNumber(RESULT_BLOCK_LIMIT)} characters comes as a resource link to read when needed. For interim results use get_results.`,
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
    inline: z.boolean().describe('The export is the text block of this result; otherwise read resource_uri.'),
    content: z.string().nullable().describe('The export itself for the desktop app when inline; null for an assistant, whose text block carries it (once), and whenever it is linked.'),
  }),
  async run(args, ctx) {
    const content = await renderExport(ctx, args.research_id, args.format);
    const bytes = Buffer.byteLength(content, 'utf8');
    const uri = exportUri(args.research_id, args.format);
    const inline = content.length <= RESULT_BLOCK_LIMIT;
    return {
      target: `research://projects/${args.research_id}`,
      data: { research_id: args.research_id, format: args.format, media_type: MEDIA_TYPES[args.format], bytes, resource_uri: uri, inline, content: inline && ctx.clientId === DESKTOP_CLIENT ? content : null },
      markdown: inline ? content : `The ${args.format} export is ${Math.round(bytes / 1024)} KB; read it from ${uri}.`,
      ...(inline ? {} : { links: [{ uri, name: `${args.research_id}.${args.format === 'bibtex' ? 'bib' : args.format === 'json' ? 'json' : 'md'}`, mimeType: MEDIA_TYPES[args.format], description: `Full ${args.format} export` }] }),
    };
  },
});
