// What the workflow proposes at its checkpoints: evolution plans and the final report.
import type { Db } from '../store/database.js';
import { projectHypotheses } from '../store/hypotheses.js';
import { countMatches } from '../store/matches.js';
import { competitors } from './ranking.js';
import type { EvolutionPlan } from './schemas.js';
import type { ResearchProject } from './types.js';

/**
 * Evolve the leaders: refine the best, combine the two best (complementary mechanisms often make
 * the strongest hypotheses), and take a paradigm-shifting look at the third, so one cycle both
 * exploits and explores.
 */
export function evolutionProposals(db: Db, project: ResearchProject): EvolutionPlan['proposals'] {
  const ranked = competitors(db, project.id)
    .filter((h) => h.rank !== null)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const [first, second, third] = ranked;
  const proposals: EvolutionPlan['proposals'] = [];
  if (first !== undefined) proposals.push({ hypothesis_id: first.id, strategy: 'refine' });
  if (first !== undefined && second !== undefined) proposals.push({ hypothesis_id: first.id, strategy: 'combine', partner_id: second.id });
  if (third !== undefined) proposals.push({ hypothesis_id: third.id, strategy: 'paradigm_shift' });
  else if (second !== undefined) proposals.push({ hypothesis_id: second.id, strategy: 'simplify' });
  return proposals;
}

export function finalReportPayload(db: Db, project: ResearchProject): Record<string, unknown> {
  const ranked = competitors(db, project.id)
    .filter((h) => h.rank !== null)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const all = projectHypotheses(db, project.id);
  const top = ranked.slice(0, project.settings.topK);
  const certified = top.length > 0 && top.every((h) => (h.pTopK ?? 0) >= 0.9);
  const overview =
    project.metaReview?.research_overview ??
    `Ranked ${ranked.length} hypotheses for "${project.goal}" by ${countMatches(db, project.id)} pairwise comparisons.`;
  return {
    overview,
    top_hypothesis_ids: top.map((h) => h.id),
    // Ordered by the Bradley-Terry rank, so its score and interval go with it (issue 18, item 2);
    // Elo stays for the readers who know it, never as the number the order seems to follow.
    top_hypotheses: top.map((h) => ({
      id: h.id,
      seq: h.seq,
      rank: h.rank,
      bt_score: h.btScore === null ? null : tenths(h.btScore),
      // Rounded as every other view of the interval rounds it (get_hypothesis, the leaderboard).
      ci95: h.ciLow === null || h.ciHigh === null ? null : { low: Math.round(h.ciLow), high: Math.round(h.ciHigh) },
      elo: Math.round(h.elo),
      summary: h.summary,
    })),
    certified,
    stats: {
      hypotheses: all.length,
      rejected: all.filter((h) => h.status === 'rejected').length,
      matches: countMatches(db, project.id),
      iterations: project.iteration,
    },
  };
}

function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}
