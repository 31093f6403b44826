// Results (seeds/000 get_results; seeds/004 export_results).
import { z } from 'zod';
import { DomainError } from '../../engine/errors.js';
import { exportBibtex, exportJson, exportMarkdown, nihSpecificAims, resultsDetailed, resultsSummary } from '../../engine/exports/index.js';
import { loadResearch } from '../../engine/research.js';
import { buildReport } from '../../engine/results.js';
import { defineTool } from '../toolkit.js';

const ResearchId = z.string().min(1).describe('Research project id, e.g. "res_3f9a1c0b2d4e".');

export const getResultsTool = defineTool({
  name: 'get_results',
  title: 'Get research results',
  description: [
    'Results of a research project at any time: `summary` (executive summary and the top hypotheses with Elo and Bradley-Terry scores), `detailed` (full hypotheses with protocols, predictions and reviews), or `nih_aims` (a one-page NIH Specific Aims draft built from the top-ranked hypotheses: background, gap, objective, central hypothesis, 2-3 aims, expected outcomes).',
    'Unverified citations (not found in the knowledge base the run read) are marked. For a file to keep, use export_results on a completed project.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read', 'hypotheses:read'],
  input: z.object({
    research_id: ResearchId,
    format: z.enum(['summary', 'detailed', 'nih_aims']).default('summary'),
    top_n: z.number().int().min(1).max(20).default(10),
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
    const report = buildReport(ctx.db, args.research_id, ctx.now());
    let results: Record<string, unknown>;
    let text: string;
    if (args.format === 'nih_aims') {
      const aims = nihSpecificAims(report);
      results = aims as unknown as Record<string, unknown>;
      text = aims.markdown;
    } else if (args.format === 'detailed') {
      const detailed = resultsDetailed(report, args.top_n);
      results = detailed as unknown as Record<string, unknown>;
      text = exportMarkdown({ ...report, hypotheses: report.hypotheses.slice(0, args.top_n) });
    } else {
      const summary = resultsSummary(report, args.top_n);
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

const MEDIA_TYPES = { markdown: 'text/markdown', json: 'application/json', bibtex: 'application/x-bibtex' } as const;

export const exportResultsTool = defineTool({
  name: 'export_results',
  expensive: true,
  title: 'Export research results',
  description: [
    'Export a completed research project as `markdown` (a full report), `json` (a versioned machine-readable document with every hypothesis, review and match) or `bibtex` (one entry per cited reference; unverified ones carry a note).',
    'Only completed projects export (seeds/004); for interim results use get_results.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read', 'hypotheses:read'],
  input: z.object({ research_id: ResearchId, format: z.enum(['markdown', 'json', 'bibtex']).default('markdown') }),
  output: z.object({ research_id: z.string(), format: z.string(), media_type: z.string(), bytes: z.number().int(), content: z.string() }),
  run(args, ctx) {
    const project = loadResearch(ctx.db, args.research_id);
    if (project.status !== 'completed') {
      throw new DomainError('conflict', `Research project ${project.id} is ${project.status} (stage ${project.stage}); export_results needs a completed project. Use get_results for interim results.`, { status: project.status });
    }
    const report = buildReport(ctx.db, project.id, ctx.now());
    const content = args.format === 'json' ? exportJson(report) : args.format === 'bibtex' ? exportBibtex(report) : exportMarkdown(report);
    return {
      target: `research://projects/${project.id}`,
      data: { research_id: project.id, format: args.format, media_type: MEDIA_TYPES[args.format], bytes: Buffer.byteLength(content, 'utf8'), content },
      markdown: content,
    };
  },
});
