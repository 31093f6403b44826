// The BUILT server driven with raw JSON-RPC lines over its stdin, no MCP client in between: for
// malformed frames, pipelined bursts, many processes on one database, and kill -9.
// Responses are correlated by id; every stdout line is checked to be a JSON-RPC 2.0 message.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { SERVER_ENTRY, assertServerBuilt, databaseEnvFor, serverEnvFor } from './server.js';
import { describeToolFailure } from './toolErrors.js';

export type JsonRpcId = string | number;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  result?: Record<string, unknown>;
  error?: JsonRpcError;
}

/** A tool call's result as it crosses the wire. */
export interface ToolResult {
  isError?: boolean;
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  /** A failed call's coded error is here (see test/support/toolErrors.ts). */
  _meta?: Record<string, unknown>;
}

export interface RawServerOptions {
  dataDir: string;
  /** `--client`; the default is an ordinary assistant. */
  client?: string;
  /** Keep every stdout line in `lines` (off for long fuzz runs: responses are kept by id anyway). */
  keepLines?: boolean;
  /** Extra environment (the desktop key is added for client `desktop` already). */
  env?: Record<string, string>;
  /** Node flags before the entry point, e.g. ['--cpu-prof'] to profile the server. */
  nodeArgs?: string[];
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const STDERR_TAIL = 8_000;

/** Stable map key for a JSON-RPC id: 7 and "7" are different ids. */
export function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

export class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every stdout line, when `keepLines` was set. */
  readonly lines: string[] = [];
  /** Stdout lines that are not a JSON-RPC 2.0 message (must stay empty: stdout is the protocol). */
  readonly badLines: string[] = [];
  /** Responses by idKey, in arrival order per id (more than one is a protocol violation). */
  readonly responses = new Map<string, JsonRpcResponse[]>();
  /** Responses whose id is null (JSON-RPC's answer to a frame whose id could not be read). */
  readonly nullIdResponses: JsonRpcResponse[] = [];
  notifications = 0;
  readonly exited: Promise<Exit>;
  private exit: Exit | undefined;
  private stdoutBuffer = '';
  private stderrText = '';
  /** Log lines that report an unexpected tool failure (with their stack), kept apart from the noise. */
  private readonly failureLogs: string[] = [];
  private readonly waiters = new Map<string, Array<(response: JsonRpcResponse) => void>>();
  private readonly onExitRejects = new Set<() => void>();
  private nextId = 1;
  private readonly keepLines: boolean;

  constructor(options: RawServerOptions) {
    assertServerBuilt();
    this.keepLines = options.keepLines ?? true;
    const client = options.client ?? 'raw-assistant';
    const args = [...(options.nodeArgs ?? []), SERVER_ENTRY, '--client', client, '--data-dir', options.dataDir];
    const env = { ...process.env, ...serverEnvFor(client, options.dataDir), ...options.env };
    this.child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderrText = (this.stderrText + chunk).slice(-STDERR_TAIL);
      // console.error writes a failure and its stack in one chunk; a flood of parse errors must not push it out.
      const failure = /\[co-scientist\] \S+ failed:/.exec(chunk);
      if (failure !== null && this.failureLogs.length < 10) this.failureLogs.push(chunk.slice(failure.index, failure.index + 3000));
    });
    // Writing to a killed child fails with EPIPE; the test looks at what was answered, not at that.
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
        // Nothing more will arrive: fail whoever still waits, now rather than at their timeout.
        for (const reject of this.onExitRejects) reject();
        this.onExitRejects.clear();
      });
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('the server process has no pid (spawn failed?)');
    return this.child.pid;
  }

  /** null while the process runs. */
  get exitStatus(): Exit | undefined {
    return this.exit;
  }

  stderr(): string {
    return this.stderrText;
  }

  /** What the server logged about unexpected tool failures (toolkit.ts: "[co-scientist] <tool> failed:"). */
  failures(): readonly string[] {
    return this.failureLogs;
  }

  /** Writes one raw line (a newline is appended), waiting for the pipe to drain when it is full. */
  async sendLine(line: string | Buffer): Promise<void> {
    if (this.exit !== undefined || this.child.stdin.destroyed) return;
    const payload = typeof line === 'string' ? `${line}\n` : Buffer.concat([line, Buffer.from('\n')]);
    if (!this.child.stdin.write(payload)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.child.stdin.off('drain', done);
          this.child.off('exit', done);
          resolve();
        };
        this.child.stdin.once('drain', done);
        this.child.once('exit', done);
      });
    }
  }

  send(message: Record<string, unknown>): Promise<void> {
    return this.sendLine(JSON.stringify(message));
  }

  /** Sends a request with a fresh id and resolves with its response. */
  async request(method: string, params?: Record<string, unknown>, timeoutMs = 20_000): Promise<JsonRpcResponse> {
    const id = `req-${this.nextId++}`;
    const answer = this.waitForResponse(id, timeoutMs, method);
    await this.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    return answer;
  }

  /** A tool call that must succeed at the JSON-RPC level; returns the tool result (which may be isError). */
  async callTool(name: string, args: Record<string, unknown>, timeoutMs = 20_000): Promise<ToolResult> {
    const response = await this.request('tools/call', { name, arguments: args }, timeoutMs);
    if (response.error !== undefined) throw new Error(`tools/call ${name} failed at the protocol level: ${JSON.stringify(response.error)}`);
    return response.result as ToolResult;
  }

  /** A tool call that must succeed; returns its structuredContent. */
  async call(name: string, args: Record<string, unknown>, timeoutMs = 20_000): Promise<Record<string, unknown>> {
    const result = await this.callTool(name, args, timeoutMs);
    if (result.isError === true) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
    return result.structuredContent ?? {};
  }

  /** Resolves with the first response to `id` (already received or still to come). */
  waitForResponse(id: JsonRpcId, timeoutMs = 20_000, what = 'request'): Promise<JsonRpcResponse> {
    const key = idKey(id);
    const existing = this.responses.get(key)?.[0];
    if (existing !== undefined) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const fail = (): void => {
        clearTimeout(timer);
        this.onExitRejects.delete(fail);
        const list = this.waiters.get(key) ?? [];
        this.waiters.set(key, list.filter((waiter) => waiter !== onResponse));
        reject(new Error(`No response to ${what} ${JSON.stringify(id)} (server ${this.exit === undefined ? `running after ${timeoutMs} ms` : `exited ${JSON.stringify(this.exit)}`}).\nstderr: ${this.stderrText.slice(-2000)}`));
      };
      const timer = setTimeout(fail, timeoutMs);
      const onResponse = (response: JsonRpcResponse): void => {
        clearTimeout(timer);
        this.onExitRejects.delete(fail);
        resolve(response);
      };
      if (this.exit !== undefined) {
        fail();
        return;
      }
      this.onExitRejects.add(fail);
      const list = this.waiters.get(key) ?? [];
      list.push(onResponse);
      this.waiters.set(key, list);
    });
  }

  /** The 2025-era handshake (initialize + notifications/initialized). */
  async initialize(protocolVersion = '2025-06-18'): Promise<JsonRpcResponse> {
    const response = await this.request('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-frames', version: '1.0.0' } });
    if (response.error !== undefined) throw new Error(`initialize failed: ${JSON.stringify(response.error)}`);
    await this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return response;
  }

  /** Ends the session the MCP way (stdin closed) and waits for the process to exit; SIGKILL after `timeoutMs`. */
  async close(timeoutMs = 10_000): Promise<Exit> {
    if (this.exit !== undefined) return this.exit;
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /** kill -9: no chance to flush, close the database or answer anything. */
  async kill(): Promise<Exit> {
    if (this.exit === undefined) this.child.kill('SIGKILL');
    return this.exited;
  }

  private onStdout(chunk: string): void {
    this.stdoutBuffer += chunk;
    let newline = this.stdoutBuffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.stdoutBuffer.slice(0, newline);
      this.stdoutBuffer = this.stdoutBuffer.slice(newline + 1);
      this.onLine(line);
      newline = this.stdoutBuffer.indexOf('\n');
    }
  }

  private onLine(line: string): void {
    if (this.keepLines) this.lines.push(line);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.badLines.push(line);
      return;
    }
    // A batch is answered with an array of responses (JSON-RPC 2.0 §6): each element counts.
    const messages = Array.isArray(message) && message.length > 0 ? (message as unknown[]) : [message];
    for (const one of messages) this.onMessage(one, line);
  }

  private onMessage(message: unknown, line: string): void {
    if (message === null || typeof message !== 'object' || Array.isArray(message) || (message as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
      this.badLines.push(line);
      return;
    }
    const frame = message as Record<string, unknown>;
    if (typeof frame.method === 'string') {
      // A notification or a server→client request; these tests declare no client capabilities.
      this.notifications += 1;
      return;
    }
    if (!('id' in frame) || !('result' in frame || 'error' in frame)) {
      this.badLines.push(line);
      return;
    }
    const response = frame as unknown as JsonRpcResponse;
    if (response.id === null) {
      this.nullIdResponses.push(response);
      return;
    }
    const key = idKey(response.id);
    const list = this.responses.get(key) ?? [];
    list.push(response);
    this.responses.set(key, list);
    const waiters = this.waiters.get(key);
    if (waiters !== undefined) {
      this.waiters.delete(key);
      for (const waiter of waiters) waiter(response);
    }
  }
}

/** Spawns the built server and completes the 2025-era handshake. */
export async function startRawServer(options: RawServerOptions): Promise<RawServer> {
  // On a PostgreSQL run the folder's database (server.ts databaseEnvFor); a test's own env wins.
  const server = new RawServer({ ...options, env: { ...(await databaseEnvFor(options.dataDir)), ...options.env } });
  try {
    await server.initialize();
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** Resolves when the process with `pid` no longer exists. */
export async function waitUntilGone(pid: number, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`process ${pid} still exists after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
