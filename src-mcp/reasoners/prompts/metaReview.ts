// Meta-review work items: the feedback loop of the co-scientist. Its outputs are read by the next
// generation round, by reviewers, and by the scientist (the research overview in the report).
import { MetaReviewResultSchema } from '../../engine/schemas.js';
import type { PromptProject, PromptReview } from './context.js';
import { INJECTION_WARNING, capList, clip, dataBlock, joinSections, outputContract, projectSection } from './shared.js';

export interface MatchRationale {
  winner_id: string;
  loser_id: string;
  rationale: string;
  judge?: 'model' | 'human';
}

export interface LeaderboardRow {
  id: string;
  seq?: number;
  rank: number;
  summary: string;
  elo: number;
  bt_score?: number | null;
  ci95?: [number, number] | null;
}

export interface MetaReviewContext {
  project: PromptProject;
  reviews: PromptReview[];
  matchRationales: MatchRationale[];
  leaderboard: LeaderboardRow[];
}

const GUIDANCE = [
  '## What to produce',
  '',
  '1. **`recurring_critiques`**: patterns across reviews and match rationales, not one-off comments, for example "protocols lack negative controls (H2, H5, H9)" or "mechanisms assume the mouse model reflects human disease". Name the hypotheses concerned; most important first; at most 15.',
  '2. **`feedback_for_generation`**: concrete guidance for the next batch: mistakes to stop making, directions that are over-explored (several near-identical leaders) and under-explored (plausible mechanisms, levels or interventions nobody proposed), and the quality bar the winners share.',
  '3. **`feedback_for_review`**: is the reviewing calibrated? Look for scores bunched in a narrow band, novelty or testability rated high where match rationales disagree, safety ignored, or reviews that contradict tournament outcomes; say what reviewers should check more carefully.',
  '4. **`research_overview`** (for the scientist, 200–600 words): the state of the question as these hypotheses see it; the main directions (clusters), each with its best hypotheses by label and id; what to test first and why (the cheapest decisive experiment among the leaders); the main open risks. Where the leaderboard\'s confidence intervals overlap, say that the order is not settled.',
  '',
  'Base every statement on the material below; where it is thin (few reviews or matches), say so rather than generalising.',
].join('\n');

function leaderboardBlock(rows: LeaderboardRow[]): string {
  const { shown, note } = capList([...rows].sort((a, b) => a.rank - b.rank), 25);
  const lines = shown.map((row) => {
    const name = row.seq !== undefined ? `H${row.seq} ` : '';
    const bt = row.bt_score != null ? `, BT ${Number(row.bt_score.toPrecision(3))}` : '';
    const ci = row.ci95 ? ` (95% CI ${Number(row.ci95[0].toPrecision(3))}–${Number(row.ci95[1].toPrecision(3))})` : '';
    return `${row.rank}. ${name}(${row.id}) Elo ${Math.round(row.elo)}${bt}${ci}: ${clip(row.summary, 800)}`;
  });
  return ['## Leaderboard (Bradley–Terry rank; Elo shown for reference)', '', dataBlock('leaderboard', [...lines, note].join('\n'))].join('\n');
}

function reviewsBlock(reviews: PromptReview[]): string {
  if (reviews.length === 0) return '## Reviews\n\nNo reviews yet.';
  const { shown, note } = capList(reviews, 40);
  const lines = shown.map((r) => {
    const s = r.scores;
    return [
      `[${r.hypothesis_id} · ${r.type}${r.judge === 'human' ? ' · by the scientist' : ''}] P ${s.plausibility} N ${s.novelty} T ${s.testability} S ${s.safety} overall ${s.overall}${r.fundamental_flaw ? ' · fundamental flaw' : ''}`,
      ...r.weaknesses.slice(0, 4).map((w) => `  - weakness: ${clip(w, 400)}`),
      ...r.recommendations.slice(0, 2).map((x) => `  - recommendation: ${clip(x, 300)}`),
    ].join('\n');
  });
  return ['## Reviews', '', dataBlock('reviews', [...lines, note].join('\n'))].join('\n');
}

function rationalesBlock(rationales: MatchRationale[]): string {
  if (rationales.length === 0) return '## Match rationales\n\nNo matches yet.';
  const { shown, note } = capList(rationales, 30);
  const lines = shown.map((m) => `- ${m.winner_id} beat ${m.loser_id}${m.judge === 'human' ? ' (the scientist\'s vote)' : ''}: ${clip(m.rationale, 500)}`);
  return ['## Match rationales', '', dataBlock('match_rationales', [...lines, note].join('\n'))].join('\n');
}

export function metaReviewInstructions(context: MetaReviewContext): string {
  return joinSections([
    '# Task: meta-review of this research round',
    'You are the meta-review agent of an AI co-scientist. You read every review and tournament verdict of the round and distil them: the next generation round and the reviewers follow your feedback, and the scientist reads your overview first in the final report. Votes by the scientist carry more weight than model verdicts.',
    INJECTION_WARNING,
    projectSection(context.project),
    GUIDANCE,
    leaderboardBlock(context.leaderboard),
    reviewsBlock(context.reviews),
    rationalesBlock(context.matchRationales),
    outputContract(MetaReviewResultSchema, [
      'Refer to hypotheses by the labels and ids shown (e.g. "H3 (hyp_…)"); never invent ids.',
      '`research_overview`: 200–600 words, plain prose paragraphs.',
      'Feedback fields are instructions to other agents: imperative, specific, at most ten points each.',
    ]),
  ]);
}
