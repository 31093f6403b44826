// Concurrent readers (issue 17): 1 client against 4 clients, each with its own server process on
// one database, calling read tools back to back over real stdio. Every call appends an audit row; a
// read's row must not make readers queue on SQLite's write lock (mcp/readAudit.ts). Targets: 4
// clients ≥ 1.5× the throughput of one, p99 ≤ 2× one client's. Interleaved rounds (1, 4, 1, 4…) so
// that other load on the machine falls on both alike; each 4-client round is compared with the
// 1-client round just before it, and the report gives the median of those paired ratios with their
// range (on a shared machine one pooled ratio swung from 0.95× to 1.97× between two runs).
//
// Each client runs on a thread of its own (bench/reader-worker.ts), the fair model of four
// assistants, which are four processes: a client's latency is its server's answer plus its own
// parsing, never the other clients' parsing. The former layout, all four clients in the benchmark's
// one event loop, is measured too and reported beside it: there a client also waits while the
// other three clients' answers are parsed and validated, which is the benchmark's queue, not ours.
// Run alone: `npm run build:node && node --import tsx bench/concurrent-reads.ts [calls per client] [rounds]`.
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { connectServer, tempDataDir, type ConnectedServer } from '../test/support/server.js';
import type { BenchResult } from './result.js';
import { readOnce, readSeries, type ReaderReply, type ReaderRequest } from './reader-worker.js';
import { summarize } from './stats.js';

export interface ConcurrentReadsOptions {
  callsPerClient: number;
  rounds: number;
}

export const CONCURRENT_READS_DEFAULTS: ConcurrentReadsOptions = { callsPerClient: 300, rounds: 7 };

/** Where the clients run: each on a thread of its own, or all in the benchmark's event loop. */
type Layout = 'threads' | 'one-loop';

/** One client with its own server process. */
interface Reader {
  /** `calls` reads back to back; each call's latency in nanoseconds. */
  read(researchId: string, calls: number): Promise<bigint[]>;
  close(): Promise<void>;
}

async function inLoopReader(dataDir: string): Promise<Reader> {
  const server: ConnectedServer = await connectServer({ dataDir, client: 'desktop' });
  return { read: (researchId, calls) => readSeries(server, researchId, calls), close: () => server.close() };
}

/**
 * Worker threads do not inherit the tsx loader that runs the benchmarks (`node --import tsx`), so
 * each worker registers it before importing the TypeScript worker module (as bench/tournament.ts).
 */
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./reader-worker.ts', import.meta.url).href)}); })`;

async function threadReader(dataDir: string): Promise<Reader> {
  const worker = new Worker(WORKER_BOOTSTRAP, { eval: true });
  const ask = (request: ReaderRequest): Promise<ReaderReply> =>
    new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      worker.once('error', onError);
      worker.once('message', (reply: ReaderReply) => {
        worker.off('error', onError);
        if (reply.kind === 'failed') reject(new Error(`a reader thread failed: ${reply.message}`));
        else resolve(reply);
      });
      worker.postMessage(request);
    });
  await ask({ kind: 'connect', dataDir });
  return {
    read: async (researchId, calls) => {
      const reply = await ask({ kind: 'read', researchId, calls });
      if (reply.kind !== 'samples') throw new Error(`a reader thread answered "${reply.kind}" to a read`);
      return reply.samples;
    },
    close: async () => {
      await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}

interface Round {
  perSecond: number;
  samples: bigint[];
}

/** Each 4-client round against the 1-client round before it. */
interface PairedRatios {
  throughput: number[];
  p99: number[];
}

interface LayoutFigures {
  layout: Layout;
  oneRate: number;
  fourRate: number;
  one: Round[];
  four: Round[];
  paired: PairedRatios;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The readers read concurrently; returns calls per second and every call's latency. */
async function round(readers: readonly Reader[], researchId: string, calls: number): Promise<Round> {
  const start = process.hrtime.bigint();
  const samples = (await Promise.all(readers.map((reader) => reader.read(researchId, calls)))).flat();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { perSecond: (readers.length * calls) / seconds, samples };
}

async function measureLayout(layout: Layout, dataDir: string, researchId: string, options: ConcurrentReadsOptions): Promise<LayoutFigures> {
  const readers: Reader[] = [];
  try {
    for (let i = 0; i < 4; i += 1) readers.push(await (layout === 'threads' ? threadReader(dataDir) : inLoopReader(dataDir)));
    for (const reader of readers) await reader.read(researchId, 20);
    const first = readers[0] as Reader;
    const one: Round[] = [];
    const four: Round[] = [];
    for (let r = 0; r < options.rounds; r += 1) {
      one.push(await round([first], researchId, options.callsPerClient));
      four.push(await round(readers, researchId, options.callsPerClient));
      process.stderr.write(`bench:   readers (${layout}) round ${r + 1}: 1 client ${one[r]?.perSecond.toFixed(0)}/s, 4 clients ${four[r]?.perSecond.toFixed(0)}/s\n`);
    }
    return {
      layout,
      oneRate: median(one.map((r) => r.perSecond)),
      fourRate: median(four.map((r) => r.perSecond)),
      one,
      four,
      paired: {
        throughput: four.map((r, i) => r.perSecond / (one[i] as Round).perSecond),
        p99: four.map((r, i) => summarize(r.samples).p99 / summarize((one[i] as Round).samples).p99),
      },
    };
  } finally {
    await Promise.all(readers.map((reader) => reader.close()));
  }
}

export async function benchConcurrentReads(overrides: Partial<ConcurrentReadsOptions> = {}): Promise<{ results: BenchResult[]; appendix: string }> {
  const options = { ...CONCURRENT_READS_DEFAULTS, ...overrides };
  const dir = tempDataDir('cosci-bench-readers');
  const loadBefore = os.loadavg();
  try {
    const setup = await connectServer({ dataDir: dir, client: 'desktop' });
    let researchId: string;
    try {
      const started = await setup.client.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis (readers benchmark)' } });
      researchId = (started.structuredContent as { research_id: string }).research_id;
      await readOnce(setup, researchId, 0);
    } finally {
      await setup.close();
    }
    const threads = await measureLayout('threads', dir, researchId, options);
    const oneLoop = await measureLayout('one-loop', dir, researchId, options);
    const detail = `get_research_status / list_hypotheses back to back, ${options.rounds} rounds of ${options.callsPerClient} calls`;
    const results: BenchResult[] = [
      { name: 'Reads, 1 client', detail: `${detail}; ${threads.oneRate.toFixed(0)} calls/s`, summary: summarize(threads.one.flatMap((r) => r.samples)), reported: ['p50', 'p95', 'p99', 'max'] },
      { name: 'Reads, 4 clients', detail: `the same from 4 clients, each on its own thread with its own server process, on one database; ${threads.fourRate.toFixed(0)} calls/s in all`, summary: summarize(threads.four.flatMap((r) => r.samples)), reported: ['p50', 'p95', 'p99', 'max'] },
      { name: 'Reads, 4 clients in one event loop', detail: `the same with the 4 clients in the benchmark's one event loop (the former layout); ${oneLoop.fourRate.toFixed(0)} calls/s in all`, summary: summarize(oneLoop.four.flatMap((r) => r.samples)), reported: ['p50', 'p95', 'p99', 'max'] },
    ];
    return { results, appendix: appendixOf([threads, oneLoop], options, loadBefore) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const LAYOUT_TITLES: Record<Layout, string> = {
  threads: 'each client on its own thread (the measure: four assistants are four processes)',
  'one-loop': "all clients in the benchmark's one event loop (former layout; a client also waits for the others' parsing)",
};

function appendixOf(figures: readonly LayoutFigures[], options: ConcurrentReadsOptions, loadBefore: number[]): string {
  const range = (values: number[]): string => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`;
  const lines = figures.flatMap(({ layout, oneRate, fourRate, paired }) => {
    const throughput = median(paired.throughput);
    const tail = median(paired.p99);
    return [
      `- ${LAYOUT_TITLES[layout]}:`,
      `  - throughput, 4 clients / 1 client: ${throughput.toFixed(2)}× (range ${range(paired.throughput)}; medians ${fourRate.toFixed(0)} vs ${oneRate.toFixed(0)} calls/s) — ${throughput >= 1.5 ? 'met' : '**missed**'} (target ≥ 1.5×);`,
      `  - p99, 4 clients / 1 client: ${tail.toFixed(2)}× (range ${range(paired.p99)}) — ${tail <= 2 ? 'met' : '**missed**'} (target ≤ 2×).`,
    ];
  });
  return [
    '### Concurrent readers',
    '',
    `${options.rounds} interleaved rounds of ${options.callsPerClient} reads per client, per layout; ${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}. Ratios are the median over rounds of each 4-client round against the 1-client round before it, with their range.`,
    '',
    ...lines,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [calls, rounds] = process.argv.slice(2).map(Number);
  benchConcurrentReads({ ...(calls ? { callsPerClient: calls } : {}), ...(rounds ? { rounds } : {}) })
    .then(({ appendix }) => process.stdout.write(`${appendix}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${String(error)}\n`);
      process.exitCode = 1;
    });
}
