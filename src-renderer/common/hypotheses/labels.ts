// How hypothesis facts read in the GUI.
import type { HypothesisOrigin, HypothesisStatus, ListedStatus, ReviewType } from '../../../src-shared/routes/index';

export const STATUS_LABELS: Record<HypothesisStatus, string> = {
  pending: 'Not yet reviewed',
  reviewed: 'Reviewed',
  in_tournament: 'In tournament',
  // Variants were evolved from it (it still competes). "Evolved" is kept for the origin of a variant.
  evolved: 'Has variants',
  rejected: 'Rejected',
};

/** The status as list_hypotheses reads it: a parent its evolved variant superseded. */
export const LISTED_STATUS_LABELS: Record<ListedStatus, string> = {
  pending: STATUS_LABELS.pending,
  reviewed: STATUS_LABELS.reviewed,
  in_tournament: STATUS_LABELS.in_tournament,
  superseded: 'Superseded by a variant',
  rejected: STATUS_LABELS.rejected,
};

/** One wording of where a hypothesis came from, in the leaderboard and the hypothesis views alike. */
export const ORIGIN_LABELS: Record<HypothesisOrigin, string> = { generated: 'Generated', evolved: 'Evolved', human: 'Written by you' };

/** "literature_based" → "literature based", "paradigm_shift" → "paradigm shift". */
export function methodLabel(method: string): string {
  return method.replace(/_/g, ' ');
}

export const SCORE_LABELS = { plausibility: 'Plausibility', novelty: 'Novelty', testability: 'Testability', safety: 'Safety', overall: 'Overall' } as const;

/** One label per review type (REVIEW_TYPE_VALUES): a type without one fails the typecheck. */
export const REVIEW_TYPE_LABELS: Record<ReviewType, string> = {
  initial: 'Initial screen',
  full: 'Full, literature-grounded review',
  deep_verification: 'Deep verification of assumptions',
  observation: 'Does it explain existing observations?',
  simulation: 'Step-by-step simulation',
  tournament: 'Informed by its match record',
};

export const STRATEGY_LABELS = {
  refine: 'Refine — more specific and testable',
  combine: 'Combine with another hypothesis',
  simplify: 'Simplify to the core claim',
  paradigm_shift: 'Paradigm shift — challenge an assumption',
} as const;

export function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}
