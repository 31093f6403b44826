// Paired A/B of the polled reads on both engines (issue 30, *Performance*): two server builds serve
// the same seeded project (10,000 hypotheses, 100,000 matches) side by side, one server per build on
// one database, blocks alternating A B B A … in the same minutes so that the machine's moving load
// falls on both. On this 2-core machine a single run of engine-reads.ts moves by ±50% from one
// minute to the next (the same code read 1.96× and 3.56× PostgreSQL ÷ SQLite for
// get_research_status in two runs); a change is measured against its build before, here.
// Each root holds a `dist/` (copy the old build's dist aside first, inside this checkout so that it
// finds node_modules, and build the new one in place):
//   npm run build:node && node --import tsx bench/engine-reads-ab.ts .cache/ab/A . [calls per build and read]
import os from 'node:os';
import path from 'node:path';
import { connectServer, type ConnectedServer } from '../test/support/server.js';
import { BENCH_ENGINES, ENGINE_NAMES } from './engineStore.js';
import { call, series } from './pages.js';
import { seedLargeProject } from './seed.js';
import { summarize } from './stats.js';

const READS: ReadonlyArray<{ tool: string; args: (researchId: string) => Record<string, unknown> }> = [
  { tool: 'get_research_status', args: (id) => ({ research_id: id }) },
  { tool: 'list_hypotheses', args: (id) => ({ research_id: id, limit: 50 }) },
  { tool: 'get_leaderboard', args: (id) => ({ research_id: id, limit: 50 }) },
];
const ROUNDS = 6;
const WARM_UP = 200;

async function main(): Promise<void> {
  const [rootA, rootB, callsArg] = process.argv.slice(2);
  if (rootA === undefined || rootB === undefined) throw new Error('usage: node --import tsx bench/engine-reads-ab.ts <root of A> <root of B> [calls]');
  const calls = Number(callsArg ?? 3000);
  const entries = { A: path.resolve(rootA, 'dist/mcp/server.js'), B: path.resolve(rootB, 'dist/mcp/server.js') };
  const load = os.loadavg();
  const lines = [
    `A = ${rootA}, B = ${rootB}: ${calls} calls per build and read in ${ROUNDS} alternating blocks, after ${WARM_UP} each; load before ${load.map((v) => v.toFixed(2)).join(' / ')}.`,
    '',
    '| Engine | Read | A p50 (ms) | B p50 (ms) | B / A |',
    '| --- | --- | ---: | ---: | ---: |',
  ];
  for (const engine of BENCH_ENGINES) {
    process.stderr.write(`bench: seeding on ${ENGINE_NAMES[engine]}\n`);
    const data = await seedLargeProject({ hypotheses: 10_000, matches: 100_000, otherProjects: 2, seed: 20_261_129, engine });
    const servers: Record<'A' | 'B', ConnectedServer | undefined> = { A: undefined, B: undefined };
    try {
      for (const build of ['A', 'B'] as const) servers[build] = await connectServer({ dataDir: data.dir, client: 'desktop', env: data.store.env, serverEntry: entries[build] });
      for (const read of READS) {
        const args = read.args(data.researchId);
        const taken: Record<'A' | 'B', bigint[]> = { A: [], B: [] };
        const once = (build: 'A' | 'B') => () => call(servers[build] as ConnectedServer, read.tool, args);
        for (const build of ['A', 'B'] as const) await series(WARM_UP, once(build));
        for (let round = 0; round < ROUNDS; round += 1) {
          for (const build of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) taken[build].push(...(await series(Math.ceil(calls / ROUNDS), once(build))));
        }
        const [a, b] = [summarize(taken.A).p50, summarize(taken.B).p50];
        lines.push(`| ${ENGINE_NAMES[engine]} | ${read.tool} | ${a.toFixed(3)} | ${b.toFixed(3)} | ${(b / a).toFixed(2)} |`);
      }
    } finally {
      await Promise.all(Object.values(servers).map(async (server) => await server?.close()));
      await data.dispose();
    }
  }
  process.stdout.write(`${lines.join('\n')}\nLoad after: ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
