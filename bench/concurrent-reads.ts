// Concurrent readers (issue 17): 1 client against 4 clients, each with its own server process on
// one database, calling read tools back to back over real stdio. Every call appends an audit row; a
// read's row must not make readers queue on SQLite's write lock (mcp/audit/readAudit.ts). Targets: 4
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
// Run alone: `npm run build:node && node --import tsx bench/concurrent-reads.ts [calls per client] [rounds] [--threads-only] [--control] [--server <server.js>]`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { connectServer, tempDataDir, type ConnectedServer } from '../test/support/server.js';
import type { BenchResult } from './result.js';
import { readOnce, readSeries, type ReadSeries, type ReaderReply, type ReaderRequest } from './reader-worker.js';
import { processCpu, type ProcessCpu } from './processCpu.js';
import { median, summarize } from './stats.js';
import { ENGINE_NAMES, folderStore, type BenchEngine } from './engineStore.js';

export interface ConcurrentReadsOptions {
  callsPerClient: number;
  rounds: number;
  /** Another build's server.js (an A/B run: `--server .scratch/A/dist/mcp/server.js`); this repository's dist when absent. */
  serverEntry?: string;
  /** Which layouts to measure; both when absent. */
  layouts?: readonly Layout[];
  /**
   * The control (`--control`): after each 4-client round, 4 more clients whose servers each have a
   * copy of the database of their own. What they cost beyond 1 client is the machine's sharing of
   * 2 cores alone: nothing one server writes (its read-audit flushes) can make another redo work.
   */
  control?: boolean;
  /** Where the one database lives: the SQLite file in the data folder (the default) or a PostgreSQL database. */
  engine?: BenchEngine;
}

/** The threads layout's figures, for a comparison across engines (bench/engine-readers.ts). */
export interface ReadersFigures {
  oneRate: number;
  fourRate: number;
  oneP99: number;
  fourP99: number;
  /** Medians of the paired ratios, 4 clients / 1 client. */
  throughputRatio: number;
  p99Ratio: number;
}

export const CONCURRENT_READS_DEFAULTS: ConcurrentReadsOptions = { callsPerClient: 300, rounds: 7 };

/** Where the clients run: each on a thread of its own, or all in the benchmark's event loop. */
type Layout = 'threads' | 'one-loop';
const LAYOUTS: readonly Layout[] = ['threads', 'one-loop'];
const CONTROL_COPIES = [0, 1, 2, 3];
/** Calls each reader makes before the first round (by then V8's helper threads are mostly idle). */
const WARM_UP_CALLS = 600;

/** A copy of the benchmark's data folder (the project it reads, its keys) beside it. */
function copyOf(dir: string, i: number): string {
  const copy = `${dir}-copy-${i}`;
  fs.cpSync(dir, copy, { recursive: true });
  return copy;
}

/** One client with its own server process. */
interface Reader {
  serverPid: number;
  /** `calls` reads back to back: each call's latency in nanoseconds, and the client's own CPU time where it can be told apart (its own thread). */
  read(researchId: string, calls: number): Promise<ReadSeries & { clientCpuMs?: number }>;
  close(): Promise<void>;
}

async function inLoopReader(dataDir: string, serverEntry: string | undefined, env: Record<string, string>): Promise<Reader> {
  const server: ConnectedServer = await connectServer({ dataDir, client: 'desktop', env, ...(serverEntry === undefined ? {} : { serverEntry }) });
  const serverPid = server.transport.pid;
  if (serverPid === null) throw new Error('a reader\'s server process has no pid');
  return { serverPid, read: (researchId, calls) => readSeries(server, researchId, calls), close: () => server.close() };
}

/**
 * Worker threads do not inherit the tsx loader that runs the benchmarks (`node --import tsx`), so
 * each worker registers it before importing the TypeScript worker module (as bench/tournament.ts).
 */
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./reader-worker.ts', import.meta.url).href)}); })`;

async function threadReader(dataDir: string, serverEntry: string | undefined, env: Record<string, string>): Promise<Reader> {
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
  const connected = await ask({ kind: 'connect', dataDir, env, ...(serverEntry === undefined ? {} : { serverEntry }) });
  if (connected.kind !== 'connected') throw new Error(`a reader thread answered "${connected.kind}" to connect`);
  return {
    serverPid: connected.serverPid,
    read: async (researchId, calls) => {
      const reply = await ask({ kind: 'read', researchId, calls });
      if (reply.kind !== 'samples') throw new Error(`a reader thread answered "${reply.kind}" to a read`);
      return { samples: reply.samples, ends: reply.ends, clientCpuMs: reply.clientCpuMs };
    },
    close: async () => {
      await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}

interface Round {
  /**
   * Calls per second while every client of the round was still calling: up to the moment the first
   * of them finished. Over the whole round, the last client's final calls would run with fewer
   * clients beside it (faster), yet count as 4-client time: that understated 4 clients.
   */
  perSecond: number;
  /** Calls per second over the whole round, the former measure. */
  wholeRoundPerSecond: number;
  /** The latencies of the calls that ended while every client was calling. */
  samples: bigint[];
  /** CPU time of all four server processes (the idle ones too) per call answered, in ms. */
  serverCpuPerCall: number;
  /** The same by thread name ('main', V8's helpers 'V8Worker', the WAL checkpointer 'WorkerThread'). */
  serverCpuPerCallByThread: Map<string, number>;
  /** Context switches of the servers' threads per call: voluntary (waited), involuntary (preempted). */
  serverSwitchesPerCall: { voluntary: number; involuntary: number };
  /** CPU time of the calling clients' threads per call, in ms (threads layout only). */
  clientCpuPerCall?: number;
}

/** Each 4-client round against the 1-client round before it. */
interface PairedRatios {
  throughput: number[];
  /** The throughput ratio over whole rounds (the former measure). */
  wholeRound: number[];
  p99: number[];
  /** Mean latency; with clients that call back to back, Little's law makes it 4 / the throughput ratio. */
  mean: number[];
}

interface LayoutFigures {
  layout: Layout;
  oneRate: number;
  fourRate: number;
  one: Round[];
  four: Round[];
  /** The control's rounds (empty without --control). */
  fourApart: Round[];
  paired: PairedRatios;
}

/**
 * `active` read concurrently while every server (`all`) is watched: an idle server still tails the
 * change feed and checkpoints the log the others write. Returns calls per second, every call's
 * latency and the CPU the servers and clients spent per call.
 */
async function round(active: readonly Reader[], all: readonly Reader[], researchId: string, calls: number): Promise<Round> {
  const serverCpu = (): ProcessCpu => {
    const sum: ProcessCpu = { byThread: new Map(), switches: { voluntary: 0, involuntary: 0 } };
    for (const reader of all) {
      const { byThread, switches } = processCpu(reader.serverPid);
      for (const [name, ms] of byThread) sum.byThread.set(name, (sum.byThread.get(name) ?? 0) + ms);
      sum.switches.voluntary += switches.voluntary;
      sum.switches.involuntary += switches.involuntary;
    }
    return sum;
  };
  const cpuBefore = serverCpu();
  const start = process.hrtime.bigint();
  const results = await Promise.all(active.map((reader) => reader.read(researchId, calls)));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const total = active.length * calls;
  // The window in which all clients were calling: until the first of them made its last call.
  const windowEnd = results.reduce((earliest, r) => { const last = r.ends[r.ends.length - 1] as bigint; return last < earliest ? last : earliest; }, BigInt(Number.MAX_SAFE_INTEGER) * 1000n);
  const inWindow = results.flatMap((r) => r.samples.filter((_, i) => (r.ends[i] as bigint) <= windowEnd));
  const clientCpu = results.map((r) => r.clientCpuMs);
  const cpuAfter = serverCpu();
  const byThread = new Map([...cpuAfter.byThread].map(([name, ms]) => [name, (ms - (cpuBefore.byThread.get(name) ?? 0)) / total]));
  return {
    perSecond: inWindow.length / (Number(windowEnd - start) / 1e9),
    wholeRoundPerSecond: total / seconds,
    samples: inWindow,
    serverCpuPerCall: [...byThread.values()].reduce((sum, ms) => sum + ms, 0),
    serverCpuPerCallByThread: byThread,
    serverSwitchesPerCall: {
      voluntary: (cpuAfter.switches.voluntary - cpuBefore.switches.voluntary) / total,
      involuntary: (cpuAfter.switches.involuntary - cpuBefore.switches.involuntary) / total,
    },
    ...(clientCpu.every((ms) => ms !== undefined) ? { clientCpuPerCall: clientCpu.reduce((sum, ms) => sum + ms, 0) / total } : {}),
  };
}

async function measureLayout(layout: Layout, dataDir: string, env: Record<string, string>, controlDirs: readonly string[], researchId: string, options: ConcurrentReadsOptions): Promise<LayoutFigures> {
  const readers: Reader[] = [];
  const apart: Reader[] = [];
  // The control's copies are SQLite folders (a copy of the file each); the shared database is the engine's.
  const open = (folder: string): Promise<Reader> => {
    const folderEnv = folder === dataDir ? env : {};
    return layout === 'threads' ? threadReader(folder, options.serverEntry, folderEnv) : inLoopReader(folder, options.serverEntry, folderEnv);
  };
  try {
    for (let i = 0; i < 4; i += 1) readers.push(await open(dataDir));
    for (const folder of controlDirs) apart.push(await open(folder));
    // Warm every server and client up before the first round: V8 compiles the call path on helper
    // threads over the first few hundred calls, and with only 20 calls each the first 4-client rounds
    // paid for three servers' and three clients' compiling that the 1-client rounds' reader had done.
    await Promise.all([...readers, ...apart].map((reader) => reader.read(researchId, WARM_UP_CALLS)));
    const first = readers[0] as Reader;
    const one: Round[] = [];
    const four: Round[] = [];
    const fourApart: Round[] = [];
    for (let r = 0; r < options.rounds; r += 1) {
      const single = await round([first], readers, researchId, options.callsPerClient);
      const quad = await round(readers, readers, researchId, options.callsPerClient);
      one.push(single);
      four.push(quad);
      if (apart.length > 0) {
        const control = await round(apart, apart, researchId, options.callsPerClient);
        fourApart.push(control);
        process.stderr.write(`bench:   readers (${layout}) round ${r + 1}: control (4 databases) ${control.perSecond.toFixed(0)}/s; CPU per call, servers ${control.serverCpuPerCall.toFixed(3)} ms, clients ${control.clientCpuPerCall?.toFixed(3) ?? 'n/a'} ms\n`);
      }
      const threads = (x: Round): string => [...x.serverCpuPerCallByThread].filter(([, ms]) => ms >= 0.005).map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(', ');
      const switches = (x: Round): string => `${x.serverSwitchesPerCall.voluntary.toFixed(2)}+${x.serverSwitchesPerCall.involuntary.toFixed(2)}`;
      process.stderr.write(`bench:   readers (${layout}) round ${r + 1}: server threads per call [${threads(single)}] vs [${threads(quad)}]; switches per call (voluntary+involuntary) ${switches(single)} vs ${switches(quad)}\n`);
      process.stderr.write(`bench:   readers (${layout}) round ${r + 1}: 1 client ${single.perSecond.toFixed(0)}/s, 4 clients ${quad.perSecond.toFixed(0)}/s; CPU per call, servers ${single.serverCpuPerCall.toFixed(3)} vs ${quad.serverCpuPerCall.toFixed(3)} ms${single.clientCpuPerCall === undefined ? '' : `, clients ${single.clientCpuPerCall.toFixed(3)} vs ${quad.clientCpuPerCall?.toFixed(3)} ms`}\n`);
    }
    return {
      layout,
      oneRate: median(one.map((r) => r.perSecond)),
      fourRate: median(four.map((r) => r.perSecond)),
      one,
      four,
      fourApart,
      paired: {
        throughput: four.map((r, i) => r.perSecond / (one[i] as Round).perSecond),
        wholeRound: four.map((r, i) => r.wholeRoundPerSecond / (one[i] as Round).wholeRoundPerSecond),
        p99: four.map((r, i) => summarize(r.samples).p99 / summarize((one[i] as Round).samples).p99),
        mean: four.map((r, i) => summarize(r.samples).mean / summarize((one[i] as Round).samples).mean),
      },
    };
  } finally {
    await Promise.all([...readers, ...apart].map((reader) => reader.close()));
  }
}

export async function benchConcurrentReads(overrides: Partial<ConcurrentReadsOptions> = {}): Promise<{ results: BenchResult[]; appendix: string; readers?: ReadersFigures }> {
  const options = { ...CONCURRENT_READS_DEFAULTS, ...overrides };
  const engine = options.engine ?? 'sqlite';
  if (options.control === true && engine !== 'sqlite') throw new Error('--control copies the SQLite file of the data folder: it runs on SQLite only.');
  const dir = tempDataDir('cosci-bench-readers');
  const store = await folderStore(engine, dir, 'readers');
  const loadBefore = os.loadavg();
  try {
    const setup = await connectServer({ dataDir: dir, client: 'desktop', env: store.env, ...(options.serverEntry === undefined ? {} : { serverEntry: options.serverEntry }) });
    let researchId: string;
    try {
      const started = await setup.client.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis (readers benchmark)' } });
      researchId = (started.structuredContent as { research_id: string }).research_id;
      await readOnce(setup, researchId, 0);
    } finally {
      await setup.close();
    }
    // The control's servers: a copy of the database each.
    const controlDirs = options.control === true ? CONTROL_COPIES.map((i) => copyOf(dir, i)) : [];
    const figures: LayoutFigures[] = [];
    for (const layout of options.layouts ?? LAYOUTS) figures.push(await measureLayout(layout, dir, store.env, controlDirs, researchId, options));
    const detail = `get_research_status / list_hypotheses back to back on ${ENGINE_NAMES[engine]}, ${options.rounds} rounds of ${options.callsPerClient} calls`;
    const results: BenchResult[] = [];
    const threads = figures.find((f) => f.layout === 'threads');
    const oneLoop = figures.find((f) => f.layout === 'one-loop');
    if (threads !== undefined) {
      results.push(
        { name: 'Reads, 1 client', detail: `${detail}; ${threads.oneRate.toFixed(0)} calls/s`, summary: summarize(threads.one.flatMap((r) => r.samples)), reported: ['p50', 'p95', 'p99', 'max'] },
        { name: 'Reads, 4 clients', detail: `the same from 4 clients, each on its own thread with its own server process, on one database; ${threads.fourRate.toFixed(0)} calls/s in all`, summary: summarize(threads.four.flatMap((r) => r.samples)), reported: ['p50', 'p95', 'p99', 'max'] },
      );
    }
    if (oneLoop !== undefined) {
      results.push({ name: 'Reads, 4 clients in one event loop', detail: `the same with the 4 clients in the benchmark's one event loop (the former layout); ${oneLoop.fourRate.toFixed(0)} calls/s in all`, summary: summarize(oneLoop.four.flatMap((r) => r.samples)), reported: ['p50', 'p95', 'p99', 'max'] });
    }
    return { results, appendix: appendixOf(figures, options, loadBefore), ...(threads === undefined ? {} : { readers: readersFigures(threads) }) };
  } finally {
    await store.dispose();
    for (const folder of [dir, ...CONTROL_COPIES.map((i) => `${dir}-copy-${i}`)]) fs.rmSync(folder, { recursive: true, force: true });
  }
}

function readersFigures(threads: LayoutFigures): ReadersFigures {
  return {
    oneRate: threads.oneRate,
    fourRate: threads.fourRate,
    oneP99: summarize(threads.one.flatMap((r) => r.samples)).p99,
    fourP99: summarize(threads.four.flatMap((r) => r.samples)).p99,
    throughputRatio: median(threads.paired.throughput),
    p99Ratio: median(threads.paired.p99),
  };
}

const LAYOUT_TITLES: Record<Layout, string> = {
  threads: 'each client on its own thread (the measure: four assistants are four processes)',
  'one-loop': "all clients in the benchmark's one event loop (former layout; a client also waits for the others' parsing)",
};

/**
 * What the CPU alone allows: a 1-client call is a ping-pong in which client and server take turns,
 * so its latency is about their CPU per call (one core busy); 4 clients can at most fill every core,
 * so their rate is at most cores / CPU per call at 4 clients, and a call costs more CPU at 4 clients
 * (the clients' identical work too: shared caches, context switches). Threads layout only.
 */
function cpuBound(one: readonly Round[], four: readonly Round[]): string[] {
  const perCall = (r: Round): number | undefined => (r.clientCpuPerCall === undefined ? undefined : r.serverCpuPerCall + r.clientCpuPerCall);
  const pairs = four.map((r, i) => [perCall(one[i] as Round), perCall(r), (one[i] as Round).perSecond] as const);
  if (pairs.some(([alone, shared]) => alone === undefined || shared === undefined)) return [];
  const cores = os.cpus().length;
  const busy = median(pairs.map(([alone, , rate]) => ((alone as number) * rate) / 1000));
  const inflation = median(pairs.map(([alone, shared]) => (shared as number) / (alone as number)));
  const bound = median(pairs.map(([, shared, rate]) => (cores * 1000) / (shared as number) / rate));
  return [
    `  - what the CPU allows: 1 client keeps ${busy.toFixed(2)} cores busy (client and server CPU per call × calls/s); a call costs ${inflation.toFixed(2)}× the CPU with 4 clients; so ${cores} otherwise idle cores allow at most ${bound.toFixed(2)}× the 1-client throughput (median of rounds; other load on the machine makes 1 client's busy cores fewer and the bound loose).`,
  ];
}

function appendixOf(figures: readonly LayoutFigures[], options: ConcurrentReadsOptions, loadBefore: number[]): string {
  const range = (values: number[]): string => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`;
  const cpu = (rounds: readonly Round[], of: (r: Round) => number | undefined): string => {
    const values = rounds.map(of).filter((ms): ms is number => ms !== undefined);
    return values.length === 0 ? 'n/a' : `${median(values).toFixed(3)} ms`;
  };
  const tailShape = (rounds: readonly Round[]): string => median(rounds.map((r) => { const { p99, mean } = summarize(r.samples); return p99 / mean; })).toFixed(2);
  const lines = figures.flatMap(({ layout, oneRate, fourRate, paired, one, four, fourApart }) => {
    const throughput = median(paired.throughput);
    const tail = median(paired.p99);
    const control = fourApart.length === 0 ? [] : [
      `  - control, 4 clients whose servers each have a database of their own: ${median(fourApart.map((r, i) => r.perSecond / (one[i] as Round).perSecond)).toFixed(2)}× the 1-client throughput (shared: ${throughput.toFixed(2)}×); CPU per call, servers ${cpu(fourApart, (r) => r.serverCpuPerCall)} (shared: ${cpu(four, (r) => r.serverCpuPerCall)}), clients ${cpu(fourApart, (r) => r.clientCpuPerCall)} (shared: ${cpu(four, (r) => r.clientCpuPerCall)}).`,
    ];
    return [
      `- ${LAYOUT_TITLES[layout]}:`,
      `  - throughput, 4 clients / 1 client: ${throughput.toFixed(2)}× (range ${range(paired.throughput)}; medians ${fourRate.toFixed(0)} vs ${oneRate.toFixed(0)} calls/s) — ${throughput >= 1.5 ? 'met' : '**missed**'} (target ≥ 1.5×);`,
      `  - the same over whole rounds (the former measure, which counts the last client's final calls, made with fewer clients beside it, as 4-client time): ${median(paired.wholeRound).toFixed(2)}× (range ${range(paired.wholeRound)});`,
      `  - p99, 4 clients / 1 client: ${tail.toFixed(2)}× (range ${range(paired.p99)}) — ${tail <= 2 ? 'met' : '**missed**'} (target ≤ 2×);`,
      `  - mean latency, 4 clients / 1 client: ${median(paired.mean).toFixed(2)}× (range ${range(paired.mean)}); Little's law with 4 clients calling back to back predicts 4 / the throughput ratio = ${(4 / throughput).toFixed(2)}×;`,
      `  - tail shape, p99 / mean latency: ${tailShape(one)} with 1 client, ${tailShape(four)} with 4 (p99 ≤ 2× with throughput ≥ 1.5× needs the 1-client figure ≥ 4/3 of the 4-client one, by Little's law);`,
      `  - CPU per call (median over rounds), all four servers: ${cpu(one, (r) => r.serverCpuPerCall)} with 1 client vs ${cpu(four, (r) => r.serverCpuPerCall)} with 4; the clients' own threads: ${cpu(one, (r) => r.clientCpuPerCall)} vs ${cpu(four, (r) => r.clientCpuPerCall)}.`,
      ...control,
      ...cpuBound(one, four),
    ];
  });
  return [
    `### Concurrent readers on ${ENGINE_NAMES[options.engine ?? 'sqlite']}`,
    '',
    `${options.rounds} interleaved rounds of ${options.callsPerClient} reads per client, per layout; ${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}. Ratios are the median over rounds of each 4-client round against the 1-client round before it, with their range.`,
    '',
    ...lines,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // [calls per client] [rounds] [--server <another build's server.js>] [--threads-only] [--control]
  const args = process.argv.slice(2);
  const serverAt = args.indexOf('--server');
  const serverEntry = serverAt >= 0 ? args[serverAt + 1] : undefined;
  const [calls, rounds] = args.filter((arg, i) => !arg.startsWith('--') && (serverAt < 0 || i !== serverAt + 1)).map(Number);
  benchConcurrentReads({
    ...(calls ? { callsPerClient: calls } : {}),
    ...(rounds ? { rounds } : {}),
    ...(serverEntry === undefined ? {} : { serverEntry: path.resolve(serverEntry) }),
    ...(args.includes('--threads-only') ? { layouts: ['threads'] as const } : {}),
    ...(args.includes('--control') ? { control: true } : {}),
  })
    .then(({ appendix }) => process.stdout.write(`${appendix}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${String(error)}\n`);
      process.exitCode = 1;
    });
}
