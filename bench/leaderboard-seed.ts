// A large tournament for the leaderboard benchmark, written straight through the store and engine
// (10,000 hypotheses through MCP tools would take longer than the benchmark itself): a project,
// hypotheses with a hidden quality, Swiss-style rounds of judged matches (one compare task per
// round, so the latest round is what rank movement is measured over), then the engine's own
// rating refresh, exactly as after a real judging round.
import { closeDatabase, openDatabase, writeTransaction, type Db } from '../src-mcp/store/database.js';
import { insertHypothesis, type HypothesisRow } from '../src-mcp/store/hypotheses.js';
import { insertMatch } from '../src-mcp/store/matches.js';
import { startResearch } from '../src-mcp/engine/projects.js';
import { refreshRatings } from '../src-mcp/engine/ranking.js';
import { loadResearch } from '../src-mcp/engine/projectRecord.js';
import { EVOLUTION_STRATEGIES, GENERATION_METHODS } from '../src-mcp/engine/schemas.js';
import { createRng } from '../src-mcp/engine/tournament/index.js';

export interface SeededTournament {
  projectId: string;
  hypotheses: number;
  matches: number;
  seedMs: number;
}

const TARGETS = ['TGF-β receptor', 'LOXL2', 'galectin-3', 'BRD4', 'YAP/TAZ', 'PDGFR-β', 'HDAC2', 'integrin αvβ6', 'CCR2/5', 'FXR'];
const MECHANISMS = ['stellate cell activation', 'collagen cross-linking', 'macrophage polarisation', 'bile acid signalling', 'mechanotransduction'];
const READOUTS = ['hydroxyproline content', 'Sirius red area', 'elastography stiffness', 'serum PRO-C3', 'single-cell atlas shifts'];

function summaryOf(i: number): string {
  const target = TARGETS[i % TARGETS.length] as string;
  const mechanism = MECHANISMS[Math.floor(i / TARGETS.length) % MECHANISMS.length] as string;
  const readout = READOUTS[Math.floor(i / 50) % READOUTS.length] as string;
  return `Inhibiting ${target} (variant ${i}) slows liver fibrosis by interrupting ${mechanism}; the effect should show as a dose-dependent fall in ${readout} in two independent mouse models.`;
}

export interface SeedOptions {
  hypotheses: number;
  rounds: number;
  seed: number;
}

/** Seeds the SQLite store in `dataDir`. */
export async function seedTournament(dataDir: string, options: SeedOptions): Promise<SeededTournament> {
  const db = await openDatabase(dataDir);
  try {
    return await seedTournamentInto(db, options);
  } finally {
    await closeDatabase(db);
  }
}

/** Seeds an open store, on either engine (the store tests run on both). */
export async function seedTournamentInto(db: Db, options: SeedOptions): Promise<SeededTournament> {
  const started = performance.now();
  let tick = Date.UTC(2026, 0, 1);
  const actor = { clientId: 'bench', now: () => new Date((tick += 1000)) };
  const project = await startResearch(db, actor, { goal: 'Find repurposable targets that slow liver fibrosis progression', hypothesisCount: 100, seed: options.seed });
  const rng = createRng(options.seed);
  const quality = Array.from({ length: options.hypotheses }, () => rng.normal());
  const ids = quality.map((_, i) => `hyp_bench${String(i).padStart(6, '0')}`);

  await writeTransaction(db, async () => {
    const at = actor.now().toISOString();
    for (const [i, id] of ids.entries()) {
      // One in ten is an evolved variant of one or two earlier hypotheses: the lineage has depth.
      const evolved = i > 20 && i % 10 === 0;
      const parents = evolved ? [ids[i - 7], ...(i % 20 === 0 ? [ids[i - 13]] : [])].filter((p): p is string => p !== undefined) : [];
      const row: HypothesisRow = {
        id, projectId: project.id, seq: i + 1, summary: summaryOf(i), rationale: `Rationale of variant ${i}.`, experimentalProtocol: `Protocol of variant ${i}.`,
        testablePredictions: [`Prediction of variant ${i}.`], citations: [], assumptions: [], iteration: evolved ? 2 : 1,
        method: evolved ? (EVOLUTION_STRATEGIES[i % EVOLUTION_STRATEGIES.length] as string) : (GENERATION_METHODS[i % GENERATION_METHODS.length] as string),
        origin: evolved ? 'evolved' : 'generated', status: 'in_tournament', gate: 'approved', parents,
        elo: 1000, btScore: null, ciLow: null, ciHigh: null, pTopK: null, rank: null, matchesPlayed: 0, wins: 0,
        nearDuplicateOf: null, safetyFlag: null, batchTaskId: null, createdBy: 'bench', reasoner: 'bench', createdAt: at, updatedAt: at,
      };
      await insertHypothesis(db, row);
    }
  });

  // Swiss-style rounds: sort by the current record (plus noise), pair neighbours, let the hidden
  // quality decide through a logistic judge. One compare task per round.
  const wins = new Float64Array(options.hypotheses);
  let matches = 0;
  for (let round = 0; round < options.rounds; round++) {
    const order = ids.map((_, i) => i).sort((a, b) => (wins[b] as number) + rng.next() - ((wins[a] as number) + rng.next()));
    await writeTransaction(db, async () => {
      for (let p = 0; p + 1 < order.length; p += 2) {
        const [a, b] = rng.coin() ? [order[p] as number, order[p + 1] as number] : [order[p + 1] as number, order[p] as number];
        const firstWins = rng.next() < 1 / (1 + Math.exp((quality[b] as number) - (quality[a] as number)));
        const winner = firstWins ? a : b;
        wins[winner] = (wins[winner] as number) + 1;
        matches += 1;
        await insertMatch(db, {
          id: `mat_bench${matches}`, projectId: project.id, firstId: ids[a] as string, secondId: ids[b] as string, winnerId: ids[winner] as string,
          judge: 'model', confidence: 0.8, rationale: 'Judged by the benchmark.', debate: [], taskId: `task_bench_round${round}`, pairId: `p${p}`,
          createdBy: 'bench', createdAt: actor.now().toISOString(),
        });
      }
    });
  }
  await writeTransaction(db, async () => await refreshRatings(db, await loadResearch(db, project.id), actor.now()));
  return { projectId: project.id, hypotheses: options.hypotheses, matches, seedMs: performance.now() - started };
}
