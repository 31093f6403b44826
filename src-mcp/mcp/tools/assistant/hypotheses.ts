// Hypothesis operations (docs/seed-mapping.md, seed 000 "Hypothesis Operations" and "Review and Ranking Tools"). In
// delegated mode each one hands the caller a work item to do and submit with submit_work.
import { z } from 'zod';
import { listHypotheses, type HypothesisListItem } from '../../../engine/hypotheses.js';
import { rankingState, rankingStopDecision } from '../../../engine/ranking.js';
import type { StopDecision } from '../../../engine/tournament/index.js';
import { requestComparisons, requestEvolution, requestGeneration, requestReview } from '../../../engine/workflow/requests.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import { getProjectCounts } from '../../../engine/projects.js';
import { EVOLUTION_STRATEGIES, GENERATION_METHODS, LISTED_STATUSES, REVIEW_TYPES, listedStatus } from '../../../engine/schemas.js';
import { findHypothesis } from '../../../store/hypotheses.js';
import type { Task } from '../../../engine/types.js';
import { buildWorkItem, delegatedReasoner } from '../../../reasoners/workItems.js';
import type { ServerContext } from '../../context.js';
import { defineTool } from '../../toolkit.js';
import { ratingFields } from '../ratingFields.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';
import { WorkItemSchema, workItemMarkdown, workItemOutput } from './workflowOutput.js';
import { IntervalSchema, RatingFields, roundedInterval } from '../../../../src-shared/schemas/hypotheses.js';

const ResearchId = z.string().min(1).describe('Project id, e.g. "res_3f9a1c0b2d4e".');
const HypothesisId = z.string().min(1).describe('Hypothesis id, e.g. "hyp_0a1b2c3d4e5f".');

const HypothesisSummary = z.object({
  id: z.string(),
  number: z.number().int().describe('H1, H2, … within the project'),
  summary: z.string(),
  status: z.enum(LISTED_STATUSES).describe('superseded: an evolved child replaced it (it still plays as the benchmark, never as a top hypothesis).'),
  origin: z.enum(['generated', 'evolved', 'human']),
  method: z.string(),
  ...RatingFields,
  parents: z.array(z.string()),
  awaiting_approval: z.boolean(),
  near_duplicate_of: z.string().nullable(),
  safety_flag: z.string().nullable(),
  unverified_citations: z.number().int(),
});

function summaryOf(h: HypothesisListItem): z.input<typeof HypothesisSummary> {
  return {
    id: h.id,
    number: h.seq,
    summary: h.summary,
    status: listedStatus(h.status),
    origin: h.origin,
    method: h.method,
    ...ratingFields(h),
    parents: h.parents,
    // A rejected hypothesis (by the scientist, or discarded as a near-duplicate) waits for nothing.
    awaiting_approval: h.gate !== 'approved' && h.status !== 'rejected',
    near_duplicate_of: h.nearDuplicateOf,
    safety_flag: h.safetyFlag,
    unverified_citations: h.unverifiedCitations,
  };
}

const WorkOutput = z.object({ work_item: WorkItemSchema, message: z.string() });

async function workOutcome(ctx: ServerContext, task: Task) {
  const item = await buildWorkItem(ctx.db, task, ctx.grounding, delegatedReasoner(ctx.clientId));
  const message = `Do this work item, then call submit_work(task_id="${item.task_id}", result=…).`;
  return {
    target: `research://projects/${task.projectId}`,
    data: { work_item: workItemOutput(item, false), message },
    markdown: workItemMarkdown(item, false),
  };
}

/** The desktop app asks for work on the scientist's behalf but does no reasoning: its tasks stay queued for an assistant. */
function leaseOwner(ctx: ServerContext): string | null {
  return ctx.clientId === DESKTOP_CLIENT ? null : ctx.workerId;
}

function actorOf(ctx: ServerContext) {
  return { clientId: ctx.clientId, now: () => ctx.now() };
}

export const generateHypothesesTool = defineTool({
  name: 'generate_hypotheses',
  expensive: true,
  title: 'Generate hypotheses',
  description: [
    'Extra hypotheses outside the normal flow (continue_research already schedules generation). Returns a work item to answer with submit_work; the batch then waits for the scientist\'s approval. Methods: literature_based, debate, assumptions (test tacit assumptions), expansion (under-explored directions). 5-10 per call works best.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['hypotheses:generate'],
  input: z.object({
    research_id: ResearchId,
    count: z.number().int().min(1).max(50).default(10).describe('How many hypotheses (1-50, default 10).'),
    method: z.enum(GENERATION_METHODS).default('literature_based'),
  }),
  output: WorkOutput,
  async run(args, ctx) {
    return await workOutcome(ctx, await requestGeneration(ctx.db, actorOf(ctx), leaseOwner(ctx), args.research_id, { count: args.count, method: args.method }));
  },
});

export const evolveHypothesisTool = defineTool({
  name: 'evolve_hypothesis',
  expensive: true,
  title: 'Evolve a hypothesis',
  description: [
    'An improved variant of a hypothesis (the original stays; lineage recorded). Returns a work item to answer with submit_work; the result waits for approval, then is reviewed and ranked. Strategies: refine, combine (with partner_id), simplify, paradigm_shift. The workflow plans evolutions itself; use this when the user asks for one.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['hypotheses:evolve'],
  input: z.object({
    hypothesis_id: HypothesisId,
    strategy: z.enum(EVOLUTION_STRATEGIES).default('refine'),
    partner_id: z.string().min(1).optional().describe('With combine: the second hypothesis to merge with.'),
  }),
  output: WorkOutput,
  async run(args, ctx) {
    return await workOutcome(ctx, await requestEvolution(ctx.db, actorOf(ctx), leaseOwner(ctx), args.hypothesis_id, args.strategy, args.partner_id));
  },
});

export const reviewHypothesisTool = defineTool({
  name: 'review_hypothesis',
  expensive: true,
  title: 'Review a hypothesis',
  description: [
    'An extra review of one hypothesis (the workflow already reviews every approved one). Returns a work item to answer with submit_work. Types: initial, full (literature-grounded), deep_verification (assumption by assumption), observation, simulation, tournament (from its match record).',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['reviews:write'],
  input: z.object({ hypothesis_id: HypothesisId, review_type: z.enum(REVIEW_TYPES).default('initial') }),
  output: WorkOutput,
  async run(args, ctx) {
    return await workOutcome(ctx, await requestReview(ctx.db, actorOf(ctx), leaseOwner(ctx), args.hypothesis_id, args.review_type));
  },
});

export const rankHypothesesTool = defineTool({
  name: 'rank_hypotheses',
  expensive: true,
  title: 'Rank hypotheses (tournament)',
  description: [
    'The tournament leaderboard: Elo (starts at 1000), Bradley-Terry score with 95% interval, P(in top-k), and whether the top-k is certified. Until the ranking stops it also returns a work item of the comparisons that reduce uncertainty most (answer with submit_work); prefer these to re-reviewing.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['hypotheses:generate', 'reviews:read'],
  input: z.object({
    research_id: ResearchId,
    top_n: z.number().int().min(1).max(50).default(10).describe('Rows of the leaderboard to return.'),
    method: z
      .enum(['tournament', 'direct_comparison'])
      .default('tournament')
      .describe('tournament (default) also hands out the comparisons that reduce uncertainty most; direct_comparison only reads the current ranking. Both rank by pairwise comparisons, never by absolute scores.'),
  }),
  output: z.object({
    research_id: z.string(),
    certified: z.boolean(),
    stop_reason: z.enum(['certified', 'settled']).nullable().describe('Why no more comparisons are needed; null while they could still change the top-k.'),
    k: z.number().int(),
    matches: z.number().int(),
    position_bias: z.number().nullable().describe('First-slot bias of model judges in logits (0 = none); null until a model judge has played a match.'),
    position_bias_ci95: IntervalSchema.nullable().describe('Its 95% bootstrap interval: an interval that holds 0 is no evidence of bias (60 matches give about ±0.6 by the luck of the slot coin alone); null with the bias.'),
    leaderboard: z.array(z.object({ id: z.string(), rank: z.number().int(), elo_score: z.number(), bt_score: z.number(), ci95: IntervalSchema, p_top_k: z.number(), matches_played: z.number().int(), certified_top_k: z.boolean() })),
    work_item: WorkItemSchema.nullable(),
  }),
  async run(args, ctx) {
    const project = await loadResearch(ctx.db, args.research_id);
    const state = await rankingState(ctx.db, project);
    const stop = rankingStopDecision(project, state);
    // A completed project takes no more work; its leaderboard is still worth reading. `direct_comparison` (seed 000) only reads it.
    const task = stop.stop || project.status === 'completed' || args.method === 'direct_comparison' ? undefined : await requestComparisons(ctx.db, actorOf(ctx), leaseOwner(ctx), project.id);
    const item = task === undefined ? null : await buildWorkItem(ctx.db, task, ctx.grounding, delegatedReasoner(ctx.clientId));
    const rows = state.board.entries.slice(0, args.top_n).map((e) => ({
      id: e.id,
      rank: e.rank,
      elo_score: Math.round(e.elo * 10) / 10,
      bt_score: Math.round(e.btScore * 10) / 10,
      ci95: roundedInterval(...e.ci95),
      p_top_k: Math.round(e.pTopK * 1000) / 1000,
      matches_played: e.matches,
      certified_top_k: e.certifiedTopK,
    }));
    // With fewer than two competitors there is no ranking to report (no top-k, no bias estimate): say only that.
    const lines = state.ids.length < 2
      ? [`Nothing to rank yet in ${project.id}: ${state.ids.length === 0 ? 'no hypothesis is' : 'only one hypothesis is'} reviewed and approved, and a tournament needs two.`]
      : [
          `Leaderboard of ${project.id}: ${state.matches.length} matches, top-${state.board.k} ${stopText(stop)}.`,
          ...rows.map((r) => `${r.rank}. ${r.id} — Elo ${r.elo_score}, BT ${r.bt_score} [${r.ci95.low}, ${r.ci95.high}], P(top-${state.board.k}) ${r.p_top_k}`),
        ];
    if (item !== null) lines.push('', workItemMarkdown(item, false));
    const bias = state.board.positionBias.model;
    return {
      target: `research://projects/${project.id}`,
      data: { research_id: project.id, certified: state.board.certified, stop_reason: stop.reason, k: state.board.k, matches: state.matches.length, position_bias: bias.matches === 0 ? null : bias.beta, position_bias_ci95: bias.matches === 0 ? null : { low: bias.ci95[0], high: bias.ci95[1] }, leaderboard: rows, work_item: item === null ? null : workItemOutput(item, false) },
      markdown: lines.join('\n'),
    };
  },
});

function stopText(stop: StopDecision): string {
  if (stop.reason === 'certified') return 'certified';
  const change = stop.expectedChange === null ? '' : ` (expected change ${stop.expectedChange.toFixed(2)}, stop threshold ${stop.threshold})`;
  return stop.reason === 'settled' ? `settled${change}` : `not yet settled${change}`;
}

/** H-numbers of the hypotheses a page mentions (parents, originals of near-duplicates), read once per page. */
async function hypothesisLabels(ctx: ServerContext, ids: readonly string[]): Promise<(id: string) => string> {
  const labels = new Map(await Promise.all([...new Set(ids)].map(async (id) => [id, (await findHypothesis(ctx.db, id))?.seq] as const)));
  return (id) => {
    const seq = labels.get(id);
    return seq === undefined ? id : `H${seq}`;
  };
}

/** Everything list_hypotheses' description promises, on the row's line of text, for a client that reads only the text. */
function rowFlags(h: z.input<typeof HypothesisSummary>, labelOf: (id: string) => string): string[] {
  return [
    h.status,
    ...(h.origin === 'evolved' && h.parents.length > 0 ? [`evolved from ${h.parents.map(labelOf).join(' + ')}`] : []),
    ...(h.awaiting_approval ? ['awaiting approval'] : []),
    ...(h.near_duplicate_of === null ? [] : [`near-duplicate of ${labelOf(h.near_duplicate_of)}${h.status === 'rejected' && h.origin !== 'human' ? ', discarded' : ''}`]),
    ...(h.safety_flag === null ? [] : [`safety flag: ${h.safety_flag}`]),
    ...(h.unverified_citations > 0 ? [`${h.unverified_citations} unverified citation${h.unverified_citations === 1 ? '' : 's'}`] : []),
  ];
}

export const listHypothesesTool = defineTool({
  name: 'list_hypotheses',
  title: 'List hypotheses',
  description: [
    'A project\'s hypotheses by tournament rank (unranked after, by Elo) with status, Elo, Bradley-Terry score, lineage and flags (awaiting approval, near-duplicate, safety, unverified citations), each flag on its line of text too. Paged: pass next_cursor as `cursor`. One in full: hypothesis://{id}.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['hypotheses:read', 'research:read'],
  input: z.object({
    research_id: ResearchId,
    status: z
      .enum([...LISTED_STATUSES, 'evolved'])
      .optional()
      .describe('pending | reviewed | in_tournament | superseded (an evolved child replaced it) | rejected (by the scientist, or discarded as a near-duplicate); evolved = the hypotheses evolution produced, whatever their status.'),
    min_elo: z.number().optional().describe('Only hypotheses with at least this Elo.'),
    // 20 rows of 50-100-word summaries stay well under 10k tokens (test/integration/outputBudget.test.ts).
    limit: z.number().int().min(1).max(200).default(20).describe('Hypotheses per page (default 20, each ~300 tokens).'),
    cursor: z.string().optional(),
  }),
  output: z.object({ hypotheses: z.array(HypothesisSummary), total: z.number().int(), next_cursor: z.string().nullable() }),
  async run(args, ctx) {
    // That the project exists, and its counters for the total, in one read: its plan and settings
    // (loadResearch parses and validates both) are not needed. Read alongside the page (on
    // PostgreSQL one wait for both): an unknown project's empty page is answered by this read's error.
    const counts = getProjectCounts(ctx.db, args.research_id);
    // The seed's "evolved" means the evolved hypotheses themselves; the parents they replaced are "superseded" (stored status `evolved`).
    const filter = args.status === 'evolved' ? { origin: 'evolved' as const } : args.status === 'superseded' ? { status: 'evolved' as const } : { status: args.status };
    const [, page] = await Promise.all([counts, listHypotheses(ctx.db, { projectId: args.research_id, ...filter, minElo: args.min_elo, limit: args.limit, cursor: args.cursor, counts })]);
    const rows = page.hypotheses.map(summaryOf);
    const labelOf = await hypothesisLabels(ctx, [...rows.flatMap((h) => h.parents), ...rows.flatMap((h) => (h.near_duplicate_of === null ? [] : [h.near_duplicate_of]))]);
    // ' - ', not an em dash: one character beyond Latin-1 makes the whole digest two bytes a character to serialise and encode (runtime/frameEncoding.ts).
    const lines = rows.length === 0 ? ['No hypotheses match.'] : rows.map((h) => `- H${h.number} **${h.id}** [${rowFlags(h, labelOf).join(', ')}] Elo ${h.elo_score}${h.rank === null ? '' : `, rank ${h.rank}`} - ${h.summary}`);
    if (page.nextCursor !== null) lines.push(`More: cursor="${page.nextCursor}".`);
    return { data: { hypotheses: rows, total: page.total, next_cursor: page.nextCursor }, markdown: [`${page.total} hypotheses.`, ...lines].join('\n') };
  },
});
