// `npm run bench` (after the build): runs every benchmark against the built server, prints the
// results table and appends it to docs/benchmarks.md. Progress goes to stderr, the table to stdout.
import { benchColdStart } from './cold-start.js';
import { appendToDoc, BENCHMARKS_DOC, renderSection, runContext } from './report.js';
import type { BenchResult } from './result.js';
import { assertServerBuilt } from './server.js';
import { benchToolLatency } from './stdio-latency.js';

/** Every benchmark, in the order they run and appear in the table. */
const BENCHMARKS: ReadonlyArray<{ label: string; run: () => Promise<BenchResult> }> = [
  { label: 'cold start (existing database)', run: () => benchColdStart({ repetitions: 20, freshDatabase: false }) },
  { label: 'cold start (new database)', run: () => benchColdStart({ repetitions: 20, freshDatabase: true }) },
  { label: 'tool call latency', run: () => benchToolLatency({ warmup: 100, calls: 2_000 }) },
];

async function main(): Promise<void> {
  assertServerBuilt();
  const context = await runContext();
  const results: BenchResult[] = [];
  for (const bench of BENCHMARKS) {
    process.stderr.write(`bench: ${bench.label}…\n`);
    results.push(await bench.run());
  }
  const section = renderSection(results, context);
  process.stdout.write(`${section}\n`);
  await appendToDoc(section);
  process.stderr.write(`bench: results appended to ${BENCHMARKS_DOC}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
