// The context a work item's instructions are built from, in the snake_case the output schemas use
// (so the model sees the same field names it must write), and the mappings from domain records.
import type { Citation, ResearchPlan, ReviewScores, ReviewType } from '../../engine/schemas.js';
import type { Hypothesis, Review } from '../../engine/types.js';
import { digestOf } from '../../engine/hypothesisDigest.js';

export interface PromptProject {
  goal: string;
  domain: string;
  plan: ResearchPlan;
}

/** `verified` is known for stored citations; a reviewer should discount unverified ones. */
export type PromptCitation = Citation & { verified?: boolean };

export interface TournamentRecord {
  elo: number;
  rank: number | null;
  matches_played: number;
  wins: number;
  /** Judges' rationales from its matches, most recent first. */
  match_notes: Array<{ won: boolean; rationale: string }>;
}

export interface PromptHypothesis {
  id: string;
  seq?: number;
  summary: string;
  rationale: string;
  experimental_protocol: string;
  testable_predictions: string[];
  assumptions: string[];
  citations: PromptCitation[];
  /** For `tournament` reviews: the record the review must take into account. */
  tournament?: TournamentRecord;
  /** Set when the item's reader wrote this hypothesis: the item names it instead of re-sending it. */
  written_by_reader?: { title: string; core_claim: string };
}

export interface PromptReview {
  hypothesis_id: string;
  type: ReviewType;
  scores: ReviewScores;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  fundamental_flaw?: boolean;
  judge?: 'model' | 'human';
  /** Set when the item's reader wrote this review: the item names it instead of re-sending its points. */
  written_by_reader?: boolean;
}

export interface GroundingSnippet {
  document_id: string;
  title: string;
  /** DOI / PMID / arXiv id of the source document, when the knowledge base has one. */
  identifier?: string;
  header_path?: string;
  content: string;
}

export interface ExistingHypothesis {
  id: string;
  seq: number;
  title: string;
  core_claim: string;
  /** Leaderboard position, when the tournament has ranked it: `expansion` builds on the top ones. */
  rank?: number | null;
  elo?: number;
}

export function toPromptHypothesis(h: Hypothesis, tournament?: TournamentRecord): PromptHypothesis {
  return {
    id: h.id,
    seq: h.seq,
    summary: h.summary,
    rationale: h.rationale,
    experimental_protocol: h.experimentalProtocol,
    testable_predictions: h.testablePredictions,
    assumptions: h.assumptions,
    citations: h.citations,
    ...(tournament !== undefined ? { tournament } : {}),
  };
}

export function toPromptReview(r: Review): PromptReview {
  return {
    hypothesis_id: r.hypothesisId,
    type: r.type,
    scores: r.scores,
    strengths: r.strengths,
    weaknesses: r.weaknesses,
    recommendations: r.recommendations,
    fundamental_flaw: r.fundamentalFlaw,
    judge: r.judge,
  };
}

export function toExistingHypothesis(h: Hypothesis): ExistingHypothesis {
  const digest = digestOf(h);
  return { id: h.id, seq: h.seq, title: digest.title, core_claim: digest.core_claim, rank: h.rank, elo: h.elo };
}
