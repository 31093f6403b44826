// The write side of issue 17's board page (migration 0013): a rating refresh of a 10,000-hypothesis
// project rewrites every row's ratings and, with them, the board-order index entries. A wider
// index makes pages cheaper and refreshes dearer; this measures what a refresh costs.
// Bundled like the product (the store imports its migrations as text), then run:
//   npx esbuild bench/rating-refresh.ts --bundle --platform=node --format=esm --external:better-sqlite3 \
//     --loader:.sql=text --outfile=.scratch/refresh.mjs \
//     --banner:js="import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
//   node .scratch/refresh.mjs [hypotheses] [rounds] [repeats]
// Prints the whole refresh (fit + write, as after a judging round) and its write alone (the ratings
// of every row, each time a little different so that every row really changes), median of repeats.
import os from 'node:os';
import { rmSync } from 'node:fs';
import { closeDatabase, openDatabase, writeTransaction } from '../src-mcp/store/database.js';
import { updateRatings } from '../src-mcp/store/hypotheses.js';
import { rankingState, refreshRatings } from '../src-mcp/engine/ranking.js';
import { loadResearch } from '../src-mcp/engine/projectRecord.js';
import { makeTempDir } from '../test/support/tempDirs.js';
import { seedTournament } from './leaderboard-seed.js';
import { median } from './stats.js';

async function main(): Promise<void> {
  const [hypotheses = 10_000, rounds = 20, repeats = 7] = process.argv.slice(2).map(Number);
  const dir = makeTempDir('cosci-bench-refresh-');
  try {
    const { projectId } = await seedTournament(dir, { hypotheses, rounds, seed: 20_261_126 });
    const db = await openDatabase(dir);
    try {
      const project = await loadResearch(db, projectId);
      const entries = (await rankingState(db, project)).board.entries;
      const whole: number[] = [];
      const write: number[] = [];
      for (let i = 0; i < repeats; i += 1) {
        let start = performance.now();
        await writeTransaction(db, async () => await refreshRatings(db, project, new Date(Date.UTC(2026, 10, 27, 0, 0, i))));
        whole.push(performance.now() - start);
        const shift = (i + 1) * 0.25;
        const updates = entries.map((e) => ({ id: e.id, elo: e.elo + shift, btScore: e.btScore, ciLow: e.ci95[0], ciHigh: e.ci95[1], pTopK: e.pTopK, rank: e.rank, matchesPlayed: e.matches, wins: e.wins }));
        start = performance.now();
        await writeTransaction(db, async () => await updateRatings(db, updates, new Date(Date.UTC(2026, 10, 27, 1, 0, i)).toISOString()));
        write.push(performance.now() - start);
      }
      process.stdout.write(`rating refresh, ${hypotheses} hypotheses: whole ${median(whole).toFixed(1)} ms, ratings write ${median(write).toFixed(1)} ms (median of ${repeats}; load ${os.loadavg()[0]?.toFixed(2)})\n`);
    } finally {
      await closeDatabase(db);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
