// Knowledge-base benchmarks against the built server over real stdio, as an assistant uses it:
//
// - Ingest: 1,000 generated Markdown papers (~10 MB) through ingest_documents, slices included;
//   the time of each full ingest on a fresh database, reported with its throughput in MB/s.
// - Query: query_knowledge_base on a corpus of at least 100,000 passages (built through the same
//   tool), a few hundred varied queries one at a time after a warm-up.
//
// Targets (issue "Knowledge base"): ingest ≥ 2 MB/s, query p50 ≤ 10 ms.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queries, writePapers } from './knowledgeCorpus.js';
import type { BenchResult } from './result.js';
import { BENCH_CLIENT_ID, SERVER_ENTRY, tempDataDir } from './server.js';
import { summarize, timed } from './stats.js';
import { describeToolFailure } from '../test/support/toolErrors.js';
import { serverEnvFor } from '../test/support/server.js';

const COLLECTION = 'Bench literature';

interface Session {
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** CPU time the server process has used so far, in ms (Linux /proc; null elsewhere). */
  serverCpuMs(): number | null;
  close(): Promise<void>;
}

/**
 * On a shared machine wall time mostly measures the other processes; the server's own CPU time
 * says what the code costs. utime + stime are fields 14 and 15 of /proc/<pid>/stat, in ticks.
 */
function cpuMsOf(pid: number | null): number | null {
  if (pid === null || process.platform !== 'linux') return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function connectAs(dataDir: string, clientId: string): Promise<Session> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', clientId, '--data-dir', dataDir], env: serverEnvFor(clientId, dataDir), stderr: 'pipe' });
  const client = new Client({ name: 'co-scientist-bench', version: '1.0.0' });
  await client.connect(transport);
  return {
    async call(name, args) {
      // A long ingest slice runs up to 40 s; the SDK's default request timeout is 60 s.
      const result = await client.callTool({ name, arguments: args }, { timeout: 120_000 });
      if (result.isError) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
      return result.structuredContent as Record<string, unknown>;
    },
    serverCpuMs: () => cpuMsOf(transport.pid),
    close: () => client.close(),
  };
}

/** The scientist allows the folder in the app (desktop client); the assistant creates a collection. */
async function prepare(dataDir: string, folder: string): Promise<Session> {
  const desktop = await connectAs(dataDir, 'desktop');
  await desktop.call('manage_knowledge_roots', { action: 'add', path: folder });
  await desktop.close();
  const assistant = await connectAs(dataDir, BENCH_CLIENT_ID);
  await assistant.call('manage_collections', { action: 'create', collection_name: COLLECTION });
  return assistant;
}

/** Ingests a folder to completion, following cursors through the time-boxed slices. */
async function ingestAll(session: Session, folder: string): Promise<Record<string, unknown>> {
  let cursor: string | null = null;
  let last: Record<string, unknown>;
  do {
    last = await session.call('ingest_documents', { path: folder, collection: COLLECTION, ...(cursor === null ? {} : { cursor }) });
    cursor = last.next_cursor as string | null;
  } while (cursor !== null);
  return last;
}

async function tempFolder(label: string): Promise<{ dir: string; dispose(): Promise<void> }> {
  const dir = realpathSync(await mkdtemp(path.join(os.tmpdir(), `cosci-bench-${label}-`)));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export interface KnowledgeBenchOptions {
  documents: number;
  bytesPerDocument: number;
  ingestRuns: number;
  minChunks: number;
  queries: number;
  warmup: number;
}

export const KNOWLEDGE_BENCH: KnowledgeBenchOptions = { documents: 1000, bytesPerDocument: 10_000, ingestRuns: 3, minChunks: 100_000, queries: 400, warmup: 40 };

/** Both knowledge benchmarks: two table rows, and an appendix with throughput per run and latency per kind of query. */
export async function benchKnowledge(options: KnowledgeBenchOptions = KNOWLEDGE_BENCH): Promise<{ results: BenchResult[]; appendix: string }> {
  const ingest = await benchKnowledgeIngest(options);
  const query = await benchKnowledgeQuery(options);
  const appendix = [
    '### Knowledge base',
    '',
    `Ingest throughput per run: ${ingest.throughputs.map((mbs) => `${mbs.toFixed(1)} MB/s`).join(', ')} (target ≥ 2 MB/s).` +
      (ingest.cpuThroughputs.length > 0 ? ` Per second of the server's own CPU time: ${ingest.cpuThroughputs.map((mbs) => `${mbs.toFixed(1)} MB`).join(', ')}.` : ''),
    '',
    `Query: the server spent ${query.cpuPerQueryMs === null ? 'n/a' : `${query.cpuPerQueryMs.toFixed(1)} ms`} of CPU per query on average;` +
      ` a trivial call (list_research_projects, no projects) interleaved with the queries took p50 ${query.baselineP50.toFixed(2)} ms.` +
      ' Compare wall times with the load average above: on a busy machine they mostly measure the other processes.',
    '',
    '| Query kind | Queries | p50 (ms) | p99 (ms) | Refinement |',
    '| --- | ---: | ---: | ---: | --- |',
    ...query.byKind.map((row) => `| ${row.kind} | ${row.count} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.refinements} |`),
    '',
  ].join('\n');
  return { results: [ingest.result, query.result], appendix };
}

async function benchKnowledgeIngest(options: KnowledgeBenchOptions): Promise<{ result: BenchResult; throughputs: number[]; cpuThroughputs: number[] }> {
  const papers = await tempFolder('papers');
  try {
    const bytes = await writePapers(papers.dir, options.documents, options.bytesPerDocument);
    const samples: bigint[] = [];
    const cpuMs: number[] = [];
    for (let run = 0; run < options.ingestRuns; run += 1) {
      const dataDir = await tempDataDir('ingest');
      try {
        const session = await prepare(dataDir.dir, papers.dir);
        try {
          const cpuBefore = session.serverCpuMs();
          const { value, ns } = await timed(() => ingestAll(session, papers.dir));
          const cpuAfter = session.serverCpuMs();
          if (cpuBefore !== null && cpuAfter !== null) cpuMs.push(cpuAfter - cpuBefore);
          if (Number(value.files_done) !== options.documents) throw new Error(`ingested ${String(value.files_done)} of ${options.documents} files`);
          samples.push(ns);
        } finally {
          await session.close();
        }
      } finally {
        await dataDir.dispose();
      }
    }
    const summary = summarize(samples);
    const megabytes = bytes / 1048576;
    return {
      throughputs: samples.map((ns) => megabytes / (Number(ns) / 1e9)),
      cpuThroughputs: cpuMs.map((ms) => megabytes / (ms / 1000)),
      result: {
        name: 'Knowledge ingest',
        detail: `${options.documents} generated Markdown papers (${megabytes.toFixed(1)} MB) through ingest_documents on a fresh database, ${options.ingestRuns} runs: median ${(megabytes / (summary.p50 / 1000)).toFixed(1)} MB/s (target ≥ 2 MB/s)`,
        summary,
        reported: ['p50', 'max'],
      },
    };
  } finally {
    await papers.dispose();
  }
}

interface KindRow {
  kind: string;
  count: number;
  p50: number;
  p99: number;
  refinements: string;
}

async function benchKnowledgeQuery(
  options: KnowledgeBenchOptions,
): Promise<{ result: BenchResult; byKind: KindRow[]; baselineP50: number; cpuPerQueryMs: number | null }> {
  const papers = await tempFolder('library');
  const dataDir = await tempDataDir('query');
  try {
    const session = await prepare(dataDir.dir, papers.dir);
    try {
      // ~10 KB papers become ~17 passages each; add batches until the corpus is big enough.
      let chunks = 0;
      let written = 0;
      let bytes = 0;
      while (chunks < options.minChunks) {
        const batch = Math.ceil((options.minChunks - chunks) / 15) + 100;
        bytes += await writePapers(papers.dir, batch, 10_000, written + 1);
        written += batch;
        await ingestAll(session, papers.dir);
        const info = await session.call('manage_collections', { action: 'info', collection_name: COLLECTION, limit: 1 });
        chunks = (info.collection as { chunk_count: number }).chunk_count;
        process.stderr.write(`bench: knowledge corpus has ${chunks} passages from ${written} papers\n`);
      }
      const workload = queries(options.warmup + options.queries, 42, written);
      const run = (index: number) => {
        const item = workload[index] as { query: string };
        // One query in ten names the collection, which adds the collection filter to the FTS match.
        return session.call('query_knowledge_base', { query: item.query, top_k: 5, ...(index % 10 === 0 ? { collections: COLLECTION } : {}) });
      };
      for (let i = 0; i < options.warmup; i += 1) await run(i);
      const samples: bigint[] = [];
      const kinds = new Map<string, { ns: bigint[]; refinements: Map<string, number> }>();
      // The same server answering a trivial call at the same moment: what any tool call costs here.
      const baseline: bigint[] = [];
      let queryCpuMs = 0;
      for (let i = options.warmup; i < workload.length; i += 1) {
        baseline.push((await timed(() => session.call('list_research_projects', {}))).ns);
        const cpuBefore = session.serverCpuMs();
        const { value, ns } = await timed(() => run(i));
        const cpuAfter = session.serverCpuMs();
        if (cpuBefore !== null && cpuAfter !== null) queryCpuMs += cpuAfter - cpuBefore;
        samples.push(ns);
        const kind = kinds.get((workload[i] as { kind: string }).kind) ?? { ns: [], refinements: new Map<string, number>() };
        kind.ns.push(ns);
        const status = (value.query_refinement as { status: string }).status;
        kind.refinements.set(status, (kind.refinements.get(status) ?? 0) + 1);
        kinds.set((workload[i] as { kind: string }).kind, kind);
      }
      const summary = summarize(samples);
      const byKind = [...kinds.entries()].map(([kind, data]): KindRow => {
        const stats = summarize(data.ns);
        return { kind, count: stats.count, p50: stats.p50, p99: stats.p99, refinements: [...data.refinements.entries()].map(([status, n]) => `${status} ${n}`).join(', ') };
      });
      return {
        byKind,
        baselineP50: summarize(baseline).p50,
        cpuPerQueryMs: session.serverCpuMs() === null ? null : queryCpuMs / options.queries,
        result: {
          name: 'Knowledge query',
          detail: `query_knowledge_base over stdio, top_k 5, on ${chunks.toLocaleString('en-US')} passages (${(bytes / 1048576).toFixed(0)} MB of Markdown), ${options.queries} queries of six kinds (see below) after ${options.warmup} warm-up (target p50 ≤ 10 ms)`,
          summary,
          reported: ['p50', 'p95', 'p99', 'max'],
        },
      };
    } finally {
      await session.close();
    }
  } finally {
    await dataDir.dispose();
    await papers.dispose();
  }
}
