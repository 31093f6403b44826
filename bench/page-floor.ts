// What a page's bytes alone cost a client (issue 17's "any page p50 ≤ 2 ms"). Each page is asked of
// the real server over stdio, and then of a peer that does no work at all: it replays the real
// server's answers (bench/replay-peer.mjs), byte for byte but for the id. The peer's time is the
// floor any server would pay for that answer on this machine — the pipe, the wake-ups and the
// client's own handling — and the server's time above it is the server's own work. Three clients:
// a bare one (line framing and JSON.parse, no SDK) and the official v1 and v2 SDK clients (what
// bench/pages.ts times), one request in flight.
//   npm run build:node && node --import tsx bench/page-floor.ts [calls]
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineFramer } from '../src-shared/node/lineFramer.js';
import { connectServer, SERVER_ENTRY, serverEnvFor, type Sdk } from '../test/support/server.js';
import { LEADERBOARD_CHUNK } from '../src-renderer/features/leaderboard/boardStream.js';
import { PAGES_DEFAULTS } from './pages.js';
import type { BenchResult } from './result.js';
import { seedLargeProject } from './seed.js';
import { tempDataDir } from './server.js';
import { percentile } from './stats.js';

type Args = Record<string, unknown>;
interface ToolCall {
  name: string;
  arguments: Args;
}

const REPLAY_PEER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'replay-peer.mjs');
/** The app's summary cut (BOARD_SUMMARY_CHARS in src-renderer/features/leaderboard/queries.ts, a module of React hooks). */
const BOARD_SUMMARY_CHARS = 120;
/** The pages bench/pages.ts times by row, and the app's own large page (by column, short summaries). */
const PAGES: ReadonlyArray<[string, (researchId: string) => Args]> = [
  ['get_leaderboard, 50 rows', (id) => ({ research_id: id, limit: 50 })],
  ['get_leaderboard, 500 rows', (id) => ({ research_id: id, limit: 500 })],
  [`get_leaderboard, ${LEADERBOARD_CHUNK.toLocaleString('en')} rows by column, ${BOARD_SUMMARY_CHARS}-character summaries (the app's large page)`, (id) => ({ research_id: id, limit: LEADERBOARD_CHUNK, format: 'columns', summary_chars: BOARD_SUMMARY_CHARS })],
];
const CLIENTS = ['bare', 'v1', 'v2'] as const;
type ClientKind = (typeof CLIENTS)[number];
const WARM_UP_CALLS = 200;
const PROTOCOL_VERSION = '2025-06-18';

/** A request in flight: settled by its answer, or failed when no answer can come. */
interface Waiting {
  resolve: (line: Buffer) => void;
  reject: (error: Error) => void;
}

/** A client without an SDK: one request in flight, each answer a line of bytes, parsed whole. */
class BareClient {
  readonly #child: ChildProcessWithoutNullStreams;
  #waiting: Waiting | undefined;
  #nextId = 0;

  constructor(entry: string, dataDir: string) {
    this.#child = spawn(process.execPath, [entry, '--data-dir', dataDir, '--client', 'desktop'], { env: { ...process.env, ...serverEnvFor('desktop', dataDir) }, stdio: 'pipe' });
    const framer = new LineFramer({
      maxLineBytes: 64 * 1024 * 1024,
      keptEndBytes: 0,
      // A line within one chunk is a view of it; the client keeps a copy, as a transport would.
      onLine: (line) => this.#settle((waiting) => waiting.resolve(Buffer.from(line))),
      onDropped: ({ bytes }) => this.#settle((waiting) => waiting.reject(new Error(`an answer of ${bytes} bytes, over the bench's 64 MiB`))),
    });
    this.#child.stdout.on('data', (chunk: Buffer) => framer.push(chunk));
    // A server that dies mid-benchmark fails the request it owed, rather than leaving it waiting forever.
    this.#child.on('exit', (code, signal) => this.#settle((waiting) => waiting.reject(new Error(`${entry} exited (${signal ?? `code ${code}`}) before answering`))));
  }

  #settle(how: (waiting: Waiting) => void): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting !== undefined) how(waiting);
  }

  /** The answer's result, parsed; throws on a JSON-RPC error. */
  async request(method: string, params: unknown): Promise<unknown> {
    const line = await new Promise<Buffer>((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#nextId += 1;
      this.#child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: this.#nextId, method, params })}\n`);
    });
    const message = JSON.parse(line.toString('utf8')) as { result?: unknown; error?: { message: string } };
    if (message.error !== undefined) throw new Error(`${method} failed: ${message.error.message}`);
    return message.result;
  }

  async initialize(): Promise<unknown> {
    const result = await this.request('initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'page-floor', version: '1.0.0' } });
    this.#child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return result;
  }

  close(): void {
    this.#child.stdin.end();
    this.#child.kill();
  }
}

/** p50 in ms of `calls` timed calls after the warm-up. */
async function timeCalls(calls: number, once: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP_CALLS; i += 1) await once();
  const samples: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return percentile(samples.sort((a, b) => a - b), 50);
}

/** p50 of one page over one client, against the server at `entry` (the real one or the replay peer). */
async function timePage(kind: ClientKind, entry: string, dataDir: string, call: ToolCall, calls: number): Promise<number> {
  if (kind === 'bare') {
    const client = new BareClient(entry, dataDir);
    try {
      await client.initialize();
      return await timeCalls(calls, () => client.request('tools/call', call));
    } finally {
      client.close();
    }
  }
  const connected = await connectServer({ dataDir, client: 'desktop', sdk: kind satisfies Sdk, serverEntry: entry });
  try {
    return await timeCalls(calls, async () => {
      const result = await connected.client.callTool(call);
      if (result.isError === true) throw new Error(`${call.name} failed during the benchmark`);
    });
  } finally {
    await connected.close();
  }
}

/** The floor table, for `npm run bench` (bench/run.ts) and for a run alone. */
export async function benchPageFloor(calls = 300): Promise<{ results: BenchResult[]; appendix: string }> {
  const loadBefore = os.loadavg();
  const seeded = await seedLargeProject({ hypotheses: PAGES_DEFAULTS.hypotheses, matches: PAGES_DEFAULTS.matches, otherProjects: 2, seed: PAGES_DEFAULTS.seed });
  const replays = await tempDataDir('page-floor');
  const rows: string[] = [];
  try {
    // What the peer replays: the real server's answers to the handshake, tools/list and each page.
    const recorder = new BareClient(SERVER_ENTRY, seeded.dir);
    const recorded: Array<{ name: string; call: ToolCall; replayDir: string; bytes: number }> = [];
    try {
      const handshake = { initialize: await recorder.initialize(), 'tools/list': await recorder.request('tools/list', {}) };
      for (const [index, [name, argsOf]] of PAGES.entries()) {
        const call = { name: 'get_leaderboard', arguments: argsOf(seeded.researchId) };
        const result = await recorder.request('tools/call', call);
        const replayDir = path.join(replays.dir, String(index));
        mkdirSync(replayDir);
        writeFileSync(path.join(replayDir, 'replay.json'), JSON.stringify({ ...handshake, 'tools/call': result }));
        recorded.push({ name, call, replayDir, bytes: Buffer.byteLength(JSON.stringify(result)) });
      }
    } finally {
      recorder.close();
    }
    for (const { name, call, replayDir, bytes } of recorded) {
      const cells: string[] = [];
      for (const kind of CLIENTS) {
        const floor = await timePage(kind, REPLAY_PEER, replayDir, call, calls);
        const real = await timePage(kind, SERVER_ENTRY, seeded.dir, call, calls);
        cells.push(`${floor.toFixed(2)} / ${real.toFixed(2)} (+${(real - floor).toFixed(2)})`);
        process.stderr.write(`page-floor: ${name}, ${kind} client: replay ${floor.toFixed(2)} ms, server ${real.toFixed(2)} ms\n`);
      }
      rows.push(`| ${name} | ${(bytes / 1000).toFixed(0)} | ${cells.join(' | ')} |`);
    }
  } finally {
    await replays.dispose();
    await seeded.dispose();
  }
  const appendix = [
    `### What a page's bytes alone cost (${PAGES_DEFAULTS.hypotheses.toLocaleString('en')} hypotheses, ${PAGES_DEFAULTS.matches.toLocaleString('en')} matches; p50 of ${calls} calls each)`,
    '',
    `Each cell: the replay peer (no work: the real server's answer, replayed) / the real server, and the server's own work between them (ms). Load average (1/5/15 min, ${os.cpus().length} cores) before: ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}; after: ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}.`,
    '',
    '| Page | Result (KB) | Bare client (no SDK) | v1 SDK client | v2 SDK client |',
    '| --- | ---: | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  return { results: [], appendix };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPageFloor(process.argv[2] === undefined ? undefined : Number(process.argv[2]))
    .then(({ appendix }) => process.stdout.write(`${appendix}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`page-floor: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
