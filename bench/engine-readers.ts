// Concurrent readers on PostgreSQL beside SQLite in the same run (issue 30, *Performance*): 1
// client against 4, each client on its own thread with its own server process, all servers on one
// database, reading back to back (bench/concurrent-reads.ts, the threads layout, with an engine).
// Reported side by side: calls per second and p99 with 1 and with 4 clients, and their ratios. No
// target beyond the comparison: the issue asks for the figures beside SQLite's.
//
//   npm run build:node && node --import tsx bench/engine-readers.ts [calls per client] [rounds]
import os from 'node:os';
import { benchConcurrentReads, type ReadersFigures } from './concurrent-reads.js';
import { BENCH_ENGINES, ENGINE_NAMES, type BenchEngine } from './engineStore.js';
import type { BenchResult } from './result.js';

export interface EngineReadersOptions {
  callsPerClient: number;
  rounds: number;
}

export const ENGINE_READERS_DEFAULTS: EngineReadersOptions = { callsPerClient: 300, rounds: 5 };

export async function benchEngineReaders(overrides: Partial<EngineReadersOptions> = {}): Promise<{ results: BenchResult[]; appendix: string }> {
  const options = { ...ENGINE_READERS_DEFAULTS, ...overrides };
  const loadBefore = os.loadavg();
  const results: BenchResult[] = [];
  const figures = new Map<BenchEngine, ReadersFigures>();
  const notes: string[] = [];
  for (const engine of BENCH_ENGINES) {
    process.stderr.write(`bench:   readers on ${ENGINE_NAMES[engine]}\n`);
    const run = await benchConcurrentReads({ ...options, engine, layouts: ['threads'] });
    results.push(...run.results.map((r) => ({ ...r, name: `${r.name} (${ENGINE_NAMES[engine]})` })));
    if (run.readers === undefined) throw new Error(`the readers benchmark on ${ENGINE_NAMES[engine]} returned no threads-layout figures`);
    figures.set(engine, run.readers);
    notes.push(run.appendix);
  }
  const row = (engine: BenchEngine): string => {
    const f = figures.get(engine) as ReadersFigures;
    return `| ${ENGINE_NAMES[engine]} | ${f.oneRate.toFixed(0)} | ${f.fourRate.toFixed(0)} | ${f.throughputRatio.toFixed(2)}× | ${f.oneP99.toFixed(2)} | ${f.fourP99.toFixed(2)} | ${f.p99Ratio.toFixed(2)}× |`;
  };
  const appendix = [
    '### Concurrent readers, PostgreSQL beside SQLite (bench/engine-readers.ts)',
    '',
    `1 vs 4 clients, each on its own thread with its own server process, all on one database; get_research_status and list_hypotheses (20 rows) back to back on a small project; ${options.rounds} interleaved rounds of ${options.callsPerClient} calls per client per engine, SQLite first. Ratios are medians of each 4-client round against the 1-client round before it. ${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}. On PostgreSQL the database's own backends share the same 2 cores (their CPU is not in the per-call CPU figures below).`,
    '',
    '| Engine | 1 client (calls/s) | 4 clients (calls/s) | 4 / 1 throughput | p99, 1 client (ms) | p99, 4 clients (ms) | 4 / 1 p99 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...BENCH_ENGINES.map(row),
    '',
    ...notes,
  ].join('\n');
  return { results, appendix };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [calls, rounds] = process.argv.slice(2).map(Number);
  benchEngineReaders({ ...(calls ? { callsPerClient: calls } : {}), ...(rounds ? { rounds } : {}) })
    .then(({ appendix }) => process.stdout.write(`${appendix}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
