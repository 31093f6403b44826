// Meta-review work items: the feedback loop of the co-scientist. Its outputs are read by the next
// generation round, by reviewers, and by the scientist (the research overview in the report).
// The item is an aggregated digest, not a dump: recurring critiques with counts and examples,
// score statistics, and match verdicts that name which hypothesis won.
import { buildProximityIndex } from '../../engine/proximity.js';
import type { PromptProject, PromptReview } from './context.js';
import { capList, clip, dataBlock, joinSections, outputContract, projectSection } from './shared.js';

export interface MatchRationale {
  /** Labels (H3) or ids of the winner and the loser. */
  winner: string;
  loser: string;
  rationale: string;
  judge?: 'model' | 'human';
  confidence?: number | null;
}

export interface LeaderboardRow {
  id: string;
  seq?: number;
  rank: number;
  title: string;
  elo: number;
  wins?: number;
  matches?: number;
  ci95?: [number, number] | null;
}

export interface MetaReviewContext {
  project: PromptProject;
  reviews: PromptReview[];
  matchRationales: MatchRationale[];
  leaderboard: LeaderboardRow[];
  /** hypothesis id → label (H3), so the digest names hypotheses the way the scientist does. */
  labels: ReadonlyMap<string, string>;
}

export const META_REVIEW_RULES = [
  '## Meta-review',
  '',
  'You are the meta-review agent of an AI co-scientist. You read the digest of a round\'s reviews and tournament verdicts and distil it: the next generation round and the reviewers follow your feedback, and the scientist reads your overview first in the final report. Votes by the scientist carry more weight than model verdicts. Refer to hypotheses by their labels (H3); never invent ids.',
  '',
  '1. **`recurring_critiques`**: patterns across reviews and verdicts, not one-off comments, for example "protocols lack negative controls (H2, H5, H9)". Most important first.',
  '2. **`feedback_for_generation`**: concrete guidance for the next batch: mistakes to stop making, directions over-explored (several near-identical leaders) and under-explored, and the quality bar the winners share. Imperative, specific.',
  '3. **`feedback_for_review`**: is reviewing calibrated? Scores bunched in a narrow band, novelty or testability rated high where verdicts disagree, safety ignored, reviews contradicting tournament outcomes; say what reviewers should check.',
  '4. **`research_overview`** (for the scientist, 100–200 words of plain prose): the state of the question as these hypotheses see it; the main directions with their best hypotheses by label; what to test first and why; the main open risks. Where the leaderboard\'s intervals overlap, say the order is not settled.',
  '',
  'Base every statement on the digest; where it is thin (few reviews or matches), say so. The full text of any hypothesis is at hypothesis://{id}.',
].join('\n');

/** Enough to show the patterns; the rest are counted (issue 13: a digest, not a dump). */
const CRITIQUE_GROUPS_SHOWN = 5;
const VERDICTS_SHOWN = 5;
/** Two critiques whose word-bag similarity reaches this are counted as the same point. */
const SAME_CRITIQUE = 0.35;

interface CritiqueGroup {
  example: string;
  labels: Set<string>;
  count: number;
}

/** Groups near-identical critiques across reviews: each group with its count, the hypotheses it concerns and one example. */
export function recurringPoints(items: Array<{ text: string; label: string }>): CritiqueGroup[] {
  const texts = new Map(items.map((item, i) => [String(i), item.text]));
  const index = buildProximityIndex(texts);
  const groups: Array<CritiqueGroup & { key: string }> = [];
  items.forEach((item, i) => {
    const key = String(i);
    const home = groups.find((group) => index.similarity(group.key, key) >= SAME_CRITIQUE);
    if (home === undefined) groups.push({ key, example: item.text, labels: new Set([item.label]), count: 1 });
    else {
      home.count += 1;
      home.labels.add(item.label);
    }
  });
  return groups.sort((a, b) => b.count - a.count);
}

function groupLines(groups: CritiqueGroup[], shownCount: number): string[] {
  const { shown, note } = capList(groups, shownCount);
  return [
    ...shown.map((g) => {
      const labels = [...g.labels];
      return `- ×${g.count} (${labels.slice(0, 8).join(', ')}${labels.length > 8 ? ', …' : ''}): ${clip(g.example, 150)}`;
    }),
    ...(note ? [note] : []),
  ];
}

function scoreLine(reviews: PromptReview[]): string {
  const criteria = ['plausibility', 'novelty', 'testability', 'safety', 'overall'] as const;
  return criteria
    .map((criterion) => {
      const values = reviews.map((r) => r.scores[criterion]);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
      return `${criterion} ${mean.toFixed(2)} ± ${sd.toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
    })
    .join('; ');
}

function reviewsDigest(context: MetaReviewContext): string {
  const { reviews } = context;
  if (reviews.length === 0) return '## Reviews\n\nNo reviews yet.';
  const label = (id: string) => context.labels.get(id) ?? id;
  const flagged = reviews.filter((r) => r.fundamental_flaw).map((r) => label(r.hypothesis_id));
  const human = reviews.filter((r) => r.judge === 'human').length;
  const lines = [
    `${reviews.length} reviews${human > 0 ? ` (${human} by the scientist)` : ''}. Scores, mean ± sd (range): ${scoreLine(reviews)}.`,
    ...(flagged.length > 0 ? [`Fundamental flaw found in: ${[...new Set(flagged)].join(', ')}.`] : []),
    'Recurring weaknesses (count, hypotheses, one example):',
    ...groupLines(recurringPoints(reviews.flatMap((r) => r.weaknesses.map((text) => ({ text, label: label(r.hypothesis_id) })))), CRITIQUE_GROUPS_SHOWN),
    'Recurring recommendations:',
    ...groupLines(recurringPoints(reviews.flatMap((r) => r.recommendations.map((text) => ({ text, label: label(r.hypothesis_id) })))), 3),
  ];
  return ['## Reviews (digest)', '', dataBlock('reviews', lines.join('\n'))].join('\n');
}

function leaderboardBlock(rows: LeaderboardRow[]): string {
  if (rows.length === 0) return '';
  const lines = [...rows]
    .sort((a, b) => a.rank - b.rank)
    .map((row) => {
      const name = row.seq !== undefined ? `H${row.seq}` : row.id;
      const record = row.matches !== undefined ? `, ${row.wins ?? 0}–${row.matches - (row.wins ?? 0)}` : '';
      const ci = row.ci95 ? `, CI ${Math.round(row.ci95[0])}–${Math.round(row.ci95[1])}` : '';
      return `${row.rank}. ${name} (Elo ${Math.round(row.elo)}${record}${ci}): ${clip(row.title, 80)}`;
    });
  return ['## Leaderboard (Bradley–Terry rank; won–lost)', '', dataBlock('leaderboard', lines.join('\n'))].join('\n');
}

function verdictsBlock(verdicts: MatchRationale[]): string {
  if (verdicts.length === 0) return '## Tournament verdicts\n\nNo matches yet.';
  const human = verdicts.filter((m) => m.judge === 'human').length;
  // The scientist's votes first (they weigh most), then the most recent model verdicts.
  const ordered = [...verdicts.filter((m) => m.judge === 'human'), ...verdicts.filter((m) => m.judge !== 'human').reverse()];
  const { shown } = capList(ordered, VERDICTS_SHOWN);
  const lines = [
    `${verdicts.length} matches${human > 0 ? `, ${human} voted by the scientist` : ''}; ${shown.length} verdicts shown (the scientist's first, then the latest):`,
    ...shown.map((m) => `- ${m.winner} beat ${m.loser}${m.judge === 'human' ? ' (the scientist\'s vote)' : m.confidence != null ? ` (confidence ${m.confidence})` : ''}: ${clip(m.rationale, 140)}`),
    'Recurring reasons in the verdicts (count, winners):',
    ...groupLines(recurringPoints(verdicts.map((m) => ({ text: m.rationale, label: m.winner }))), 3),
  ];
  return ['## Tournament verdicts (digest)', '', dataBlock('match_rationales', lines.join('\n'))].join('\n');
}

export function metaReviewInstructions(context: MetaReviewContext): string {
  return joinSections([
    '# Task: meta-review of this research round',
    projectSection(context.project),
    leaderboardBlock(context.leaderboard),
    reviewsDigest(context),
    verdictsBlock(context.matchRationales),
    outputContract(['Name hypotheses by label (H3). `research_overview`: 100–200 words of plain prose.']),
  ]);
}
