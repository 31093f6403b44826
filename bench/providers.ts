// The background-provider benchmark (architecture.md, *Reasoners*): a 50-hypothesis project run end to end by
// the desktop's server against a fake OpenAI-compatible API on 127.0.0.1 that answers every call
// after 200 ms — generation, reviews, the tournament, evolution, meta-reviews, with no checkpoint
// pauses — once with one request in flight and once with eight. It measures what the scientist
// waits for (wall clock) and what the run costs (provider calls, work items, tokens).
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import Database from 'better-sqlite3';
import path from 'node:path';
import { configureProvider, startFakeProvider, summariesFromDb, waitForStatus } from '../test/support/fakeProviders.js';
import { serverEnvFor, type ConnectedServer } from '../test/support/server.js';
import type { BenchResult } from './result.js';
import { SERVER_ENTRY, tempDataDir } from './server.js';

export interface ProviderBenchOptions {
  hypotheses: number;
  latencyMs: number;
  concurrencies: readonly number[];
}

export const PROVIDER_BENCH: ProviderBenchOptions = { hypotheses: 50, latencyMs: 200, concurrencies: [1, 8] };

interface RunOutcome {
  concurrency: number;
  wallMs: number;
  status: string;
  stopReason: string | null;
  providerCalls: number;
  workItems: number;
  matches: number;
  inputTokens: number;
  outputTokens: number;
  peakInFlight: number;
}

export async function benchProviders(options: ProviderBenchOptions = PROVIDER_BENCH): Promise<{ results: BenchResult[]; appendix: string }> {
  const outcomes: RunOutcome[] = [];
  for (const concurrency of options.concurrencies) {
    process.stderr.write(`bench: provider run, ${options.hypotheses} hypotheses, concurrency ${concurrency}…\n`);
    outcomes.push(await runOnce(options, concurrency));
  }
  const results = outcomes.map((o) => ({
    name: `Provider run, concurrency ${o.concurrency}`,
    detail: `${options.hypotheses}-hypothesis project end to end in the background, fake API with ${options.latencyMs} ms latency (wall clock; ${o.providerCalls} calls)`,
    summary: { count: 1, p50: o.wallMs, p95: o.wallMs, p99: o.wallMs, max: o.wallMs, mean: o.wallMs },
    reported: ['max'] as const,
  }));
  return { results, appendix: appendix(options, outcomes) };
}

async function runOnce(options: ProviderBenchOptions, concurrency: number): Promise<RunOutcome> {
  const data = await tempDataDir('providers');
  const desktop = await connectDesktop(data.dir);
  const fake = await startFakeProvider({ protocol: 'openai', latencyMs: options.latencyMs, summaries: cachedSummaries(data.dir) });
  try {
    await configureProvider(desktop, { protocol: 'openai', url: fake.url, concurrency, timeoutSeconds: 60 });
    const started = Date.now();
    const result = await desktop.client.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: options.hypotheses, pause_at: [] } });
    const researchId = (result.structuredContent as { research_id: string }).research_id;
    const status = await waitForStatus(desktop, researchId, (s) => s.status === 'completed' || s.status === 'paused', 30 * 60_000, 'the run to end');
    const wallMs = Date.now() - started;
    const reasoning = status.reasoning as { calls: number; input_tokens: number; output_tokens: number };
    return {
      concurrency,
      wallMs,
      status: status.status as string,
      stopReason: status.stop_reason as string | null,
      providerCalls: reasoning.calls,
      workItems: status.reasoning_calls_used as number,
      matches: status.matches as number,
      inputTokens: reasoning.input_tokens,
      outputTokens: reasoning.output_tokens,
      peakInFlight: fake.maxInFlight(),
    };
  } finally {
    await desktop.close();
    await fake.close();
    await data.dispose();
  }
}

async function connectDesktop(dataDir: string): Promise<ConnectedServer> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'desktop', '--data-dir', dataDir], env: serverEnvFor('desktop', dataDir), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4_000)));
  const client = new Client({ name: 'co-scientist-bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, close: () => client.close() };
}

/** The judge's view of hypothesis quality, re-read only when hypotheses were added (the database grows during the run). */
function cachedSummaries(dataDir: string): () => ReadonlyMap<string, string> {
  const read = summariesFromDb(dataDir);
  let cached: ReadonlyMap<string, string> = new Map();
  let count = -1;
  return () => {
    const db = new Database(path.join(dataDir, 'co-scientist.db'), { readonly: true, fileMustExist: true });
    const now = db.prepare('SELECT COUNT(*) FROM hypotheses').pluck().get() as number;
    db.close();
    if (now !== count) {
      cached = read();
      count = now;
    }
    return cached;
  };
}

function appendix(options: ProviderBenchOptions, outcomes: readonly RunOutcome[]): string {
  const serial = (o: RunOutcome) => (o.providerCalls * options.latencyMs) / 1000;
  const rows = outcomes.map(
    (o) =>
      `| ${o.concurrency} | ${(o.wallMs / 1000).toFixed(1)} | ${serial(o).toFixed(1)} | ${o.providerCalls} | ${o.workItems} | ${o.matches} | ${o.inputTokens} / ${o.outputTokens} | ${o.peakInFlight} | ${o.status}${o.stopReason === null ? '' : ` (${o.stopReason})`} |`,
  );
  return [
    `### Background provider runs (${options.hypotheses} hypotheses, fake API latency ${options.latencyMs} ms)`,
    '',
    'The desktop\'s server runs the whole project (no checkpoint pauses) against a fake OpenAI-compatible API on 127.0.0.1. "Calls × latency" is the time the calls alone take one at a time; the tournament is sequential by design (each comparison batch is chosen from the ratings of the previous one), so extra concurrency speeds up generation, reviews and evolution only.',
    '',
    '| Concurrency | Wall clock (s) | Calls × latency (s) | Provider calls | Work items | Matches | Tokens in / out | Peak requests in flight | Final state |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
}
