// A rating refresh's write on both engines (issue 30): `updateRatings` rewriting the ratings of every
// competitor of one project, as after a judging round, on SQLite and on PostgreSQL in the same run.
// It was one UPDATE per hypothesis, a round trip each on PostgreSQL (docs/benchmarks.md, *rating
// refresh*); store/hypotheses.ts now writes a chunk of rows per statement.
// Bundled like the product (the store imports its migrations as text), then run with a cluster
// (`node --import tsx test/support/postgresCluster.ts start` prints its COSCI_TEST_POSTGRES_URL):
//   npx esbuild bench/rating-write.ts --bundle --platform=node --format=esm --external:better-sqlite3 --external:pg \
//     --loader:.sql=text --outfile=.scratch/rating-write.mjs \
//     --banner:js="import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
//   node .scratch/rating-write.mjs [sizes, comma-separated] [repeats]
// Prints, per size, the median ratings write on each engine (each repeat shifts every Elo, so every
// row really changes), after checking the project's counters against a recount.
import os from 'node:os';
import { rmSync } from 'node:fs';
import { closeDatabase, openDatabase, openPostgresDatabase, writeTransaction, type Db } from '../src-mcp/store/database.js';
import { insertRows } from '../src-mcp/store/bulkInsert.js';
import { updateRatings, type RatingUpdate } from '../src-mcp/store/hypotheses.js';
import { insertProject } from '../src-mcp/store/projects.js';
import { projectCounts } from '../src-mcp/store/projectCounts.js';
import { scalar } from '../src-mcp/store/sql.js';
import { createTestDatabase, dropTestDatabase } from '../test/support/postgresAdmin.js';
import { makeTempDir } from '../test/support/tempDirs.js';
import { median } from './stats.js';

const AT = '2026-11-29T00:00:00.000Z';
const PROJECT = 'res_ratings';
const COLUMNS = [
  'id', 'project_id', 'seq', 'summary', 'rationale', 'experimental_protocol', 'testable_predictions', 'citations', 'assumptions', 'method', 'origin',
  'status', 'gate', 'safety_flag', 'parents', 'iteration', 'elo', 'matches_played', 'wins', 'created_by', 'created_at', 'updated_at',
];

/** A project of `size` competing hypotheses on a fresh store of the engine; `dispose` removes it. */
async function boardOf(engine: 'sqlite' | 'postgres', size: number): Promise<{ db: Db; dispose: () => Promise<void> }> {
  let db: Db;
  let dispose: () => Promise<void>;
  if (engine === 'sqlite') {
    const dir = makeTempDir('cosci-bench-ratings-');
    db = await openDatabase(dir);
    dispose = async () => {
      await closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const url = await createTestDatabase('bench_ratings');
    db = await openPostgresDatabase(url);
    dispose = async () => {
      await closeDatabase(db);
      await dropTestDatabase(url);
    };
  }
  await insertProject(db, { id: PROJECT, goal: 'Ratings', domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 100, progress: 0, createdBy: 'bench', createdAt: AT, updatedAt: AT });
  const rows = Array.from({ length: size }, (_, i) => [`hyp_${i}`, PROJECT, i + 1, `Hypothesis ${i}`, 'Because.', 'Measure it.', '[]', '[]', '[]', 'literature_based', 'generated', 'in_tournament', 'approved', null, '[]', 1, 1000, 0, 0, 'bench', AT, AT]);
  await writeTransaction(db, async () => await insertRows(db, 'hypotheses', COLUMNS, rows));
  return { db, dispose };
}

function ratings(size: number, shift: number): RatingUpdate[] {
  return Array.from({ length: size }, (_, i) => ({
    id: `hyp_${i}`,
    elo: 1000 + ((i * 7919) % 400) - 200 + shift,
    btScore: ((i * 104_729) % 1000) / 3,
    ciLow: 900 + (i % 50),
    ciHigh: 1100 + (i % 50),
    pTopK: (i % 100) / 100,
    rank: i + 1,
    matchesPlayed: i % 40,
    wins: i % 20,
  }));
}

async function measure(engine: 'sqlite' | 'postgres', size: number, repeats: number): Promise<number> {
  const { db, dispose } = await boardOf(engine, size);
  try {
    const taken: number[] = [];
    for (let i = 0; i <= repeats; i += 1) {
      const updates = ratings(size, (i + 1) * 0.25);
      const start = performance.now();
      await writeTransaction(db, async () => await updateRatings(db, updates, new Date(Date.UTC(2026, 10, 29, 1, 0, i)).toISOString()));
      // The first write warms the statements' preparation: not timed.
      if (i > 0) taken.push(performance.now() - start);
    }
    const counted = await scalar<number>(db, "SELECT COUNT(*) FROM hypotheses WHERE project_id = ? AND status = 'in_tournament'", [PROJECT]);
    const counters = await projectCounts(db, PROJECT);
    if (Number(counted) !== counters.byStatus.in_tournament || counters.total !== size) throw new Error(`${engine}: counters ${JSON.stringify(counters)} differ from a recount (${counted})`);
    return median(taken);
  } finally {
    await dispose();
  }
}

async function main(): Promise<void> {
  const [sizesArg = '1000,2000,4000', repeatsArg = '5'] = process.argv.slice(2);
  const sizes = sizesArg.split(',').map(Number);
  const repeats = Number(repeatsArg);
  process.stdout.write(`load before ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}\n`);
  for (const size of sizes) {
    const sqlite = await measure('sqlite', size, repeats);
    const postgres = await measure('postgres', size, repeats);
    process.stdout.write(`ratings write of ${size} hypotheses (median of ${repeats}): SQLite ${sqlite.toFixed(1)} ms, PostgreSQL ${postgres.toFixed(1)} ms\n`);
  }
  process.stdout.write(`load after ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}\n`);
}

await main();
