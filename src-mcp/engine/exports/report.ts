// The input of every export: one project's records at the moment the report was made, plus the
// derived views (standing, partition, provenance) that all formats must agree on.
import type { Hypothesis, LeaderboardEntry, MatchRecord, ResearchProject, Review } from '../types.js';

export interface ResearchReport {
  project: ResearchProject;
  /** Ranked first; rejected hypotheses are included (flagged by status) so nothing is silently dropped. */
  hypotheses: Hypothesis[];
  reviews: Review[];
  matches: MatchRecord[];
  leaderboard: LeaderboardEntry[];
  /** The tournament certified the top-k ordering (architecture.md, *Tournament*). */
  certified: boolean;
  generatedAt: string;
}

/** Where a hypothesis stands; the leaderboard (the Bradley–Terry fit) wins over fields cached on the record. */
export interface Standing {
  rank: number | null;
  elo: number;
  btScore: number | null;
  ci95: [number, number] | null;
  pTopK: number | null;
  matches: number;
  wins: number;
  certifiedTopK: boolean;
}

export function label(hypothesis: Pick<Hypothesis, 'seq'>): string {
  return `H${hypothesis.seq}`;
}

export function standing(report: ResearchReport, hypothesis: Hypothesis): Standing {
  const entry = report.leaderboard.find((row) => row.hypothesisId === hypothesis.id);
  if (entry !== undefined) {
    return {
      rank: entry.rank,
      elo: entry.elo,
      btScore: entry.btScore,
      ci95: entry.ci95,
      pTopK: entry.pTopK,
      matches: entry.matches,
      wins: entry.wins,
      certifiedTopK: entry.certifiedTopK,
    };
  }
  return {
    rank: hypothesis.rank,
    elo: hypothesis.elo,
    btScore: hypothesis.btScore,
    ci95: hypothesis.ci95,
    pTopK: hypothesis.pTopK,
    matches: hypothesis.matchesPlayed,
    wins: hypothesis.wins,
    certifiedTopK: false,
  };
}

export interface Partition {
  /** In the tournament's order (rank, then Elo, then age). */
  ranked: Hypothesis[];
  /** Alive but without a rank yet: pending, under review, or superseded by an evolved child. */
  unranked: Hypothesis[];
  rejected: Hypothesis[];
}

/** Sorts defensively, so every format shows the same order even if the caller's order drifted. */
export function partition(report: ResearchReport): Partition {
  const byStanding = (a: Hypothesis, b: Hypothesis): number => {
    const sa = standing(report, a);
    const sb = standing(report, b);
    return (sa.rank ?? Infinity) - (sb.rank ?? Infinity) || sb.elo - sa.elo || a.seq - b.seq;
  };
  const alive = report.hypotheses.filter((h) => h.status !== 'rejected');
  return {
    ranked: alive.filter((h) => standing(report, h).rank !== null).sort(byStanding),
    unranked: alive.filter((h) => standing(report, h).rank === null).sort(byStanding),
    rejected: report.hypotheses.filter((h) => h.status === 'rejected').sort((a, b) => a.seq - b.seq),
  };
}

export function reviewsOf(report: ResearchReport, hypothesisId: string): Review[] {
  return report.reviews.filter((review) => review.hypothesisId === hypothesisId);
}

export function findHypothesis(report: ResearchReport, id: string): Hypothesis | undefined {
  return report.hypotheses.find((h) => h.id === id);
}

/** "H3" when the id is in the report, else the raw id: a lineage link must never vanish. */
export function labelOf(report: ResearchReport, id: string): string {
  const found = findHypothesis(report, id);
  return found === undefined ? id : label(found);
}

export function children(report: ResearchReport, hypothesis: Hypothesis): Hypothesis[] {
  return report.hypotheses.filter((h) => h.parents.includes(hypothesis.id)).sort((a, b) => a.seq - b.seq);
}

export function lineage(report: ResearchReport, hypothesis: Hypothesis): string {
  const parts: string[] = [];
  if (hypothesis.origin === 'evolved') {
    const parents = hypothesis.parents.map((id) => labelOf(report, id)).join(' + ');
    parts.push(`evolved (${hypothesis.method}) from ${parents || 'an unrecorded parent'}`);
  } else if (hypothesis.origin === 'human') {
    parts.push('written by the scientist');
  } else {
    parts.push(`generated (${hypothesis.method}) in iteration ${hypothesis.iteration}`);
  }
  const kids = children(report, hypothesis);
  if (kids.length > 0) parts.push(`evolved into ${kids.map(label).join(', ')}`);
  return parts.join('; ');
}

/** Why a hypothesis left the race, from the facts the records keep. */
export function rejectionReason(report: ResearchReport, hypothesis: Hypothesis): string {
  const reasons: string[] = [];
  if (hypothesis.safetyFlag !== null) reasons.push(`safety screen: ${hypothesis.safetyFlag}`);
  if (hypothesis.nearDuplicateOf !== null) reasons.push(`near-duplicate of ${labelOf(report, hypothesis.nearDuplicateOf)}`);
  const flawed = reviewsOf(report, hypothesis.id).filter((review) => review.fundamentalFlaw);
  if (flawed.length > 0) reasons.push(`fundamental flaw found in ${flawed.map((review) => review.type).join(', ')} review`);
  return reasons.length > 0 ? reasons.join('; ') : 'rejected during review (no further reason recorded)';
}

export interface Provenance {
  hypotheses: number;
  generated: number;
  evolved: number;
  byScientist: number;
  reviewed: number;
  reviews: number;
  rejected: number;
  matches: number;
  humanVotes: number;
  modelJudgements: number;
}

export function provenance(report: ResearchReport): Provenance {
  const reviewed = new Set(report.reviews.map((review) => review.hypothesisId));
  const humanVotes = report.matches.filter((match) => match.judge === 'human').length;
  const count = (origin: Hypothesis['origin']) => report.hypotheses.filter((h) => h.origin === origin).length;
  return {
    hypotheses: report.hypotheses.length,
    generated: count('generated'),
    evolved: count('evolved'),
    byScientist: count('human'),
    reviewed: report.hypotheses.filter((h) => reviewed.has(h.id)).length,
    reviews: report.reviews.length,
    rejected: report.hypotheses.filter((h) => h.status === 'rejected').length,
    matches: report.matches.length,
    humanVotes,
    modelJudgements: report.matches.length - humanVotes,
  };
}

export function certificationText(report: ResearchReport): string {
  const k = report.project.settings.topK;
  return report.certified
    ? `certified: the tournament is confident of the top-${k} set`
    : `not certified: the top-${k} set is still uncertain, so treat close ranks as ties`;
}
