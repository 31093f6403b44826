// The host's stdio link to its own research server: the child process, and one JSON-RPC message
// per line each way. It is the SDK's StdioClientTransport plus one thing that transport cannot do:
// a request whose answer is handed over as the line's bytes (`requestUnparsed`), so the host can pass a
// large answer the server already checked (a 1,000-row leaderboard page) on to the renderer without
// decoding, parsing, checking and re-serialising it (issue 17; architecture.md, *Processes*). Every other
// line is parsed and checked by the SDK's own deserializeMessage and goes to the SDK Client, as
// before. A line longer than MAX_FRAME_BYTES is dropped unread and the request it answers fails
// with that reason; the link goes on (the SDK's transport closed it, killing the server).
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough, type Stream } from 'node:stream';
import { deserializeMessage, SdkError, SdkErrorCode, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { LineFramer } from '../../src-shared/node/lineFramer.js';
import { MalformedJsonError, objectMembers, spanValue, type ObjectMembers } from './jsonMembers.js';

/** The SDK transport's own limit (its ReadBuffer's maxBufferSize default). */
export const MAX_FRAME_BYTES = 10 * 1024 * 1024;
/** As the SDK Client waits for an answer (its DEFAULT_REQUEST_TIMEOUT_MSEC). */
export const UNPARSED_REQUEST_TIMEOUT_MS = 60_000;
/** The ids of unparsed requests; the SDK Client numbers its own. */
const UNPARSED_ID_PREFIX = 'cosci-unparsed-';
/** Bytes kept of each end of an oversize line, to find which request it answered. */
const KEPT_END_BYTES = 256;
const UNPARSED_ID = new RegExp(`"id":"(${UNPARSED_ID_PREFIX}\\d+)"`);
const NUMERIC_ID_AT_END = /"id":(\d+)\}\s*$/;
const NUMERIC_ID_AT_START = /^\{(?:"jsonrpc":"2\.0",)?"id":(\d+)[,}]/;

export interface ServerSpawn {
  command: string;
  args: string[];
  /** Added to the SDK's safe default environment. */
  env: Record<string, string>;
}

/** What of an unparsed request's answer is read in the same pass that finds its id: a tool call's result and its structuredContent. */
const ANSWER_LAYOUT = { result: { structuredContent: {} } };

/** An answer's line: its UTF-8 bytes (no newline) and where its members lie, down ANSWER_LAYOUT. */
export interface UnparsedAnswer {
  bytes: Buffer;
  members: ObjectMembers;
}

interface Pending {
  resolve: (answer: UnparsedAnswer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  method: string;
}

/** Why an unparsed request's answer could not be read; names the request. */
export class UnreadableAnswerError extends Error {
  override readonly name = 'UnreadableAnswerError';
}

export class DesktopStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  readonly #spawn: ServerSpawn;
  readonly #maxFrameBytes: number;
  readonly #stderr = new PassThrough();
  #child: ChildProcess | undefined;
  readonly #framer: LineFramer;
  #nextTextId = 1;
  readonly #pending = new Map<string, Pending>();

  constructor(server: ServerSpawn, options: { maxFrameBytes?: number } = {}) {
    this.#spawn = server;
    this.#maxFrameBytes = options.maxFrameBytes ?? MAX_FRAME_BYTES;
    this.#framer = new LineFramer({
      maxLineBytes: this.#maxFrameBytes,
      keptEndBytes: KEPT_END_BYTES,
      onLine: (line) => this.#onLine(line),
      onDropped: ({ head, tail, bytes }) => this.#refuseOversize(head.toString('utf8'), tail.toString('utf8'), bytes),
    });
  }

  /** The child's stderr, available before start so no early line is lost. */
  get stderr(): Stream {
    return this.#stderr;
  }

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.#child) throw new Error('The research server link is already started.');
    return new Promise((resolve, reject) => {
      const child = spawn(this.#spawn.command, this.#spawn.args, {
        env: { ...getDefaultEnvironment(), ...this.#spawn.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
      });
      this.#child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        this.#child = undefined;
        this.#failPending(() => new SdkError(SdkErrorCode.ConnectionClosed, 'The research server closed its connection.'));
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.#framer.push(chunk));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stderr?.pipe(this.#stderr);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(serializeMessage(message));
  }

  /**
   * Sends a request whose answer comes back as its line's bytes, not parsed and not given to the
   * SDK Client. It fails (as the SDK's requests do) when the link closes or no answer comes in
   * time, and with UnreadableAnswerError when the answer is malformed or too large.
   */
  requestUnparsed(method: string, params: Record<string, unknown>, timeoutMs = UNPARSED_REQUEST_TIMEOUT_MS): Promise<UnparsedAnswer> {
    const id = `${UNPARSED_ID_PREFIX}${this.#nextTextId++}`;
    return new Promise<UnparsedAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new SdkError(SdkErrorCode.RequestTimeout, `No answer to ${method} within ${timeoutMs} ms.`));
      }, timeoutMs);
      this.#pending.set(id, { resolve, reject, timer, method });
      this.#write(serializeMessage({ jsonrpc: '2.0', id, method, params })).catch((error: unknown) => {
        this.#settle(id)?.reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  async close(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    this.#failPending(() => new SdkError(SdkErrorCode.ConnectionClosed, 'The research server link was closed.'));
    if (child) {
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      const exited = (): boolean => child.exitCode !== null || child.signalCode !== null;
      // As the SDK's transport: end stdin and let the server close its database, then insist.
      child.stdin?.end();
      await Promise.race([closed, delay(2000)]);
      if (!exited()) {
        child.kill('SIGTERM');
        await Promise.race([closed, delay(2000)]);
      }
      if (!exited()) child.kill('SIGKILL');
    }
    this.#framer.reset();
  }

  #write(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.#child?.stdin;
      if (!stdin) {
        reject(new SdkError(SdkErrorCode.NotConnected, 'Not connected'));
        return;
      }
      if (stdin.write(line)) resolve();
      else stdin.once('drain', resolve);
    });
  }

  #onLine(bytes: Buffer): void {
    const line = bytes.at(-1) === 0x0d ? bytes.subarray(0, -1) : bytes;
    if (this.#pending.size > 0 && line.includes(UNPARSED_ID_PREFIX) && this.#handOverUnparsed(line)) return;
    const text = line.toString('utf8');
    if (text.trim() === '') return;
    try {
      this.onmessage?.(deserializeMessage(text));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** True when the line answered an unparsed request (which now has its answer or its failure). */
  #handOverUnparsed(line: Buffer): boolean {
    let members: ObjectMembers;
    try {
      members = objectMembers(line, ANSWER_LAYOUT);
    } catch (error) {
      // A broken line that names one of our requests fails that request; anything else is the SDK's to report.
      const id = UNPARSED_ID.exec(line.toString('utf8', 0, KEPT_END_BYTES))?.[1] ?? UNPARSED_ID.exec(line.toString('utf8', Math.max(0, line.length - KEPT_END_BYTES)))?.[1];
      const pending = id === undefined ? undefined : this.#settle(id);
      if (pending === undefined) return false;
      const where = error instanceof MalformedJsonError ? error.message : String(error);
      pending.reject(new UnreadableAnswerError(`The research server's answer to ${pending.method} is not valid JSON (${where}).`));
      return true;
    }
    const idSpan = members.spans.get('id');
    const id = idSpan === undefined ? undefined : spanValue(line, idSpan);
    const pending = typeof id === 'string' ? this.#settle(id) : undefined;
    if (pending === undefined) return false;
    pending.resolve({ bytes: line, members });
    return true;
  }

  #refuseOversize(head: string, tail: string, bytes: number): void {
    const what = `a ${bytes}-byte answer, over the ${this.#maxFrameBytes}-byte limit`;
    const textId = UNPARSED_ID.exec(head)?.[1] ?? UNPARSED_ID.exec(tail)?.[1];
    const pending = textId === undefined ? undefined : this.#settle(textId);
    if (pending !== undefined) {
      pending.reject(new UnreadableAnswerError(`The research server's answer to ${pending.method} was refused: ${what}. Ask for fewer rows or shorter text.`));
      return;
    }
    // One of the SDK Client's requests: answer it with the reason, rather than leave it to time out.
    const numericId = NUMERIC_ID_AT_START.exec(head)?.[1] ?? NUMERIC_ID_AT_END.exec(tail)?.[1];
    if (numericId !== undefined) {
      this.onmessage?.({ jsonrpc: '2.0', id: Number(numericId), error: { code: -32603, message: `The research server's answer was refused: ${what}.` } });
      return;
    }
    this.onerror?.(new Error(`Dropped ${what} that names no request.`));
  }

  #settle(id: string): Pending | undefined {
    const pending = this.#pending.get(id);
    if (pending === undefined) return undefined;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    return pending;
  }

  #failPending(reason: () => Error): void {
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(reason());
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
