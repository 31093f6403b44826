// The calibrated scoring rubric reviewers use. Anchors at 0.2 / 0.5 / 0.8 keep scores comparable
// across reviewers and reasoners (a model left to itself bunches everything near 0.7), and the
// overall score is capped by safety and by the weakest essential criterion, not averaged.

export const OVERALL_WEIGHTS = { plausibility: 0.35, testability: 0.35, novelty: 0.3 } as const;

export const SCORING_RUBRIC = [
  '## Scoring rubric (each score 0–1; use the whole range)',
  '',
  'Anchor every score on these descriptions; a typical hypothesis should land near 0.5, and scores above 0.9 need a reason you can state.',
  '',
  '| Score | 0.2 | 0.5 | 0.8 |',
  '|---|---|---|---|',
  '| plausibility | contradicts well-established evidence, or needs several unsupported leaps | consistent with evidence, but the key causal link is speculative | every step supported by evidence; only the new link is untested |',
  '| novelty | restates a known result or an obvious, already-tested next step | a known mechanism in a new context; incremental | a new mechanism, link or intervention absent from the literature given, that would change how the field thinks |',
  '| testability | no measurable readout, or needs infeasible resources or time | testable in principle, but controls, readout or effect direction are vague | a concrete falsifiable prediction with a feasible, controlled protocol a lab could start within months |',
  '| safety (1 = no concern) | dual-use or serious hazard: pathogen enhancement, toxins, weapons, unconsented or unethical human experiments | needs special oversight: interventions in people, vulnerable groups, BSL-3 work, environmental release | routine risks handled by standard oversight (IRB/IACUC, BSL-1/2) |',
  '',
  '**overall** is not an average. Compute it in this order and round to two decimals:',
  `1. core = ${OVERALL_WEIGHTS.plausibility} × plausibility + ${OVERALL_WEIGHTS.testability} × testability + ${OVERALL_WEIGHTS.novelty} × novelty.`,
  '2. Weakest link: overall ≤ min(plausibility, testability) + 0.25, because an implausible or untestable hypothesis is not good however novel it is.',
  '3. Safety cap: if safety < 0.5, overall ≤ safety.',
  '4. Fundamental flaw: if you set `fundamental_flaw`, overall ≤ 0.3.',
].join('\n');

/** The same rule in code, so the engine and tests can check a reviewer's arithmetic. */
export function expectedOverall(scores: { plausibility: number; novelty: number; testability: number; safety: number }, fundamentalFlaw: boolean): number {
  let overall = OVERALL_WEIGHTS.plausibility * scores.plausibility + OVERALL_WEIGHTS.testability * scores.testability + OVERALL_WEIGHTS.novelty * scores.novelty;
  overall = Math.min(overall, Math.min(scores.plausibility, scores.testability) + 0.25);
  if (scores.safety < 0.5) overall = Math.min(overall, scores.safety);
  if (fundamentalFlaw) overall = Math.min(overall, 0.3);
  return Math.round(overall * 100) / 100;
}
