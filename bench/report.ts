// Turns benchmark results into a Markdown section (machine, date, commit, table), prints it and
// appends it to docs/benchmarks-history.md, so results accumulate as a history next to the code.
// docs/benchmarks.md leads with the current value of each metric, updated from these runs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult, Percentile } from './result.js';
import { REPO_ROOT } from './server.js';

export const BENCHMARKS_DOC = path.join(REPO_ROOT, 'docs', 'benchmarks-history.md');

const COLUMNS: readonly Percentile[] = ['p50', 'p95', 'p99', 'max'];

const INTRO = `# Benchmark history

Every \`npm run bench\` run, oldest first, as \`bench/report.ts\` appends it. The current value of
each metric is in [benchmarks.md](benchmarks.md). Times are in milliseconds; percentiles are
nearest-rank (an observed sample). Numbers vary with the machine and its load: compare runs on the
same machine.
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
    const changed = git('status', '--porcelain', '--', '.', ':(exclude)docs/benchmarks.md', ':(exclude)docs/benchmarks-history.md');
    return changed === '' ? sha : `${sha} with uncommitted changes`;
  } catch {
    return 'none (no commit yet)';
  }
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
}
