// The vocabulary of the tournament (architecture.md, *Tournament*): what a match is, what a leaderboard reports,
// and the options every entry point shares. Plain data only, so the engine can build these from
// SQLite rows and hand them straight to the MCP layer.

/** Who judged a match. Humans and models get separate position-bias terms: they are biased differently. */
export type JudgeKind = 'model' | 'human';

export const JUDGE_KINDS: readonly JudgeKind[] = ['model', 'human'];

/** One pairwise comparison, as recorded in the match log. */
export interface Match {
  readonly id: string;
  /** The hypothesis shown in the first slot. Slot order matters: the fit models a first-slot bias. */
  readonly first: string;
  /** The hypothesis shown in the second slot. */
  readonly second: string;
  /** Either `first` or `second`; the judge must choose (there are no draws). */
  readonly winner: string;
  readonly judge: JudgeKind;
  /** How much this match counts (default 1), e.g. more for a multi-turn debate. Must be > 0. */
  readonly weight?: number;
}

/** Options of the Bradley-Terry fit; the defaults suit LLM judges on a few hundred hypotheses. */
export interface FitOptions {
  /**
   * Standard deviation (in logits) of the Gaussian prior on each strength. It keeps undefeated or
   * disconnected hypotheses finite, and is the uncertainty of a hypothesis that has not played.
   */
  readonly priorSd?: number;
  /** Standard deviation (in logits) of the prior on each position-bias term. */
  readonly biasPriorSd?: number;
}

export interface EloOptions {
  /** Rating change factor per match (scaled by the match weight). */
  readonly k?: number;
  readonly initial?: number;
}

export interface LeaderboardOptions extends FitOptions {
  /** Size of the set to certify (the "top-k"); clamped to the number of hypotheses. */
  readonly k?: number;
  /** Seed of the bootstrap: the same log and seed give the same leaderboard, bit for bit. */
  readonly seed?: number;
  /** Bootstrap replicates behind the intervals and P(top-k); 0 skips the bootstrap. */
  readonly bootstrapSamples?: number;
  /** Each top-k member needs at least this P(in top-k) for the top-k to count as certified. */
  readonly certifyThreshold?: number;
  readonly elo?: EloOptions;
}

/** Position bias of one kind of judge: P(first slot wins) = σ(θ_first − θ_second + beta). */
export interface PositionBias {
  /** In logits; 0 is unbiased, positive favours the first slot. */
  readonly beta: number;
  /** Bootstrap 95% interval of beta (equal to [beta, beta] without a bootstrap). */
  readonly ci95: readonly [number, number];
  /** σ(beta): how often the first slot wins between two equally strong hypotheses. */
  readonly firstSlotWinProbability: number;
  readonly matches: number;
}

export interface LeaderboardEntry {
  readonly id: string;
  /** 1-based rank by the Bradley-Terry fit; ties broken by id. */
  readonly rank: number;
  /** Sequential Elo over the log in order, for display only (scientists expect it). */
  readonly elo: number;
  /** Bradley-Terry strength on an Elo-like scale: 1000 + 400·θ/ln 10, centred on the population mean. */
  readonly btScore: number;
  /** Bootstrap 95% interval of btScore. */
  readonly ci95: readonly [number, number];
  /** Share of bootstrap replicates in which this hypothesis is in the top-k. */
  readonly pTopK: number;
  readonly matches: number;
  readonly wins: number;
  /** In the top-k with pTopK at or above the certification threshold. */
  readonly certifiedTopK: boolean;
}

export interface Leaderboard {
  /** Sorted by rank. */
  readonly entries: readonly LeaderboardEntry[];
  readonly positionBias: Readonly<Record<JudgeKind, PositionBias>>;
  /** Every top-k member is certified. */
  readonly certified: boolean;
  readonly k: number;
  readonly seed: number;
  readonly bootstrapSamples: number;
  readonly certifyThreshold: number;
  /** Matches that entered the fit. */
  readonly matchCount: number;
  /** Matches skipped because they involve a hypothesis not in the ranked set. */
  readonly ignoredMatches: number;
}

/** A comparison to put to a judge next, in the slot order to show it. */
export interface ProposedPair {
  readonly first: string;
  readonly second: string;
  /** Why it was chosen: to place a hypothesis with few matches, or to settle the top-k boundary. */
  readonly reason: 'swiss' | 'boundary';
}

export interface PairingOptions extends LeaderboardOptions {
  /** How many pairs to propose (a batch the engine can judge in parallel). */
  readonly count?: number;
  /** Hypotheses with fewer matches than this are placed by Swiss pairing before boundary work. */
  readonly swissRounds?: number;
  /**
   * Optional proximity of two hypotheses in [0, 1] (e.g. embedding cosine). Swiss pairing prefers
   * similar opponents among those of similar strength: such comparisons are the most telling.
   */
  readonly similarity?: (a: string, b: string) => number;
  /** A leaderboard already computed for this exact log and options, to avoid a second bootstrap. */
  readonly board?: Leaderboard;
}
