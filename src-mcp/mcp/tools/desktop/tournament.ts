// The desktop app's tournament views (leaderboard, Elo over time, match list, compare, arena) and
// the scientist's own verdicts in the arena.
// Desktop-only: assistants have rank_hypotheses and list_hypotheses, which are shaped for a
// conversation; these are shaped for a table of 10,000 rows and a scientist judging pairs.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { arenaPair, compareHypotheses } from '../../../engine/views/arena.js';
import { DEFAULT_SERIES, eloHistory, MAX_POINTS_PER_SERIES } from '../../../engine/views/eloHistory.js';
import { getHypothesis } from '../../../engine/hypotheses.js';
import { leaderboardPage } from '../../../engine/views/leaderboardView.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import { matchPage } from '../../../store/leaderboardQueries.js';
import { defineTool } from '../../toolkit.js';
import { logPage, positionBefore } from '../logCursor.js';
import { ArenaPairSchema, ComparisonSchema, EloHistorySchema, LeaderboardFormatSchema, LeaderboardPageSchema, MatchPageSchema, MAX_LEADERBOARD_PAGE_ROWS } from '../../../../src-shared/schemas/tournament.js';
import { arenaCard, comparedEntry, leaderboardColumns, matchEntry } from './tournamentRows.js';
import { boardRows } from './boardRows.js';
import { recordHumanJudgement } from '../../../engine/workflow/requests.js';
import { roundedInterval } from '../../../../src-shared/schemas/hypotheses.js';

const ResearchId = z.string().min(1).describe('Research project id, e.g. "res_3f9a1c0b2d4e".');
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const target = (id: string): string => `research://projects/${id}`;
/** Who may open a tournament view: the desktop app alone, and a lab's network endpoint to draw it in the app signed in to that lab. */
const TOURNAMENT_VIEW = { scopes: ['hypotheses:read', 'reviews:read'], desktopOnly: true, lab: 'view' } as const;

export const getLeaderboardTool = defineTool({
  name: 'get_leaderboard',
  title: 'Leaderboard (desktop)',
  description:
    'Every hypothesis of a project in leaderboard order (ranked by the Bradley-Terry fit, then unranked ones by Elo) with Elo, BT score and 95% interval, P(top-k), matches, wins, lineage, certified top-k flag and rank movement over the latest judging round. Paged for very large projects: pass next_cursor as cursor. Desktop app only.',
  annotations: READ_ONLY,
  ...TOURNAMENT_VIEW,
  input: z.object({
    research_id: ResearchId,
    cursor: z.string().optional().describe('next_cursor of the previous page; omit for the first.'),
    limit: z.number().int().min(1).max(MAX_LEADERBOARD_PAGE_ROWS).default(500),
    format: LeaderboardFormatSchema.default('rows').describe('"columns": the rows as one array per field (columns), about half the JSON of a large page; rows is then empty.'),
    search: z.string().max(500).optional().describe('Only this page\'s rows whose "h<number>", id or full summary contain every word (case-insensitive); next_cursor still walks the whole board.'),
    summary_chars: z.number().int().min(20).max(10_000).optional().describe('Summaries cut to at most this many characters, ending in "..." where cut (get_hypothesis has the full text); search still reads the full text.'),
  }),
  output: LeaderboardPageSchema,
  async run(args, ctx) {
    const page = await leaderboardPage(ctx.db, args.research_id, { cursor: args.cursor, limit: args.limit });
    const rows = boardRows(page.rows, { search: args.search, summaryChars: args.summary_chars });
    const byColumn = args.format === 'columns';
    // ASCII only: one character beyond Latin-1 (an en or em dash) makes the whole page's frame a
    // two-byte string in the server and in the client that parses it, for every row
    // (runtime/frameEncoding.ts); a page's rows are the bulk of its bytes, the digest ten lines.
    const lines = rows.slice(0, 10).map((r) => `${r.rank === null ? 'unranked' : `${r.rank}.`} H${r.number} ${r.id}: Elo ${r.elo_score}${r.certified_top_k ? ' (certified)' : ''}`);
    if (page.nextCursor !== null) lines.push(`More: cursor="${page.nextCursor}".`);
    return {
      target: target(page.researchId),
      data: {
        research_id: page.researchId,
        k: page.k,
        certified: page.certified,
        certify_threshold: page.certifyThreshold,
        matches: page.matchCount,
        total: page.total,
        movement_window: page.movementWindow,
        rows: byColumn ? [] : rows,
        ...(byColumn ? { columns: leaderboardColumns(rows) } : {}),
        next_cursor: page.nextCursor,
      },
      markdown: [`Leaderboard of ${page.researchId}: ${rows.length} of ${page.total} hypotheses, ${page.matchCount} matches, top-${page.k} ${page.certified ? 'certified' : 'not certified'}.`, ...lines].join('\n'),
    };
  },
});

export const getEloHistoryTool = defineTool({
  name: 'get_elo_history',
  title: 'Elo over time (desktop)',
  description: `Elo of chosen hypotheses replayed over the match log, one point per match they played (at most ${MAX_POINTS_PER_SERIES} per hypothesis, evenly thinned). Without hypothesis_ids: the top ${DEFAULT_SERIES}. Desktop app only.`,
  annotations: READ_ONLY,
  ...TOURNAMENT_VIEW,
  input: z.object({
    research_id: ResearchId,
    hypothesis_ids: z.array(z.string().min(1)).min(1).max(20).optional().describe('Up to 20 hypotheses; the current top 5 when omitted.'),
  }),
  output: EloHistorySchema,
  async run(args, ctx) {
    const history = await eloHistory(ctx.db, args.research_id, args.hypothesis_ids);
    const series = history.series.map((s) => ({
      id: s.id,
      number: s.seq,
      summary: s.summary,
      rank: s.rank,
      bt_score: s.btScore === null ? null : Math.round(s.btScore * 10) / 10,
      ci95: s.ci95 === null ? null : roundedInterval(...s.ci95),
      played_matches: s.playedMatches,
      points: s.points.map(([match, elo]) => ({ match, elo: Math.round(elo * 10) / 10 })),
    }));
    const lines = series.map((s) => `- H${s.number} ${s.id}: ${s.played_matches} matches, Elo now ${s.points[s.points.length - 1]?.elo ?? 1000}`);
    return {
      target: target(history.researchId),
      data: { research_id: history.researchId, matches: history.matchCount, series },
      markdown: [`Elo history of ${history.researchId} over ${history.matchCount} matches.`, ...lines].join('\n'),
    };
  },
});

export const nextArenaPairTool = defineTool({
  name: 'next_arena_pair',
  title: 'Next pair for the arena (desktop)',
  description:
    'The pair the tournament\'s active pairing would have judged next (Swiss placement first, then the uncertain top-k boundary), in a random slot order, for the scientist to judge in the arena. Creates nothing: the verdict is recorded with record_judgement. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  ...TOURNAMENT_VIEW,
  input: z.object({
    research_id: ResearchId,
    skip: z
      .array(z.object({ first_id: z.string().min(1), second_id: z.string().min(1) }))
      .max(50)
      .default([])
      .describe('Pairs the scientist skipped, to be offered another (in either order).'),
  }),
  output: ArenaPairSchema,
  async run(args, ctx) {
    const project = await loadResearch(ctx.db, args.research_id);
    const pair = await arenaPair(ctx.db, project.id, { skipped: args.skip.map((pair) => [pair.first_id, pair.second_id] as const), coin: () => randomInt(2) === 1 });
    const message =
      pair === null
        ? 'Fewer than two hypotheses are in the tournament yet: hypotheses compete once they are approved and reviewed.'
        : `Which is the better hypothesis: H${pair.first.seq} (first) or H${pair.second.seq} (second)?`;
    return {
      target: target(project.id),
      data: { research_id: project.id, pair: pair === null ? null : { first: arenaCard(pair.first), second: arenaCard(pair.second), reason: pair.reason }, message },
      markdown: message,
    };
  },
});

export const listMatchesTool = defineTool({
  name: 'list_matches',
  title: 'Match log (desktop)',
  description: 'The tournament\'s match log, newest first: who met whom in which slot order, the winner, the judge (model or human) and the rationale. Filter by hypothesis or judge. Desktop app only.',
  annotations: READ_ONLY,
  ...TOURNAMENT_VIEW,
  input: z.object({
    research_id: ResearchId,
    hypothesis_id: z.string().min(1).optional().describe('Only matches this hypothesis played.'),
    judge: z.enum(['model', 'human']).optional(),
    cursor: z.string().optional(),
    limit: z.number().int().min(1).max(500).default(100),
  }),
  output: MatchPageSchema,
  async run(args, ctx) {
    const project = await loadResearch(ctx.db, args.research_id);
    if (args.hypothesis_id !== undefined) await getHypothesis(ctx.db, args.hypothesis_id, project.id);
    const beforeSeq = positionBefore(args.cursor, 'list_matches');
    const page = await matchPage(ctx.db, { projectId: project.id, hypothesisId: args.hypothesis_id, judge: args.judge, beforeSeq, limit: args.limit + 1 });
    const { rows, nextCursor } = logPage(page.rows, args.limit, (row) => row.seq);
    const matches = rows.map(matchEntry);
    return {
      target: target(project.id),
      data: { research_id: project.id, matches, total: page.total, next_cursor: nextCursor },
      markdown: [`${page.total} matches.`, ...matches.slice(0, 10).map((m) => `- #${m.number} ${m.first_id} vs ${m.second_id}: ${m.winner_id} wins (${m.judge})`)].join('\n'),
    };
  },
});

export const compareHypothesesTool = defineTool({
  name: 'compare_hypotheses',
  title: 'Compare two hypotheses (desktop)',
  description: 'Two hypotheses of one project side by side: every field, ratings, the latest review\'s scores, strengths and weaknesses, and their head-to-head record. Desktop app only.',
  annotations: READ_ONLY,
  ...TOURNAMENT_VIEW,
  input: z.object({ research_id: ResearchId, first_id: z.string().min(1), second_id: z.string().min(1) }),
  output: ComparisonSchema,
  async run(args, ctx) {
    const comparison = await compareHypotheses(ctx.db, args.research_id, args.first_id, args.second_id);
    const first = comparedEntry(comparison.first);
    const second = comparedEntry(comparison.second);
    const h2h = comparison.headToHead;
    return {
      target: target(comparison.researchId),
      data: {
        research_id: comparison.researchId,
        hypotheses: { first, second },
        head_to_head: { matches: h2h.matches.length, first_wins: h2h.firstWins, second_wins: h2h.secondWins, human_judged: h2h.human },
      },
      markdown: [
        `## H${first.number} vs H${second.number}`,
        `- H${first.number} (${first.id}): Elo ${first.elo_score}, rank ${first.rank ?? '–'} — ${first.summary}`,
        `- H${second.number} (${second.id}): Elo ${second.elo_score}, rank ${second.rank ?? '–'} — ${second.summary}`,
        `Head to head: ${h2h.firstWins}–${h2h.secondWins} over ${h2h.matches.length} matches.`,
      ].join('\n'),
    };
  },
});

export const TOURNAMENT_DESKTOP_TOOLS = [getLeaderboardTool, getEloHistoryTool, nextArenaPairTool, listMatchesTool, compareHypothesesTool];

// The scientist's own pairwise verdicts (arena mode): recorded as human judgements, which the
// Bradley-Terry fit counts with their own position-bias term.
export const recordJudgementTool = defineTool({
  name: 'record_judgement',
  title: 'Record a human judgement',
  description: 'Records the scientist\'s verdict on a pair of hypotheses (first/second in the order they were shown) as a human match in the tournament, and refreshes the ranking. Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['reviews:write'],
  desktopOnly: true,
  lab: 'contribution',
  input: z.object({
    first_id: z.string().min(1).describe('The hypothesis shown on the left / first.'),
    second_id: z.string().min(1).describe('The hypothesis shown on the right / second.'),
    winner_id: z.string().min(1).describe('first_id or second_id.'),
    rationale: z.string().max(4000).default('Judged by the scientist.'),
  }),
  output: z.object({ research_id: z.string(), winner_id: z.string(), judge: z.literal('human') }),
  async run(args, ctx) {
    const projectId = await recordHumanJudgement(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, { firstId: args.first_id, secondId: args.second_id, winnerId: args.winner_id, rationale: args.rationale });
    return { data: { research_id: projectId, winner_id: args.winner_id, judge: 'human' as const }, markdown: `Recorded the scientist's judgement: ${args.winner_id} wins.`, target: `research://projects/${projectId}` };
  },
});
