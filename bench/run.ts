// `npm run bench` (after the build): runs every benchmark against the built server, prints the
// results table and appends it to docs/benchmarks-history.md. Progress goes to stderr, the table to stdout.
import { benchColdStart, benchEngineColdStart } from './cold-start.js';
import { appendToDoc, BENCHMARKS_DOC, renderSection, runContext } from './report.js';
import type { BenchResult } from './result.js';
import { assertServerBuilt } from './server.js';
import { benchToolLatency } from './stdio-latency.js';
import { benchTournament } from './tournament.js';
import { benchLeaderboard } from './leaderboard.js';
import { benchKnowledge } from './knowledge.js';
import { benchProviders } from './providers.js';
import { benchMcpLatency } from './mcp-latency.js';
import { benchPages } from './pages.js';
import { benchPageFloor } from './page-floor.js';
import { benchConcurrentReads } from './concurrent-reads.js';
import { benchPayload } from './payload.js';
import { benchStartupRss } from './startup-rss.js';
import { benchFaults } from './faults.js';
import { benchContextCost, benchEngineContextCost } from './context-cost.js';
import { benchEngineReads } from './engine-reads.js';
import { benchEngineReaders } from './engine-readers.js';
import { benchBulkWrite } from './bulk-write.js';

/** One row, or several rows plus Markdown shown after the table (e.g. a simulator's own table). */
type BenchOutput = BenchResult | { results: readonly BenchResult[]; appendix: string };

/**
 * Every benchmark, in the order they run and appear in the table. `npm run bench -- <word>...`
 * runs only those whose label contains one of the words; `server: false` marks a benchmark of
 * pure code that needs no built server.
 */
const BENCHMARKS: ReadonlyArray<{ label: string; run: () => Promise<BenchOutput>; server?: false }> = [
  { label: 'cold start (existing database)', run: () => benchColdStart({ repetitions: 20, freshDatabase: false }) },
  { label: 'cold start (new database)', run: () => benchColdStart({ repetitions: 20, freshDatabase: true }) },
  { label: 'tool call latency', run: () => benchToolLatency({ warmup: 100, calls: 2_000 }) },
  { label: 'tournament simulator', run: () => benchTournament(), server: false },
  { label: 'leaderboard 10,000 hypotheses (GUI)', run: () => benchLeaderboard() },
  { label: 'knowledge base: ingest 1,000 papers, query 100,000 passages', run: () => benchKnowledge() },
  { label: 'provider runs: 50 hypotheses at concurrency 1 and 8', run: () => benchProviders() },
  { label: 'mcp latency: 10,000 hypotheses, 100,000 matches, vs server-memory', run: () => benchMcpLatency() },
  { label: 'pages: leaderboard and hypothesis pages, 10,000 hypotheses, 100,000 matches', run: () => benchPages() },
  { label: "page floor: the same pages' answers replayed by a peer that does no work", run: () => benchPageFloor() },
  { label: 'readers: 1 vs 4 concurrent clients reading', run: () => benchConcurrentReads() },
  { label: 'payload: install size without electron', run: () => Promise.resolve(benchPayload()), server: false },
  { label: 'startup memory: rss after initialize vs server-memory', run: () => benchStartupRss() },
  { label: 'faults: 100 kill -9 during write bursts', run: () => benchFaults({ kills: 100 }) },
  { label: 'faults: 100 kill -9 during write bursts on postgresql', run: () => benchFaults({ kills: 100, engine: 'postgres' }) },
  { label: 'context cost: delegated projects of 10, 20 and 50 hypotheses', run: () => benchContextCost() },
  // PostgreSQL against SQLite in the same run (issue 30); each starts a throwaway cluster (bench/engineStore.ts).
  { label: 'postgresql: reads vs sqlite, 10,000 / 100,000, 5,000 / 50,000 and a small project', run: () => benchEngineReads() },
  { label: 'postgresql: 1 vs 4 reading server processes on one database, beside sqlite', run: () => benchEngineReaders() },
  { label: 'postgresql: startup to first answer vs sqlite', run: () => benchEngineColdStart({ repetitions: 20 }) },
  { label: 'postgresql: bulk writes in one transaction (row at a time, project import) vs sqlite', run: () => benchBulkWrite() },
  { label: 'postgresql: context cost and ranking recall of a delegated project, 20 hypotheses, vs sqlite', run: () => benchEngineContextCost({ size: 20, seeds: 5 }) },
];

async function main(): Promise<void> {
  const selected = selectBenchmarks(process.argv.slice(2));
  if (selected.some((bench) => bench.server !== false)) assertServerBuilt();
  const context = await runContext();
  const results: BenchResult[] = [];
  const appendices: string[] = [];
  for (const bench of selected) {
    process.stderr.write(`bench: ${bench.label}…\n`);
    const output = await bench.run();
    if ('appendix' in output) {
      results.push(...output.results);
      appendices.push(output.appendix);
    } else {
      results.push(output);
    }
  }
  const section = [renderSection(results, context), ...appendices].join('\n');
  process.stdout.write(`${section}\n`);
  await appendToDoc(section);
  process.stderr.write(`bench: results appended to ${BENCHMARKS_DOC}\n`);
}

function selectBenchmarks(words: readonly string[]): typeof BENCHMARKS {
  if (words.length === 0) return BENCHMARKS;
  const chosen = BENCHMARKS.filter((bench) => words.some((word) => bench.label.includes(word.toLowerCase())));
  if (chosen.length === 0) {
    throw new Error(`no benchmark matches "${words.join(' ')}"; labels: ${BENCHMARKS.map((b) => b.label).join(', ')}`);
  }
  return chosen;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
