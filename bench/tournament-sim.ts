// The three ranking strategies the tournament benchmark compares, each spending judge calls on
// the same simulated world, with the top-k they would report read off at fixed call counts.
import {
  createRng,
  eloRatings,
  fitBradleyTerry,
  leaderboard,
  nextPairs,
  rankingStop,
  type Match,
  type PairingOptions,
  type StopRule,
} from '../src-mcp/engine/tournament/index.js';
import { recall, type Judge, type World } from './tournament-judge.js';

export interface SimConfig {
  readonly k: number;
  /** Judge-call counts at which the reported top-k is scored, ascending; the last is the budget. */
  readonly checkpoints: readonly number[];
  /** Pairs per scheduler batch (judged "in parallel" before the next leaderboard). */
  readonly batch: number;
  readonly bootstrapSamples: number;
  readonly seed: number;
  /** Stop when rankingStop says so (certified or settled); without it, only certification stops. */
  readonly stopRule?: StopRule;
  /** Extra options for our scheduler (prior width, Swiss rounds), to explore alternatives. */
  readonly tuning?: Omit<PairingOptions, 'k' | 'seed' | 'bootstrapSamples' | 'count' | 'board'>;
}

export interface RunTrace {
  /** Recall of the true top-k in the reported top-k at each checkpoint. */
  readonly recall: readonly number[];
  /** Judge calls after which the scheduler certified its top-k and stopped (null: never). */
  readonly certifiedAt: number | null;
  readonly recallAtCertification: number | null;
  /** Judge calls after which the scheduler stopped by its rule (certified or settled); null: ran to the budget. */
  readonly stoppedAt?: number | null;
  readonly recallAtStop?: number | null;
}

/** (i) Ours: active pairing + Bradley-Terry + bootstrap certification, stopping when certified (or by `stopRule`). */
export function runScheduler(world: World, judge: Judge, config: SimConfig): RunTrace {
  const judgeRng = createRng(config.seed ^ 0x5eed);
  const matches: Match[] = [];
  const options = { ...config.tuning, k: config.k, seed: config.seed, bootstrapSamples: config.bootstrapSamples };
  const budget = config.checkpoints[config.checkpoints.length - 1] as number;
  const recalls: number[] = [];
  let board = leaderboard(world.ids, matches, options);
  const score = (): number => recall(world, board.entries.slice(0, config.k).map((entry) => entry.id));
  const shouldStop = (): boolean => (config.stopRule === undefined ? board.certified : rankingStop(world.ids, matches, board, config.stopRule).stop);
  let stopped = shouldStop();
  while (matches.length < budget && !stopped) {
    const count = Math.min(config.batch, budget - matches.length);
    for (const pair of nextPairs(world.ids, matches, { ...options, count, board })) {
      matches.push(judge.judge(world, pair.first, pair.second, `m${matches.length}`, judgeRng));
    }
    board = leaderboard(world.ids, matches, options);
    stopped = shouldStop();
    while (recalls.length < config.checkpoints.length && matches.length >= (config.checkpoints[recalls.length] as number)) {
      recalls.push(score());
    }
  }
  // Stopped early (certified): later checkpoints report the certified top-k, no more calls spent.
  const final = score();
  while (recalls.length < config.checkpoints.length) recalls.push(final);
  return {
    recall: recalls,
    certifiedAt: board.certified ? matches.length : null,
    recallAtCertification: board.certified ? final : null,
    stoppedAt: stopped ? matches.length : null,
    recallAtStop: stopped ? final : null,
  };
}

/** (ii) The classic: uniformly random pairs, random slot order, sequential Elo with K = 32. */
export function runRandomElo(world: World, judge: Judge, config: SimConfig): RunTrace {
  const rng = createRng(config.seed ^ 0xe10);
  const n = world.ids.length;
  const schedule = (): [string, string] => {
    const a = rng.int(n);
    const b = (a + 1 + rng.int(n - 1)) % n;
    return [world.ids[a] as string, world.ids[b] as string];
  };
  return runFixed(world, judge, config, schedule, rng, (matches) => {
    const elo = eloRatings(world.ids, matches, { k: 32 });
    return topByScore(world.ids, (id) => elo.get(id) as number, config.k);
  });
}

/** (iii) Round robin: every pair in a fixed cyclic (circle-method) order, ranked by Bradley-Terry. */
export function runRoundRobin(world: World, judge: Judge, config: SimConfig): RunTrace {
  const rng = createRng(config.seed ^ 0x7070);
  const order = circleSchedule(world.ids);
  let next = 0;
  const schedule = (): [string, string] => order[next++ % order.length] as [string, string];
  return runFixed(world, judge, config, schedule, rng, (matches) => {
    const fit = fitBradleyTerry(world.ids, matches);
    return topByScore(world.ids, (id) => fit.theta.get(id) as number, config.k);
  });
}

/** A non-adaptive strategy: pairs from `schedule`, slot order by coin flip, ranked at each checkpoint. */
function runFixed(
  world: World,
  judge: Judge,
  config: SimConfig,
  schedule: () => [string, string],
  rng: ReturnType<typeof createRng>,
  rank: (matches: readonly Match[]) => string[],
): RunTrace {
  const matches: Match[] = [];
  const recalls: number[] = [];
  for (const checkpoint of config.checkpoints) {
    while (matches.length < checkpoint) {
      const [a, b] = schedule();
      const [first, second] = rng.coin() ? [a, b] : [b, a];
      matches.push(judge.judge(world, first, second, `m${matches.length}`, rng));
    }
    recalls.push(recall(world, rank(matches)));
  }
  return { recall: recalls, certifiedAt: null, recallAtCertification: null };
}

/** All n(n−1)/2 pairs as n−1 rounds in which everyone plays once (circle method; n even). */
export function circleSchedule(ids: readonly string[]): Array<[string, string]> {
  const players = ids.length % 2 === 0 ? [...ids] : [...ids, ''];
  const size = players.length;
  const pairs: Array<[string, string]> = [];
  for (let round = 0; round < size - 1; round++) {
    for (let i = 0; i < size / 2; i++) {
      const a = players[i] as string;
      const b = players[size - 1 - i] as string;
      if (a !== '' && b !== '') pairs.push([a, b]);
    }
    // Keep the first player fixed and rotate the others one place.
    players.splice(1, 0, players.pop() as string);
  }
  return pairs;
}

function topByScore(ids: readonly string[], score: (id: string) => number, k: number): string[] {
  return [...ids].sort((a, b) => score(b) - score(a) || (a < b ? -1 : 1)).slice(0, k);
}
