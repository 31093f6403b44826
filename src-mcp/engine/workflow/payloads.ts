// What the workflow proposes at its checkpoints: evolution plans and the final report.
import type { Db } from '../../store/database.js';
import { listCheckpoints } from '../../store/checkpoints.js';
import { projectHypotheses } from '../../store/hypotheses.js';
import { countMatches } from '../../store/matches.js';
import { competitors } from '../ranking.js';
import { isSuperseded, type EvolutionPlan } from '../schemas.js';
import type { ResearchProject } from '../types.js';

/**
 * Evolve the leaders: refine the best, combine the two best (complementary mechanisms often make
 * the strongest hypotheses), and take a paradigm-shifting look at the third, so one cycle both
 * exploits and explores.
 */
export async function evolutionProposals(db: Db, project: ResearchProject): Promise<EvolutionPlan['proposals']> {
  // A superseded parent keeps playing as its child's benchmark but is never a top hypothesis.
  const ranked = (await competitors(db, project.id))
    .filter((h) => h.rank !== null && !isSuperseded(h))
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const [first, second, third] = ranked;
  const proposals: EvolutionPlan['proposals'] = [];
  if (first !== undefined) proposals.push({ hypothesis_id: first.id, strategy: 'refine' });
  if (first !== undefined && second !== undefined) proposals.push({ hypothesis_id: first.id, strategy: 'combine', partner_id: second.id });
  if (third !== undefined) proposals.push({ hypothesis_id: third.id, strategy: 'paradigm_shift' });
  else if (second !== undefined) proposals.push({ hypothesis_id: second.id, strategy: 'simplify' });
  return proposals;
}

export async function finalReportPayload(db: Db, project: ResearchProject): Promise<Record<string, unknown>> {
  const ranked = (await competitors(db, project.id))
    .filter((h) => h.rank !== null)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const all = await projectHypotheses(db, project.id);
  const top = ranked.slice(0, project.settings.topK);
  const certified = top.length > 0 && top.every((h) => (h.pTopK ?? 0) >= 0.9);
  const overview =
    project.metaReview?.research_overview ??
    `Ranked ${ranked.length} hypotheses for "${project.goal}" by ${await countMatches(db, project.id)} pairwise comparisons.`;
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
    ...await replacedReport(db, project.id),
    stats: {
      hypotheses: all.length,
      rejected: all.filter((h) => h.status === 'rejected').length,
      matches: await countMatches(db, project.id),
      iterations: project.iteration,
    },
  };
}

/** When the previous final report was withdrawn (lateArrivals.withdrawWaitingReport), which one this replaces and why. */
async function replacedReport(db: Db, projectId: string): Promise<{ replaces?: { checkpoint_id: string; reason: string } }> {
  const previous = (await listCheckpoints(db, { projectId, status: 'decided', limit: 1000 })).filter((c) => c.kind === 'final_report').at(-1);
  if (previous === undefined || previous.decisionId !== null) return {};
  return { replaces: { checkpoint_id: previous.id, reason: previous.decisionNote ?? '' } };
}

function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}
