// Context cost of delegated mode (issue 13): a scripted assistant runs complete projects of 10, 20
// and 50 hypotheses exactly as the instructions say, with a seeded fake reasoner of realistic
// lengths and a judge right ~85% of the time, and we count what lands in its context
// (tokens ≈ characters / 4) per phase and per tool, the largest single result, the round trips,
// and the top-5 recall of the final ranking against the hidden quality (mean over the seeds).
//
//   node --import tsx bench/context-cost.ts [sizes…] [postgres]   (after npm run build) prints the tables
//   node --import tsx bench/context-cost.ts --engines [size]      the same project on PostgreSQL vs SQLite
import os from 'node:os';
import { runScriptedProject, tokens, totals, type CallRecord, type ProjectLedger } from '../test/support/scriptedAssistant.js';
import { BENCH_ENGINES, ENGINE_NAMES, folderStore, type BenchEngine } from './engineStore.js';
import type { BenchResult } from './result.js';
import { tempDataDir } from './server.js';
import { summarize } from './stats.js';

export interface ContextCostOptions {
  readonly sizes: readonly number[];
  readonly seeds: number;
  /** Where each project's store lives: the SQLite file in its data folder (the default) or a PostgreSQL database of its own. */
  readonly engine?: BenchEngine;
}

/** One whole delegated project on `engine`, in a data folder (and database) of its own; its ledger and wall time. */
async function runProject(engine: BenchEngine, hypotheses: number, seed: number): Promise<{ ledger: ProjectLedger; ns: bigint }> {
  const dataDir = await tempDataDir('context');
  const store = await folderStore(engine, dataDir.dir, 'context');
  try {
    const started = process.hrtime.bigint();
    const ledger = await runScriptedProject({ hypotheses, seed, dataDir: dataDir.dir, env: store.env });
    return { ledger, ns: process.hrtime.bigint() - started };
  } finally {
    await store.dispose();
    await dataDir.dispose();
  }
}

export const CONTEXT_COST_DEFAULTS: ContextCostOptions = { sizes: [10, 20, 50], seeds: 5 };

export async function benchContextCost(options: ContextCostOptions = CONTEXT_COST_DEFAULTS): Promise<{ results: BenchResult[]; appendix: string }> {
  const bySize = new Map<number, ProjectLedger[]>();
  const results: BenchResult[] = [];
  for (const size of options.sizes) {
    const ledgers: ProjectLedger[] = [];
    const durations: bigint[] = [];
    for (let seed = 1; seed <= options.seeds; seed += 1) {
      process.stderr.write(`  context cost: ${size} hypotheses, seed ${seed}\n`);
      const { ledger, ns } = await runProject(options.engine ?? 'sqlite', size, seed);
      ledgers.push(ledger);
      durations.push(ns);
    }
    bySize.set(size, ledgers);
    results.push({ name: `Delegated project, ${size} hypotheses`, detail: 'scripted assistant, start → final report, wall time per project', summary: summarize(durations), reported: ['p50', 'max'] });
  }
  return { results, appendix: renderContextCost(bySize) };
}

/**
 * Whole delegated projects on PostgreSQL against SQLite (issue 30: the same context cost and
 * ranking recall): each seed's project on both engines, alternating which goes first.
 */
export async function benchEngineContextCost(options: { size: number; seeds: number } = { size: 20, seeds: 5 }): Promise<{ results: BenchResult[]; appendix: string }> {
  const loadBefore = os.loadavg();
  const ledgers = new Map<BenchEngine, ProjectLedger[]>(BENCH_ENGINES.map((engine) => [engine, []]));
  const durations = new Map<BenchEngine, bigint[]>(BENCH_ENGINES.map((engine) => [engine, []]));
  for (let seed = 1; seed <= options.seeds; seed += 1) {
    for (const engine of seed % 2 === 1 ? BENCH_ENGINES : [...BENCH_ENGINES].reverse()) {
      process.stderr.write(`  context cost on ${ENGINE_NAMES[engine]}: ${options.size} hypotheses, seed ${seed}\n`);
      const { ledger, ns } = await runProject(engine, options.size, seed);
      ledgers.get(engine)?.push(ledger);
      durations.get(engine)?.push(ns);
    }
  }
  const results: BenchResult[] = BENCH_ENGINES.map((engine) => ({
    name: `Delegated project, ${options.size} hypotheses (${ENGINE_NAMES[engine]})`,
    detail: 'scripted assistant, start → final report, wall time per project',
    summary: summarize(durations.get(engine) as bigint[]),
    reported: ['p50', 'max'],
  }));
  const row = (engine: BenchEngine): string => {
    const all = ledgers.get(engine) as ProjectLedger[];
    const cost = all.map(totals);
    const largest = Math.max(...all.map((l) => l.largestResult.chars));
    return `| ${ENGINE_NAMES[engine]} | ${all.length} | ${k(mean(all.map((l) => l.calls.length)))} | **${k(mean(cost.map((t) => t.base)))}** | ${k(Math.min(...cost.map((t) => t.base)))}–${k(Math.max(...cost.map((t) => t.base)))} | ${k(mean(cost.map((t) => t.withStructured)))} | ${largest} | ${all.map((l) => l.topRecall.toFixed(1)).join(', ')} (mean ${mean(all.map((l) => l.topRecall)).toFixed(2)}) | ${mean(all.map((l) => l.textReads)).toFixed(1)} | ${(summarize(durations.get(engine) as bigint[]).p50 / 1000).toFixed(1)} |`;
  };
  const appendix = [
    '### Context cost and ranking recall of a whole delegated project, PostgreSQL vs SQLite (bench/context-cost.ts, benchEngineContextCost)',
    '',
    `The scripted assistant (test/support/scriptedAssistant.ts) runs ${options.seeds} projects of ${options.size} hypotheses start → final report on each engine, seeds 1–${options.seeds}, the engines alternating project by project; each project has a data folder (and on PostgreSQL a database) of its own. Tokens ≈ characters / 4, as in *Context cost of delegated mode*. ${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}.`,
    '',
    '| Engine | projects | round trips | **context** (tokens, mean) | context per project (min–max) | + structured | largest result (chars) | top-5 recall per project | full-text reads | wall time p50 (s) |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: |',
    ...BENCH_ENGINES.map(row),
    '',
  ].join('\n');
  return { results, appendix };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(Math.round(n)));

export function renderContextCost(bySize: ReadonlyMap<number, ProjectLedger[]>): string {
  const lines = [
    '### Context cost of delegated mode (bench/context-cost.ts)',
    '',
    'Tokens ≈ characters / 4, mean over seeds. *Context* = tool definitions + server instructions + the research-workflow prompt + every result\'s text block + the assistant\'s arguments (what Claude Desktop and Claude Code keep); *+ structured* adds every structuredContent and the output schemas (clients that show them). Recall: top-5 of the final ranking vs the hidden quality.',
    '',
    '| hypotheses | seeds | round trips | definitions | instructions | result text | structured | arguments | **context** | context per seed (min–max) | + structured | largest result (chars) | top-5 recall | full-text reads |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [size, ledgers] of bySize) {
    const sum = (pick: (c: CallRecord) => number) => mean(ledgers.map((l) => l.calls.reduce((a, c) => a + pick(c), 0)));
    const all = ledgers.map(totals);
    const largest = ledgers.reduce((best, l) => (l.largestResult.chars > best.chars ? l.largestResult : best), ledgers[0]?.largestResult ?? { tool: '', phase: '', chars: 0 });
    lines.push(
      `| ${size} | ${ledgers.length} | ${k(mean(ledgers.map((l) => l.calls.length)))} | ${k(tokens(mean(ledgers.map((l) => l.definitions))))} | ${k(tokens(mean(ledgers.map((l) => l.instructions))))} | ${k(tokens(sum((c) => c.text)))} | ${k(tokens(sum((c) => c.structured) + mean(ledgers.map((l) => l.outputSchemas))))} | ${k(tokens(sum((c) => c.args)))} | **${k(mean(all.map((t) => t.base)))}** | ${k(Math.min(...all.map((t) => t.base)))}–${k(Math.max(...all.map((t) => t.base)))} | ${k(mean(all.map((t) => t.withStructured)))} | ${largest.chars} (${largest.tool}, ${largest.phase}) | ${mean(ledgers.map((l) => l.topRecall)).toFixed(2)} | ${mean(ledgers.map((l) => l.textReads)).toFixed(1)} |`,
    );
  }
  const twenty = bySize.get(20) ?? [...bySize.values()][0];
  if (twenty !== undefined && twenty.length > 0) {
    lines.push('', `Per phase and per tool, ${twenty[0]?.hypotheses} hypotheses (mean over seeds; tokens):`, '');
    lines.push(...breakdown(twenty, 'phase'), '', ...breakdown(twenty, 'tool'));
  }
  return `${lines.join('\n')}\n`;
}

/** Per tool, or per phase: a result counts for the work it hands out, arguments for the work they submit. */
function breakdown(ledgers: ProjectLedger[], label: 'phase' | 'tool'): string[] {
  const groups = new Map<string, { calls: number; text: number; structured: number; args: number; largest: number }>();
  const group = (key: string) => {
    const g = groups.get(key) ?? { calls: 0, text: 0, structured: 0, args: 0, largest: 0 };
    groups.set(key, g);
    return g;
  };
  for (const ledger of ledgers) {
    for (const c of ledger.calls) {
      const out = group(label === 'tool' ? c.tool : c.resultPhase);
      out.calls += 1;
      out.text += c.text;
      out.structured += c.structured;
      out.largest = Math.max(out.largest, c.text, c.structured);
      group(label === 'tool' ? c.tool : c.phase).args += c.args;
    }
  }
  const n = ledgers.length;
  return [
    `| ${label} | results | result text | structured | arguments | context (text + args) | largest result (chars) |`,
    '|---|---|---|---|---|---|---|',
    ...[...groups.entries()]
      .sort((a, b) => b[1].text + b[1].args - (a[1].text + a[1].args))
      .map(([key, g]) => `| ${key} | ${k(g.calls / n)} | ${k(tokens(g.text / n))} | ${k(tokens(g.structured / n))} | ${k(tokens(g.args / n))} | ${k(tokens((g.text + g.args) / n))} | ${g.largest} |`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // [sizes…] [postgres] on one engine; --engines [size]: PostgreSQL against SQLite.
  const args = process.argv.slice(2);
  const sizes = args.map(Number).filter((n) => n > 0);
  const seeds = Number(process.env.CONTEXT_COST_SEEDS ?? CONTEXT_COST_DEFAULTS.seeds);
  const run = args.includes('--engines')
    ? benchEngineContextCost({ size: sizes[0] ?? 20, seeds })
    : benchContextCost({ sizes: sizes.length > 0 ? sizes : CONTEXT_COST_DEFAULTS.sizes, seeds, engine: args.includes('postgres') ? 'postgres' : 'sqlite' });
  run
    .then(({ appendix }) => process.stdout.write(appendix))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
