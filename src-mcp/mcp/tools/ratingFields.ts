// A hypothesis's standing as every tool result states it (list pages, the desktop's detail view):
// the fields of src-shared's RatingFields, one rounding rule, so the two audiences never show the same hypothesis with different numbers.
import type { Hypothesis } from '../../engine/types.js';
import type { z } from 'zod';
import { roundedInterval, type RatingFields } from '../../../src-shared/schemas/hypotheses.js';

type RatingFieldsInput = { [K in keyof typeof RatingFields]: z.input<(typeof RatingFields)[K]> };

const round1 = (value: number): number => Math.round(value * 10) / 10;

export function ratingFields(h: Pick<Hypothesis, 'elo' | 'btScore' | 'ci95' | 'pTopK' | 'rank' | 'matchesPlayed'>): RatingFieldsInput {
  return {
    elo_score: round1(h.elo),
    bt_score: h.btScore === null ? null : round1(h.btScore),
    ci95: h.ci95 === null ? null : roundedInterval(...h.ci95),
    p_top_k: h.pTopK,
    rank: h.rank,
    matches_played: h.matchesPlayed,
  };
}
