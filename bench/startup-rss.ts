// Startup memory (issue 17: ≤ 1.0× the reference server): our server and the reference
// `@modelcontextprotocol/server-memory`, each spawned with plain Node as an assistant spawns it,
// its resident set read from /proc once the MCP `initialize` result has arrived and again after the
// first `tools/list`. Runs alternate (ours, reference, ours…) so that both see the same machine;
// the ratio of the medians is the figure. Linux only (/proc/<pid>/status).
// Run alone: `npm run build:node && node --import tsx bench/startup-rss.ts [runs]`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { BenchResult } from './result.js';
import { BENCH_CLIENT_ID, MEMORY_PACKAGE, SERVER_ENTRY, memoryServerEntry, tempDataDir } from './server.js';
import { median, summarize } from './stats.js';

const TARGET_RATIO = 1.0;

/** Resident and peak resident set of a process, in MB (VmRSS / VmHWM of /proc/<pid>/status). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface Sample {
  afterInitialize: number;
  afterToolList: number;
  peak: number;
}

async function sampleServer(args: string[], env: Record<string, string>): Promise<Sample> {
  const transport = new StdioClientTransport({ command: process.execPath, args, env: { ...process.env, ...env } as Record<string, string>, stderr: 'pipe' });
  const client = new Client({ name: 'co-scientist-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const pid = transport.pid;
    if (pid === null) throw new Error('the spawned server has no pid');
    const afterInitialize = memoryOf(pid).rss;
    await client.listTools();
    const after = memoryOf(pid);
    return { afterInitialize, afterToolList: after.rss, peak: after.peak };
  } finally {
    await client.close();
  }
}

export async function benchStartupRss(runs = 10): Promise<{ results: BenchResult[]; appendix: string }> {
  const reference = memoryServerEntry();
  if (process.platform !== 'linux' || reference === null) {
    const why = process.platform !== 'linux' ? 'needs /proc (Linux)' : `${MEMORY_PACKAGE} is not installed`;
    return { results: [], appendix: `### Startup memory\n\nSkipped: ${why}.\n` };
  }
  const data = await tempDataDir('rss');
  const graph = path.join(data.dir, 'memory.jsonl');
  fs.writeFileSync(graph, '');
  const ours: Sample[] = [];
  const theirs: Sample[] = [];
  try {
    // The first start creates and migrates the database: not what an assistant's daily start costs.
    await sampleServer([SERVER_ENTRY, '--client', BENCH_CLIENT_ID, '--data-dir', data.dir], {});
    for (let i = 0; i < runs; i += 1) {
      ours.push(await sampleServer([SERVER_ENTRY, '--client', BENCH_CLIENT_ID, '--data-dir', data.dir], {}));
      theirs.push(await sampleServer([reference], { MEMORY_FILE_PATH: graph }));
    }
  } finally {
    await data.dispose();
  }
  const mb = (samples: Sample[], key: keyof Sample): number => median(samples.map((s) => s[key]));
  const ratio = mb(ours, 'afterInitialize') / mb(theirs, 'afterInitialize');
  const asSummary = (values: number[]) => summarize(values.map((v) => BigInt(Math.round(v * 1e6))));
  const results: BenchResult[] = [
    { name: 'Startup RSS (MB, not ms)', detail: `our server after initialize, existing database, ${runs} runs`, summary: asSummary(ours.map((s) => s.afterInitialize)), reported: ['p50', 'max'] },
    { name: 'Startup RSS, reference (MB, not ms)', detail: `${MEMORY_PACKAGE} after initialize, empty graph, ${runs} runs`, summary: asSummary(theirs.map((s) => s.afterInitialize)), reported: ['p50', 'max'] },
  ];
  const row = (label: string, samples: Sample[]): string =>
    `| ${label} | ${mb(samples, 'afterInitialize').toFixed(1)} | ${mb(samples, 'afterToolList').toFixed(1)} | ${mb(samples, 'peak').toFixed(1)} |`;
  const appendix = [
    '### Startup memory',
    '',
    `Resident set (MB, median of ${runs} alternating starts with plain Node ${process.version}; 1-minute load average at the end ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores). Ratio after initialize: **${ratio.toFixed(2)}×** the reference — ${ratio <= TARGET_RATIO ? 'met' : '**missed**'} (target ≤ ${TARGET_RATIO.toFixed(1)}×).`,
    '',
    '| Server | After initialize | After tools/list | Peak (VmHWM) |',
    '| --- | ---: | ---: | ---: |',
    row('co-scientist (dist/mcp/server.js, existing database)', ours),
    row(`${MEMORY_PACKAGE} (empty graph)`, theirs),
    '',
  ].join('\n');
  return { results, appendix };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 10);
  benchStartupRss(Number.isFinite(runs) && runs > 0 ? runs : 10)
    .then(({ appendix }) => process.stdout.write(`${appendix}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${String(error)}\n`);
      process.exitCode = 1;
    });
}
