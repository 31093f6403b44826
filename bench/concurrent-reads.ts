// Concurrent readers (issue 17): 1 client against 4 clients, each its own server process on one
// database, calling read tools back to back over real stdio. Every call appends an audit row; a
// read's row must not make readers queue on SQLite's write lock (mcp/readAudit.ts). Targets: 4
// clients ≥ 1.5× the throughput of one, p99 ≤ 2× one client's. Interleaved rounds (1, 4, 1, 4…) so
// that other load on the machine falls on both alike; each 4-client round is compared with the
// 1-client round just before it, and the report gives the median of those paired ratios with their
// range (on a shared machine one pooled ratio swung from 0.95× to 1.97× between two runs).
// Run alone: `npm run build:node && node --import tsx bench/concurrent-reads.ts [calls per client] [rounds]`.
import os from 'node:os';
import { connectServer, tempDataDir, type ConnectedServer } from '../test/support/server.js';
import { describeToolFailure } from '../test/support/toolErrors.js';
import type { BenchResult } from './result.js';
import { summarize } from './stats.js';
import fs from 'node:fs';

export interface ConcurrentReadsOptions {
  callsPerClient: number;
  rounds: number;
}

export const CONCURRENT_READS_DEFAULTS: ConcurrentReadsOptions = { callsPerClient: 300, rounds: 7 };

async function read(server: ConnectedServer, researchId: string, i: number): Promise<void> {
  const result = i % 2 === 0
    ? await server.client.callTool({ name: 'get_research_status', arguments: { research_id: researchId } })
    : await server.client.callTool({ name: 'list_hypotheses', arguments: { research_id: researchId, limit: 20 } });
  if (result.isError === true) throw new Error(`read failed during the benchmark: ${describeToolFailure(result).slice(0, 300)}`);
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

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** `clients` servers read concurrently; returns calls per second and every call's latency. */
async function round(servers: readonly ConnectedServer[], researchId: string, calls: number): Promise<Round> {
  const samples: bigint[] = [];
  const start = process.hrtime.bigint();
  await Promise.all(
    servers.map(async (server) => {
      for (let i = 0; i < calls; i += 1) {
        const t = process.hrtime.bigint();
        await read(server, researchId, i);
        samples.push(process.hrtime.bigint() - t);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { perSecond: (servers.length * calls) / seconds, samples };
}

export async function benchConcurrentReads(overrides: Partial<ConcurrentReadsOptions> = {}): Promise<{ results: BenchResult[]; appendix: string }> {
  const options = { ...CONCURRENT_READS_DEFAULTS, ...overrides };
  const dir = tempDataDir('cosci-bench-readers');
  const loadBefore = os.loadavg();
  const servers: ConnectedServer[] = [];
  try {
    for (let i = 0; i < 4; i += 1) servers.push(await connectServer({ dataDir: dir, client: 'desktop' }));
    const first = servers[0] as ConnectedServer;
    const started = await first.client.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis (readers benchmark)' } });
    const researchId = (started.structuredContent as { research_id: string }).research_id;
    for (const server of servers) for (let i = 0; i < 20; i += 1) await read(server, researchId, i);
    const one: Round[] = [];
    const four: Round[] = [];
    for (let r = 0; r < options.rounds; r += 1) {
      one.push(await round([first], researchId, options.callsPerClient));
      four.push(await round(servers, researchId, options.callsPerClient));
      process.stderr.write(`bench:   readers round ${r + 1}: 1 client ${one[r]?.perSecond.toFixed(0)}/s, 4 clients ${four[r]?.perSecond.toFixed(0)}/s\n`);
    }
    const oneRate = median(one.map((r) => r.perSecond));
    const fourRate = median(four.map((r) => r.perSecond));
    const oneSummary = summarize(one.flatMap((r) => r.samples));
    const fourSummary = summarize(four.flatMap((r) => r.samples));
    const paired: PairedRatios = {
      throughput: four.map((r, i) => r.perSecond / (one[i] as Round).perSecond),
      p99: four.map((r, i) => summarize(r.samples).p99 / summarize((one[i] as Round).samples).p99),
    };
    const results: BenchResult[] = [
      { name: 'Reads, 1 client', detail: `get_research_status / list_hypotheses back to back, ${options.rounds} rounds of ${options.callsPerClient} calls; ${oneRate.toFixed(0)} calls/s`, summary: oneSummary, reported: ['p50', 'p95', 'p99', 'max'] },
      { name: 'Reads, 4 clients', detail: `the same from 4 server processes at once on one database; ${fourRate.toFixed(0)} calls/s in all`, summary: fourSummary, reported: ['p50', 'p95', 'p99', 'max'] },
    ];
    return { results, appendix: appendixOf(oneRate, fourRate, paired, options, loadBefore) };
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function appendixOf(oneRate: number, fourRate: number, paired: PairedRatios, options: ConcurrentReadsOptions, loadBefore: number[]): string {
  const throughput = median(paired.throughput);
  const tail = median(paired.p99);
  const range = (values: number[]): string => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`;
  return [
    '### Concurrent readers',
    '',
    `${options.rounds} interleaved rounds of ${options.callsPerClient} reads per client; ${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}. Ratios are the median over rounds of each 4-client round against the 1-client round before it, with their range.`,
    '',
    `- Throughput, 4 clients / 1 client: ${throughput.toFixed(2)}× (range ${range(paired.throughput)}; medians ${fourRate.toFixed(0)} vs ${oneRate.toFixed(0)} calls/s) — ${throughput >= 1.5 ? 'met' : '**missed**'} (target ≥ 1.5×).`,
    `- p99, 4 clients / 1 client: ${tail.toFixed(2)}× (range ${range(paired.p99)}) — ${tail <= 2 ? 'met' : '**missed**'} (target ≤ 2×).`,
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
