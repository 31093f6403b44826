// Context cost of delegated mode (issue 13): a scripted assistant runs complete projects of 10, 20
// and 50 hypotheses exactly as the instructions say, with a seeded fake reasoner of realistic
// lengths and a judge right ~85% of the time, and we count what lands in its context
// (tokens ≈ characters / 4) per phase and per tool, the largest single result, the round trips,
// and the top-5 recall of the final ranking against the hidden quality (mean over the seeds).
//
//   node --import tsx bench/context-cost.ts [sizes…]   (after npm run build) prints the tables
import { runScriptedProject, tokens, totals, type CallRecord, type ProjectLedger } from '../test/support/scriptedAssistant.js';
import type { BenchResult } from './result.js';
import { summarize } from './stats.js';

export interface ContextCostOptions {
  readonly sizes: readonly number[];
  readonly seeds: number;
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
      const started = process.hrtime.bigint();
      ledgers.push(await runScriptedProject({ hypotheses: size, seed }));
      durations.push(process.hrtime.bigint() - started);
    }
    bySize.set(size, ledgers);
    results.push({ name: `Delegated project, ${size} hypotheses`, detail: 'scripted assistant, start → final report, wall time per project', summary: summarize(durations), reported: ['p50', 'max'] });
  }
  return { results, appendix: renderContextCost(bySize) };
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
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const seeds = Number(process.env.CONTEXT_COST_SEEDS ?? CONTEXT_COST_DEFAULTS.seeds);
  benchContextCost({ sizes: sizes.length > 0 ? sizes : CONTEXT_COST_DEFAULTS.sizes, seeds })
    .then(({ appendix }) => process.stdout.write(appendix))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
