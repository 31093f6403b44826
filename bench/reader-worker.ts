// One reading client of the concurrent-readers benchmark (bench/concurrent-reads.ts) on a thread of
// its own: its own event loop parses and validates its own answers, as each of four assistants
// (four processes) would. In one shared event loop a client's latency would include waiting while
// the other three clients' answers are parsed, a queue no real assistant stands in.
import { parentPort } from 'node:worker_threads';
import { connectServer, type ConnectedServer } from '../test/support/server.js';
import { describeToolFailure } from '../test/support/toolErrors.js';

/** The read mix every client makes, alternating: the project's status, then a page of hypotheses. */
export async function readOnce(server: ConnectedServer, researchId: string, i: number): Promise<void> {
  const result = i % 2 === 0
    ? await server.client.callTool({ name: 'get_research_status', arguments: { research_id: researchId } })
    : await server.client.callTool({ name: 'list_hypotheses', arguments: { research_id: researchId, limit: 20 } });
  if (result.isError === true) throw new Error(`read failed during the benchmark: ${describeToolFailure(result).slice(0, 300)}`);
}

/** A series of reads: each call's latency, and when it ended, in nanoseconds of process.hrtime (one clock for all threads of a process). */
export interface ReadSeries {
  samples: bigint[];
  ends: bigint[];
}

/** `calls` reads back to back. */
export async function readSeries(server: ConnectedServer, researchId: string, calls: number): Promise<ReadSeries> {
  const samples: bigint[] = [];
  const ends: bigint[] = [];
  for (let i = 0; i < calls; i += 1) {
    const start = process.hrtime.bigint();
    await readOnce(server, researchId, i);
    const end = process.hrtime.bigint();
    samples.push(end - start);
    ends.push(end);
  }
  return { samples, ends };
}

export type ReaderRequest =
  /** `serverEntry`: another build's server.js (an A/B run); this repository's dist when absent. `env`: the database's (COSCI_DATABASE_URL on PostgreSQL). */
  | { kind: 'connect'; dataDir: string; serverEntry?: string; env?: Record<string, string> }
  | { kind: 'read'; researchId: string; calls: number }
  | { kind: 'close' };

export type ReaderReply =
  | { kind: 'connected'; serverPid: number }
  /** `clientCpuMs`: this thread's CPU time over the reads (the client's own sending, parsing, validating). */
  | ({ kind: 'samples'; clientCpuMs: number } & ReadSeries)
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

let server: ConnectedServer | undefined;

async function handle(request: ReaderRequest): Promise<ReaderReply> {
  if (request.kind === 'connect') {
    server = await connectServer({ dataDir: request.dataDir, client: 'desktop', ...(request.env === undefined ? {} : { env: request.env }), ...(request.serverEntry === undefined ? {} : { serverEntry: request.serverEntry }) });
    const serverPid = server.transport.pid;
    if (serverPid === null) throw new Error('the reader\'s server process has no pid');
    return { kind: 'connected', serverPid };
  }
  if (server === undefined) throw new Error(`the reader got "${request.kind}" before "connect"`);
  if (request.kind === 'read') {
    const before = process.threadCpuUsage();
    const series = await readSeries(server, request.researchId, request.calls);
    const used = process.threadCpuUsage(before);
    return { kind: 'samples', ...series, clientCpuMs: (used.user + used.system) / 1000 };
  }
  await server.close();
  server = undefined;
  return { kind: 'closed' };
}

// Only on a worker thread: the main thread imports readOnce and readSeries from here too.
parentPort?.on('message', (request: ReaderRequest) => {
  handle(request)
    .then((reply) => parentPort?.postMessage(reply))
    .catch((error: unknown) => parentPort?.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ReaderReply));
});
