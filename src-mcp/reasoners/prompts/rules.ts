// The rules of each kind of work, stated once and versioned (issue 13). A work item names its rules
// version instead of repeating them; a delegated assistant that has not read them in this
// conversation asks for them once per kind (continue_research with include_rules), and automatic
// reasoners (providers, sampling) always get them with the item. The version is a hash of the
// text, so any change to the rules gives a new version and a stale copy is recognisable.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ComparisonResultSchema, EvolutionResultSchema, GenerationResultSchema, MetaReviewResultSchema, ReviewResultSchema } from '../../engine/schemas.js';
import type { TaskKind } from '../../engine/types.js';
import { COMPARISON_RULES } from './comparison.js';
import { EVOLUTION_RULES } from './evolution.js';
import { GENERATION_RULES } from './generation.js';
import { META_REVIEW_RULES } from './metaReview.js';
import { REVIEW_RULES } from './review.js';
import { INJECTION_WARNING, outputConventions } from './shared.js';

export interface WorkRules {
  kind: TaskKind;
  /** e.g. "compare-3f9a1c0b": the kind and a hash of the text. */
  version: string;
  text: string;
}

const KIND_RULES: Record<TaskKind, string> = {
  generate: GENERATION_RULES,
  review: REVIEW_RULES,
  compare: COMPARISON_RULES,
  evolve: EVOLUTION_RULES,
  meta_review: META_REVIEW_RULES,
};

/** What each kind's result must look like: its shape is stated once, in the rules, not in every item. */
const KIND_RESULT: Record<TaskKind, z.ZodType> = {
  generate: GenerationResultSchema,
  review: ReviewResultSchema,
  compare: ComparisonResultSchema,
  evolve: EvolutionResultSchema,
  meta_review: MetaReviewResultSchema,
};

const cache = new Map<TaskKind, WorkRules>();

export function rulesFor(kind: TaskKind): WorkRules {
  let rules = cache.get(kind);
  if (rules === undefined) {
    const text = [KIND_RULES[kind], INJECTION_WARNING, outputConventions(KIND_RESULT[kind])].join('\n\n');
    const version = `${kind}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
    rules = { kind, version, text: `${text}\n\n(Rules ${version}.)\n` };
    cache.set(kind, rules);
  }
  return rules;
}
