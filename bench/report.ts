// Turns benchmark results into a Markdown section (machine, date, commit, table), prints it and
// appends it to docs/benchmarks.md, so results accumulate as a history next to the code.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult, Percentile } from './result.js';
import { REPO_ROOT } from './server.js';

export const BENCHMARKS_DOC = path.join(REPO_ROOT, 'docs', 'benchmarks.md');

const COLUMNS: readonly Percentile[] = ['p50', 'p95', 'p99', 'max'];

const INTRO = `# Benchmarks

Measurements of the MCP server as assistants use it: the built server (\`dist/mcp/server.js\`)
spawned with plain Node over real stdio and driven by the official MCP client, each run on its
own temporary data dir. Run them with:

\`\`\`sh
npm run bench        # builds, then runs bench/run.ts and appends a section below
\`\`\`

What each row measures:

- **Cold start**: from spawning \`node dist/mcp/server.js --client bench --data-dir <dir>\` until
  the MCP \`initialize\` result arrives (what an assistant waits for when it starts its tools), on
  a database that already exists. **Cold start, new database** is the same on an empty data dir,
  so it includes creating and migrating the database (a one-time cost per machine).
- **Tool call latency**: \`get_research_status\` on an existing project, called back to back with
  one call in flight, after a warm-up. It covers the JSON-RPC round trip over stdio, the scope
  check, the database read and the audit-log row every call writes.

Times are in milliseconds, measured with \`process.hrtime.bigint()\`; percentiles are nearest-rank
(an observed sample). Numbers vary with the machine and its load: compare runs on the same machine.

Sources: \`bench/run.ts\` runs \`bench/cold-start.ts\` and \`bench/stdio-latency.ts\`;
\`bench/report.ts\` writes this file. A new benchmark returns a \`BenchResult\` (\`bench/result.ts\`)
and is added to the list in \`bench/run.ts\`.
`;

export interface RunContext {
  date: Date;
  commit: string;
  appVersion: string;
}

export async function runContext(now: Date = new Date()): Promise<RunContext> {
  const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return { date: now, commit: gitCommit(), appVersion: manifest.version };
}

export function renderSection(results: readonly BenchResult[], context: RunContext): string {
  const cpus = os.cpus();
  const machine = [
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'} (${cpus.length} logical cores)`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node: ${process.version}, ${process.platform}/${process.arch}`,
    // Other work on the machine shows up in the tail latencies; the load makes that visible.
    ...(process.platform === 'win32' ? [] : [`- Load average (1/5/15 min) at start: ${loadAverage()}`]),
    `- Commit: ${context.commit} (app version ${context.appVersion})`,
  ];
  const header = ['Benchmark', 'Samples', ...COLUMNS.map((c) => `${c} (ms)`), 'Measured'];
  const rows = results.map((r) => [
    r.name,
    String(r.summary.count),
    ...COLUMNS.map((c) => (r.reported.includes(c) ? formatMs(r.summary[c]) : '—')),
    r.detail,
  ]);
  const table = [header, header.map((_, i) => (i === 0 || i === header.length - 1 ? '---' : '---:')), ...rows].map(
    (cells) => `| ${cells.join(' | ')} |`,
  );
  return [`## Run of ${context.date.toISOString()}`, '', ...machine, '', ...table, ''].join('\n');
}

/** Appends a section, creating the document (with its introduction) on first use. */
export async function appendToDoc(section: string, file: string = BENCHMARKS_DOC): Promise<void> {
  if (!existsSync(file)) await writeFile(file, INTRO, 'utf8');
  await appendFile(file, `\n${section}`, 'utf8');
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}

function formatMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

function gitCommit(): string {
  try {
    const sha = git('rev-parse', '--short', 'HEAD');
    // Earlier results not yet committed are not a change to what was measured.
    const changed = git('status', '--porcelain', '--', '.', ':(exclude)docs/benchmarks.md');
    return changed === '' ? sha : `${sha} with uncommitted changes`;
  } catch {
    return 'none (no commit yet)';
  }
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
}
