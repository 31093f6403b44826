// A large, realistic database for the latency benchmark: one research project with 10,000
// hypotheses (each reviewed, approved, in the tournament, ranked) and 100,000 tournament matches,
// with the reasoning usage a provider doing that work records (one row per generation, review and
// judgement: 120,000 rows) and its 14,000 finished work items, next to a few dozen ordinary
// projects. The projects are made over MCP as an assistant would; the bulk rows go in through the
// store's own bulk statements in one transaction (seconds, where the real workflow would need
// 10,000 delegated work items).
import { insertHypotheses, type HypothesisRow } from '../src-mcp/store/hypotheses.js';
import { insertMatchLog, type MatchRow } from '../src-mcp/store/matches.js';
import { insertReviews, type ReviewRow } from '../src-mcp/store/reviews.js';
import { insertUsageRows, type UsageRow } from '../src-mcp/store/usage.js';
import { insertRows } from '../src-mcp/store/bulkInsert.js';
import { updateProjectState } from '../src-mcp/store/projectState.js';
import { upsertPolicy } from '../src-mcp/store/policies.js';
import { writeTransaction } from '../src-mcp/store/transactions.js';
import { connectServer } from '../test/support/server.js';
import { BENCH_CLIENT_ID, tempDataDir } from './server.js';
import { seededRandom } from '../test/support/seededRandom.js';
import { folderStore, type BenchEngine, type FolderStore } from './engineStore.js';

/** The columns of a finished work item, as the seed writes them. */
const TASK_COLUMNS = ['id', 'project_id', 'kind', 'payload', 'status', 'reasoner', 'created_at', 'updated_at', 'completed_at'];

export interface SeedOptions {
  hypotheses: number;
  matches: number;
  /** Ordinary projects besides the big one (what list_research_projects pages through). */
  otherProjects: number;
  seed: number;
  /** The server that creates the database (another build's dist/mcp/server.js); this repository's when omitted. */
  serverEntry?: string | undefined;
  /** Where the store lives: the SQLite file in the data folder (the default) or a PostgreSQL database of its own. */
  engine?: BenchEngine;
}

export interface SeededData {
  dir: string;
  researchId: string;
  /** The big project's hypotheses, best first (by their hidden quality). */
  hypothesisIds: string[];
  seedMs: number;
  /** The data folder's store: its servers need `store.env`. */
  store: FolderStore;
  dispose(): Promise<void>;
}

export async function seedLargeProject(options: SeedOptions): Promise<SeededData> {
  const started = performance.now();
  const dataDir = await tempDataDir('seed');
  const store = await folderStore(options.engine ?? 'sqlite', dataDir.dir, 'seed');
  const dispose = async (): Promise<void> => {
    await store.dispose();
    await dataDir.dispose();
  };
  const entry = { ...(options.serverEntry === undefined ? {} : { serverEntry: options.serverEntry }), env: store.env };
  // 1. Over MCP: the first server creates the database; the scientist lifts the bench client's rate
  //    limit (benchmarks call costly tools back to back), then projects are started and the big
  //    one's research plan is approved in the app.
  const desktop = await connectServer({ dataDir: dataDir.dir, client: 'desktop', ...entry });
  const seeding = await store.open();
  const db = seeding.db;
  let researchId = '';
  try {
    await writeTransaction(db, () =>
      upsertPolicy(db, {
        clientId: BENCH_CLIENT_ID,
        scopes: ['research:write', 'hypotheses:generate', 'hypotheses:evolve', 'reviews:write', 'knowledge:write'],
        ratePerMinute: 1_000_000,
        burst: 1_000_000,
        mayDecideCheckpoints: false,
        updatedAt: new Date().toISOString(),
        updatedBy: 'desktop',
      }),
    );
    const assistant = await connectServer({ dataDir: dataDir.dir, client: BENCH_CLIENT_ID, ...entry });
    try {
      const start = async (goal: string): Promise<string> => {
        const result = await assistant.client.callTool({ name: 'start_research', arguments: { goal, hypothesis_count: 100 } });
        if (result.isError === true) throw new Error(`start_research failed while seeding: ${JSON.stringify(result.content)}`);
        return (result.structuredContent as { research_id: string }).research_id;
      };
      for (let i = 0; i < options.otherProjects; i += 1) await start(`Project ${i}: identify drug repurposing candidates for disease ${i}`);
      researchId = await start('Find novel therapeutic targets for liver fibrosis (benchmark project)');
      const pending = await desktop.client.callTool({ name: 'list_checkpoints', arguments: { research_id: researchId } });
      const plan = (pending.structuredContent as { checkpoints: Array<{ checkpoint_id: string }> }).checkpoints[0]?.checkpoint_id;
      const decided = await desktop.client.callTool({ name: 'decide', arguments: { checkpoint_id: plan, action: 'approve' } });
      if (decided.isError === true) throw new Error(`approving the plan failed while seeding: ${JSON.stringify(decided.content)}`);
    } finally {
      await assistant.close();
    }
  } finally {
    await desktop.close();
  }

  // 2. Directly through the store: hypotheses, one review each and the match log, in one
  //    transaction of multi-row statements (store/bulkInsert.ts; row at a time, PostgreSQL's
  //    counting made one transaction quadratic: docs/benchmarks.md, *Bulk writes*).
  try {
    const random = seededRandom(options.seed);
    const at = new Date('2026-11-01T00:00:00.000Z');
    const iso = (offsetSeconds: number): string => new Date(at.getTime() + offsetSeconds * 1000).toISOString();
    const n = options.hypotheses;
    const ids = Array.from({ length: n }, (_, i) => `hyp_b${String(i).padStart(11, '0')}`);
    // Hidden quality: index 0 is the best. Pairs are random; the better one wins 75% of the time.
    const played = new Array<number>(n).fill(0);
    const wins = new Array<number>(n).fill(0);
    const matchRows = Array.from({ length: options.matches }, (_, m) => {
      const a = Math.floor(random() * n);
      let b = Math.floor(random() * (n - 1));
      if (b >= a) b += 1;
      const better = Math.min(a, b);
      const winner = random() < 0.75 ? better : Math.max(a, b);
      played[a] = (played[a] ?? 0) + 1;
      played[b] = (played[b] ?? 0) + 1;
      wins[winner] = (wins[winner] ?? 0) + 1;
      return { m, a, b, winner };
    });
    const hypotheses: HypothesisRow[] = [];
    const reviews: ReviewRow[] = [];
    for (const [i, id] of ids.entries()) {
      const elo = 1400 - (800 * i) / n;
      const row: HypothesisRow = {
        id, projectId: researchId, seq: i + 1,
        summary: `H${i + 1}: inhibiting regulator R${i} in hepatic stellate cells reduces collagen deposition in liver fibrosis`,
        rationale: `Expression data implicate R${i} in stellate cell activation; selective inhibitors exist.`,
        experimentalProtocol: `Treat CCl4 mice with an R${i} inhibitor for eight weeks; score fibrosis blind; quantify hydroxyproline.`,
        testablePredictions: [`Inhibiting R${i} lowers hydroxyproline by at least 30%.`],
        citations: [{ title: `Regulator R${i} in hepatic stellate cells`, doi: `10.1000/r${i}`, year: 2021, verified: false }],
        assumptions: [`R${i} is required for stellate cell activation.`],
        method: 'literature_based', origin: 'generated', status: 'in_tournament', gate: 'approved', parents: [], iteration: 1,
        elo, btScore: 1200 - (400 * i) / n, ciLow: 1150 - (400 * i) / n, ciHigh: 1250 - (400 * i) / n, pTopK: i < 10 ? 0.9 : 0.01, rank: i + 1,
        matchesPlayed: played[i] ?? 0, wins: wins[i] ?? 0, nearDuplicateOf: null, safetyFlag: null, batchTaskId: null,
        createdBy: BENCH_CLIENT_ID, reasoner: 'delegated:bench', createdAt: iso(i), updatedAt: iso(n + options.matches),
      };
      hypotheses.push(row);
      reviews.push({
        id: `rev_b${String(i).padStart(11, '0')}`, projectId: researchId, hypothesisId: id, type: 'initial',
        plausibility: 0.7, novelty: 0.6, testability: 0.8, safety: 0.95, overall: 0.7,
        strengths: ['Clear mechanism'], weaknesses: ['Human relevance unknown'], recommendations: ['Add an organoid validation'],
        citations: [], assumptionChecks: [], fundamentalFlaw: false, narrative: null, reviewer: 'delegated:bench', judge: 'model', taskId: null, createdAt: iso(n + i),
      });
    }
    const matches: MatchRow[] = matchRows.map(({ m, a, b, winner }) => ({
      id: `mat_b${String(m).padStart(11, '0')}`, projectId: researchId, firstId: ids[a] as string, secondId: ids[b] as string, winnerId: ids[winner] as string,
      judge: 'model', confidence: 0.8, rationale: 'The winner proposes a more specific mechanism with a cleaner experiment.', debate: [],
      taskId: null, pairId: null, createdBy: BENCH_CLIENT_ID, createdAt: iso(2 * n + m), seq: m + 1,
    }));
    // One usage row per reasoner call, as a provider's calls record them (store/usage.ts): what a
    // status poll and the budget check sum (migration 0017 keeps those sums).
    const usageCall = (role: UsageRow['role'], model: string, inputTokens: number, outputTokens: number, costUsd: number | null, offset: number): UsageRow => ({
      projectId: researchId, taskId: null, role, reasoner: 'provider:bench', model, inputTokens, outputTokens, costUsd, outcome: 'submitted', error: null, at: iso(offset),
    });
    const usage = [
      ...hypotheses.map((_, i) => usageCall('generation', 'bench-large', 2_400, 900, 0.0207, i)),
      ...reviews.map((_, i) => usageCall('review', 'bench-large', 3_100, 700, 0.0198, n + i)),
      ...matches.map((_, m) => usageCall('judging', m % 4 === 0 ? 'bench-small' : 'bench-large', 2_800, 300, m % 4 === 0 ? null : 0.0129, 2 * n + m)),
    ];
    // The finished work items behind them (the desktop overview reads a project's latest): a
    // generation and a review item per five hypotheses, a comparison item per ten matches.
    const taskRow = (kind: string, index: number, offset: number): unknown[] =>
      [`tsk_b${kind.slice(0, 3)}${String(index).padStart(9, '0')}`, researchId, kind, '{}', 'done', 'delegated:bench', iso(offset), iso(offset), iso(offset)];
    const tasks = [
      ...Array.from({ length: Math.ceil(n / 5) }, (_, i) => taskRow('generate', i, 5 * i)),
      ...Array.from({ length: Math.ceil(n / 5) }, (_, i) => taskRow('review', i, n + 5 * i)),
      ...Array.from({ length: Math.ceil(options.matches / 10) }, (_, i) => taskRow('compare', i, 2 * n + 10 * i)),
    ];
    await writeTransaction(db, async () => {
      await insertHypotheses(db, hypotheses);
      await insertReviews(db, reviews);
      await insertMatchLog(db, matches);
      await insertUsageRows(db, usage);
      await insertRows(db, 'tasks', TASK_COLUMNS, tasks);
    });
    await writeTransaction(db, () => updateProjectState(db, researchId, { stage: 'rank', status: 'active', progress: 0.6 }, iso(2 * n + options.matches)));
    await seeding.settle();
    return { dir: dataDir.dir, researchId, hypothesisIds: ids, seedMs: performance.now() - started, store, dispose };
  } catch (error) {
    await dispose();
    throw error;
  } finally {
    await seeding.close();
  }
}
