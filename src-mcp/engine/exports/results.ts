// get_results formats `summary` and `detailed` (docs/seed-mapping.md, seed 000: `executive_summary` + `top_hypotheses`).
// The executive summary is assembled from facts, never invented: counts, certification, the leader
// and the meta-review's own words.
import type { Hypothesis } from '../types.js';
import { isSuperseded, listedStatus, type ListedStatus, type ReviewScores } from '../schemas.js';
import {
  certificationText,
  label,
  lineage,
  partition,
  provenance,
  reviewsOf,
  standing,
  type ResearchReport,
} from './report.js';
import { bibliography } from './references.js';
import { firstSentences, formatCi, formatElo, formatScore, plural, withoutFinalPeriod } from './text.js';

export interface TopHypothesis {
  id: string;
  label: string;
  rank: number | null;
  summary: string;
  elo_score: number;
  bt_score: number | null;
  ci95: [number, number] | null;
  status: ListedStatus;
}

export interface ResultsSummary {
  research_id: string;
  certified: boolean;
  executive_summary: string;
  top_hypotheses: TopHypothesis[];
}

export interface DetailedHypothesis extends TopHypothesis {
  rationale: string;
  experimental_protocol: string;
  testable_predictions: string[];
  assumptions: string[];
  lineage: string;
  /** Mean of each score over the hypothesis's reviews; null when none. */
  mean_scores: ReviewScores | null;
  review_count: number;
  weaknesses: string[];
  citations: Array<{ key: string; title: string; doi: string | null; pmid: string | null; arxiv_id: string | null; verified: boolean }>;
}

export interface ResultsDetailed extends Omit<ResultsSummary, 'top_hypotheses'> {
  top_hypotheses: DetailedHypothesis[];
  research_overview: string | null;
  not_shown: { ranked: number; unranked: number; rejected: number };
}

/** The hypotheses get_results shows first: the ranked in order, then the unranked alive ones. */
export function topHypotheses(report: ResearchReport, topN: number): Hypothesis[] {
  const { ranked, unranked } = partition(report);
  // Ranked first; unranked alive hypotheses fill the list before any tournament has run. A superseded parent is never a top hypothesis.
  return [...ranked, ...unranked].filter((h) => !isSuperseded(h)).slice(0, Math.max(0, topN));
}

function topHypothesis(report: ResearchReport, h: Hypothesis): TopHypothesis {
  const s = standing(report, h);
  return { id: h.id, label: label(h), rank: s.rank, summary: h.summary, elo_score: Math.round(s.elo), bt_score: s.btScore, ci95: s.ci95, status: listedStatus(h.status) };
}

export function executiveSummary(report: ResearchReport): string {
  const { project } = report;
  const counts = provenance(report);
  const { ranked } = partition(report);
  const parts = [
    `Research goal: ${withoutFinalPeriod(project.goal)} (${project.domain}).`,
    `${plural(counts.hypotheses, 'hypothesis', 'hypotheses')} over ${plural(project.iteration, 'iteration')} (${counts.evolved} by evolution, ${counts.byScientist} by the scientist); ${counts.reviewed} reviewed, ${counts.rejected} rejected.`,
    `The tournament played ${plural(counts.matches, 'match', 'matches')} (${counts.humanVotes} judged by humans); the ranking is ${certificationText(report)}.`,
  ];
  const leader = ranked.find((h) => !isSuperseded(h));
  if (leader !== undefined) {
    const s = standing(report, leader);
    parts.push(
      `Leading hypothesis ${label(leader)} (Elo ${formatElo(s.elo)}, Bradley–Terry ${s.btScore === null ? 'n/a' : formatScore(s.btScore)}, 95% CI ${formatCi(s.ci95)}): ${firstSentences(leader.summary, 45)}`,
    );
  } else {
    parts.push('No hypothesis has been ranked yet.');
  }
  const overview = project.metaReview?.research_overview;
  if (overview !== undefined) parts.push(`Meta-review: ${firstSentences(overview, 80)}`);
  if (project.stopReason) parts.push(`The run stopped: ${withoutFinalPeriod(project.stopReason)}.`);
  return parts.join(' ');
}

export function resultsSummary(report: ResearchReport, topN = 10): ResultsSummary {
  return {
    research_id: report.project.id,
    certified: report.certified,
    executive_summary: executiveSummary(report),
    top_hypotheses: topHypotheses(report, topN).map((h) => topHypothesis(report, h)),
  };
}

function meanScores(report: ResearchReport, h: Hypothesis): ReviewScores | null {
  const reviews = reviewsOf(report, h.id);
  if (reviews.length === 0) return null;
  // EPSILON: 0.575 is stored as 0.57499…; a scientist expects it shown as 0.58.
  const mean = (pick: (s: ReviewScores) => number) => Math.round((reviews.reduce((sum, r) => sum + pick(r.scores), 0) / reviews.length + Number.EPSILON) * 100) / 100;
  return {
    plausibility: mean((s) => s.plausibility),
    novelty: mean((s) => s.novelty),
    testability: mean((s) => s.testability),
    safety: mean((s) => s.safety),
    overall: mean((s) => s.overall),
  };
}

export function resultsDetailed(report: ResearchReport, topN = 10): ResultsDetailed {
  const bib = bibliography(report);
  const shown = topHypotheses(report, topN);
  const { ranked, unranked, rejected } = partition(report);
  return {
    research_id: report.project.id,
    certified: report.certified,
    executive_summary: executiveSummary(report),
    research_overview: report.project.metaReview?.research_overview ?? null,
    top_hypotheses: shown.map((h) => ({
      ...topHypothesis(report, h),
      rationale: h.rationale,
      experimental_protocol: h.experimentalProtocol,
      testable_predictions: [...h.testablePredictions],
      assumptions: [...h.assumptions],
      lineage: lineage(report, h),
      mean_scores: meanScores(report, h),
      review_count: reviewsOf(report, h.id).length,
      weaknesses: reviewsOf(report, h.id).flatMap((r) => r.weaknesses).slice(0, 5),
      citations: h.citations.map((c) => ({
        key: bib.keyOf(c),
        title: c.title,
        doi: c.doi ?? null,
        pmid: c.pmid ?? null,
        arxiv_id: c.arxiv_id ?? null,
        verified: c.verified,
      })),
    })),
    not_shown: {
      ranked: ranked.filter((h) => !shown.includes(h)).length,
      unranked: unranked.filter((h) => !shown.includes(h)).length,
      rejected: rejected.length,
    },
  };
}
