// Paired A/B of a page over stdio (issue 17): two server builds side by side on one seeded project
// (10,000 hypotheses, 100,000 matches), each driven by both official clients (v1 SDK, v2 SDK),
// blocks alternating A B B A … in the same minutes so the machine's moving load falls on both.
// Each root holds a `dist/` (copy the old build's dist aside first — a real copy, not hard links —
// and build the new one in place):
//   npm run build:node && node --import tsx bench/pages-ab.ts .cache/ab/A . [rounds] [calls]
// (PAGES_AB_PAGES, a comma-separated list of the page names below, times only those; the app's
// 1,000-row columns chunk only when named.)
// Each build opens its own copy of the seeded data folder. When B adds a migration, A cannot open a
// database B made: seed with A's build instead (PAGES_AB_SEED_WITH=<root of A>) and B migrates its
// copy when it opens it, as an upgrade would.
// Prints p50/p99 per build, client and page, the ratio B/A, and each server's main-thread CPU per call
// (less moved by other load than wall time, which on a busy 2-core machine is mostly waiting), then
// where each page's slowest 1% came from (bench/pagesTail.ts).
// Each block starts after a full GC of this client (bench/pagesTail.ts clientFullGc), so one page's
// garbage is not collected during another page's timed calls; PAGES_AB_CLIENT_GC=shared leaves it
// out (the runs before it), to see what the other pages' garbage costs a page's tail.
import { cpSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serverEnvFor, type Sdk } from '../test/support/server.js';
import { seedLargeProject } from './seed.js';
import { tempDataDir } from './server.js';
import { percentile } from './stats.js';
import { clientFullGc, TAIL_HEADER, tailRow, tracedCall, watchClientGcs, type CallTrace } from './pagesTail.js';

type Args = Record<string, unknown>;
type ToolReply = { isError?: unknown; structuredContent?: unknown };
interface Driver {
  label: string;
  pid: number;
  call(name: string, args: Args): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** CPU time of the server's main thread (the one that answers calls), in ns precision: /proc/<pid>/schedstat's first field. */
const cpuMs = (pid: number): number => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

async function connect(root: string, sdk: Sdk, dataDir: string, label: string): Promise<Driver> {
  const args = [path.join(root, 'dist/mcp/server.js'), '--data-dir', dataDir, '--client', 'desktop'];
  const env = { ...(process.env as Record<string, string>), ...serverEnvFor('desktop', dataDir) };
  const timeout = { timeout: 60_000 };
  const check = (name: string, result: ToolReply): Record<string, unknown> => {
    if (result.isError === true) throw new Error(`${label}: ${name} failed: ${JSON.stringify(result).slice(0, 400)}`);
    return result.structuredContent as Record<string, unknown>;
  };
  if (sdk === 'v1') {
    const transport = new V1StdioClientTransport({ command: process.execPath, args, env, stderr: 'inherit' });
    const client = new V1Client({ name: 'pages-ab-v1', version: '1.0.0' });
    await client.connect(transport);
    await client.listTools(); // so that the v1 client validates structuredContent, as assistants' do
    return { label, pid: transport.pid as number, call: async (name, a) => check(name, (await client.callTool({ name, arguments: a }, undefined, timeout)) as ToolReply), close: () => client.close() };
  }
  const transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: 'inherit' });
  const client = new Client({ name: 'pages-ab-v2', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { label, pid: transport.pid as number, call: async (name, a) => check(name, await client.callTool({ name, arguments: a }, timeout)), close: () => client.close() };
}

async function main(): Promise<void> {
  const [rootA, rootB, roundsText, callsText] = process.argv.slice(2);
  if (rootA === undefined || rootB === undefined) throw new Error('Usage: pages-ab.ts <root of build A> <root of build B> [rounds] [calls per block]');
  const rounds = Number(roundsText ?? 6);
  const calls = Number(callsText ?? 150);
  const seedWith = process.env.PAGES_AB_SEED_WITH;
  const seeded = await seedLargeProject({
    hypotheses: 10_000, matches: 100_000, otherProjects: 2, seed: 20_261_126,
    ...(seedWith === undefined ? {} : { serverEntry: path.resolve(seedWith, 'dist/mcp/server.js') }),
  });
  const copies = { A: await tempDataDir('pages-ab-A'), B: await tempDataDir('pages-ab-B') };
  for (const copy of Object.values(copies)) cpSync(seeded.dir, copy.dir, { recursive: true });
  const id = seeded.researchId;
  // PAGES_AB_PAGES="leaderboard 50,list_hypotheses 50" times only those (e.g. the 50-row pages without 500-row blocks between them).
  // "leaderboard 1000 columns" (the app's chunk: 1,000 rows by column, summaries cut to 120) is timed only when named.
  const only = process.env.PAGES_AB_PAGES?.split(',').map((page) => page.trim());
  const pages = ([
    ['leaderboard 50', 'get_leaderboard', { research_id: id, limit: 50 }],
    ['leaderboard 500', 'get_leaderboard', { research_id: id, limit: 500 }],
    ['list_hypotheses 50', 'list_hypotheses', { research_id: id, limit: 50 }],
    ['leaderboard 1000 columns', 'get_leaderboard', { research_id: id, limit: 1000, format: 'columns', summary_chars: 120 }],
  ] as Array<[string, string, Args]>).filter(([page]) => (only === undefined ? page !== 'leaderboard 1000 columns' : only.includes(page)));
  if (pages.length === 0) throw new Error(`PAGES_AB_PAGES names none of the pages: ${process.env.PAGES_AB_PAGES}`);
  const drivers: Record<string, Driver> = {};
  const samples = new Map<string, number[]>();
  const traces = new Map<string, CallTrace[]>();
  const fullGc = process.env.PAGES_AB_CLIENT_GC === 'shared' ? () => undefined : clientFullGc();
  const clientGcs = watchClientGcs();
  const cpu = new Map<string, number>();
  const loads: number[] = [os.loadavg()[0] as number];
  try {
    for (const [build, root] of [['A', rootA], ['B', rootB]] as const) {
      for (const sdk of ['v1', 'v2'] as const) drivers[`${build} ${sdk}`] = await connect(path.resolve(root), sdk, copies[build].dir, `${build} ${sdk}`);
    }
    for (const driver of Object.values(drivers)) for (const [, name, a] of pages) for (let i = 0; i < 30; i += 1) await driver.call(name, a);
    for (let round = 0; round < rounds; round += 1) {
      for (const build of round % 2 === 0 ? ['A', 'B', 'B', 'A'] : ['B', 'A', 'A', 'B']) {
        for (const sdk of ['v1', 'v2']) {
          const driver = drivers[`${build} ${sdk}`] as Driver;
          for (const [page, name, a] of pages) {
            const key = `${page} | ${sdk} | ${build}`;
            fullGc();
            const cpuBefore = cpuMs(driver.pid);
            const list = samples.get(key) ?? [];
            const traced = traces.get(page) ?? [];
            for (let i = 0; i < calls; i += 1) {
              const trace = await tracedCall(driver.pid, i, () => driver.call(name, a));
              list.push(trace.ms);
              traced.push(trace);
            }
            samples.set(key, list);
            traces.set(page, traced);
            cpu.set(key, (cpu.get(key) ?? 0) + cpuMs(driver.pid) - cpuBefore);
          }
        }
      }
      loads.push(os.loadavg()[0] as number);
      process.stderr.write(`pages-ab: round ${round + 1}/${rounds}, load ${os.loadavg()[0]?.toFixed(2)}\n`);
    }
  } finally {
    clientGcs.stop();
    for (const driver of Object.values(drivers)) await driver.close();
    await seeded.dispose();
    for (const copy of Object.values(copies)) await copy.dispose();
  }
  const stat = (key: string): { p50: number; p99: number; cpu: number } => {
    const sorted = [...(samples.get(key) ?? [])].sort((x, y) => x - y);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), cpu: (cpu.get(key) ?? 0) / sorted.length };
  };
  process.stdout.write(`pages-ab: ${rounds} rounds × 2 blocks × ${calls} calls per build, client and page; client GC between blocks: ${process.env.PAGES_AB_CLIENT_GC === 'shared' ? 'none (shared)' : 'full'}; load (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}, ${os.cpus().length} cores\n`);
  process.stdout.write('| page | client | A p50 / p99 (ms) | B p50 / p99 (ms) | B/A p50 | B/A p99 | server main-thread CPU per call A / B (ms) |\n| --- | --- | --- | --- | ---: | ---: | --- |\n');
  for (const [page] of pages) {
    for (const sdk of ['v1', 'v2']) {
      const a = stat(`${page} | ${sdk} | A`);
      const b = stat(`${page} | ${sdk} | B`);
      process.stdout.write(`| ${page} | ${sdk} | ${a.p50.toFixed(2)} / ${a.p99.toFixed(2)} | ${b.p50.toFixed(2)} / ${b.p99.toFixed(2)} | ${(b.p50 / a.p50).toFixed(2)} | ${(b.p99 / a.p99).toFixed(2)} | ${a.cpu.toFixed(2)} / ${b.cpu.toFixed(2)} |\n`);
    }
  }
  const gcMs = clientGcs.pauses.reduce((sum, gc) => sum + gc.end - gc.start, 0);
  process.stdout.write(`\nWhere each page's slowest 1% came from (both builds and clients; bench/pagesTail.ts); this client process paused ${clientGcs.pauses.length} times for GC, ${gcMs.toFixed(0)} ms in all:\n${TAIL_HEADER}\n`);
  for (const [page] of pages) process.stdout.write(`${tailRow(page, traces.get(page) ?? [], clientGcs.pauses)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`pages-ab: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exitCode = 1;
});
