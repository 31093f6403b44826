// The tournament's public API (architecture.md, *Tournament*): pure functions of (hypothesis ids, match log,
// options, seed), with no database and no I/O, so the research engine can call them on rows it
// read from SQLite and a test can call them on a literal array.
//
// The ids list is the ranked population: a new hypothesis with no matches is simply listed (it
// starts at the centre with wide intervals, which blocks certification until it has played);
// matches naming hypotheses outside the list are skipped and counted in `ignoredMatches`.

/** Vocabulary: matches, options, the leaderboard and proposed pairs. */
export type {
  EloOptions,
  FitOptions,
  JudgeKind,
  Leaderboard,
  LeaderboardEntry,
  LeaderboardOptions,
  Match,
  PairingOptions,
  PositionBias,
  ProposedPair,
} from './types.js';
export { JUDGE_KINDS } from './types.js';

/** Elo for display, because scientists expect it; replayed over the log in order, K = 32, start 1000. */
export { eloRatings, ELO_INITIAL, ELO_K } from './elo.js';

/** The ranking model: Bradley-Terry with a first-slot bias per judge kind, fitted by MAP Newton-CG. */
export {
  fitBradleyTerry,
  BT_SCORE_CENTRE,
  DEFAULT_BIAS_PRIOR_SD,
  DEFAULT_PRIOR_SD,
  ELO_POINTS_PER_LOGIT,
  type BradleyTerryFit,
} from './bradleyTerry.js';

/** Rank, scores, bootstrap intervals, P(top-k) and certification in one reproducible result. */
export { leaderboard, DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_CERTIFY_THRESHOLD, DEFAULT_K } from './leaderboard.js';

/** The stop condition: is the top-k settled? Accepts a computed leaderboard or (ids, matches, options). */
export { certifyTopK, type Certification } from './certify.js';

/** When to stop comparing: certified, or the expected change of the top-k below the scientist's threshold and stable. */
export { rankingStop, expectedChange, defaultLookback, DEFAULT_STOP_THRESHOLD, type StopDecision, type StopReason, type StopRule } from './stopRule.js';

/** What to judge next: Swiss rounds for little-played hypotheses, then the top-k boundary. */
export { nextPairs, DEFAULT_SWISS_ROUNDS } from './pairing.js';

/** The seedable PRNG behind every random choice, for callers that simulate or sample alongside. */
export { createRng, deriveSeed, type Rng } from './rng.js';
