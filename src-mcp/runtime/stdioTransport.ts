// The server's stdio transport: newline-delimited JSON-RPC on stdin/stdout, like the SDK's
// StdioServerTransport, except that every malformed frame is answered (jsonRpcFrames.ts) and an
// oversize line is skipped and answered instead of closing the transport (the SDK's closes on a
// 10 MiB line while the process keeps waiting for stdin's end: alive but deaf). serveStdio takes
// it through its `transport` option and owns everything above the frames.
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { encodeFrame } from './frameEncoding.js';
import { LineFramer } from '../../src-shared/node/lineFramer.js';
import { classifyLine, errorFrame, idFromPrefix, INVALID_REQUEST, type JsonRpcErrorFrame } from './jsonRpcFrames.js';
import { groupedNumber } from '../../src-shared/groupedNumber.js';

/**
 * The longest line we parse. Every tool argument is bounded (argumentLimits.ts: at most 20,000
 * characters a string), so a real request is far smaller; anything longer is refused unread.
 */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** How much of an oversize line is kept to find its id. */
const ID_PREFIX_BYTES = 4096;

export interface FramedStdioOptions {
  maxFrameBytes?: number;
  /** Frames the server could not use, for the log (stderr). */
  onRejected?: (what: string) => void;
}

export class FramedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #maxFrameBytes: number;
  readonly #framer: LineFramer;
  #started = false;
  #closed = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly options: FramedStdioOptions = {},
  ) {
    this.#maxFrameBytes = options.maxFrameBytes ?? MAX_FRAME_BYTES;
    this.#framer = new LineFramer({
      maxLineBytes: this.#maxFrameBytes,
      keptEndBytes: ID_PREFIX_BYTES,
      onLine: (line) => this.#onLine(line),
      onDropped: ({ head, bytes }) => this.#answerOversize(head.toString('utf8'), bytes),
    });
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('FramedStdioTransport already started');
    this.#started = true;
    this.stdin.on('data', this.#onData);
    this.stdin.on('error', this.#onError);
    this.stdin.on('end', this.#onEnd);
    this.stdin.on('close', this.#onEnd);
    this.stdout.on('error', this.#onStdoutError);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.stdin.off('data', this.#onData);
    this.stdin.off('error', this.#onError);
    this.stdin.off('end', this.#onEnd);
    this.stdin.off('close', this.#onEnd);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.#framer.reset();
    this.onclose?.();
  }

  send(message: JSONRPCMessage | JsonRpcErrorFrame | JsonRpcErrorFrame[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the stdio transport is closed'));
    // The line's bytes without a two-byte copy of the whole frame (frameEncoding.ts).
    const line = encodeFrame(message);
    return new Promise((resolve, reject) => {
      // Resolve once the line is handed over or, under back-pressure, once stdout drained.
      if (this.stdout.write(line, (error) => (error ? reject(error) : undefined))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  readonly #onData = (chunk: Buffer | string): void => {
    if (!this.#closed) this.#framer.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  };

  #onLine(bytes: Buffer): void {
    const line = bytes.toString('utf8');
    const verdict = classifyLine(line);
    if (verdict.kind === 'message') {
      this.onmessage?.(verdict.message);
    } else if (verdict.kind === 'reply') {
      this.options.onRejected?.(describeReply(verdict.reply));
      this.send(verdict.reply).catch((error: unknown) => this.onerror?.(error as Error));
    } else if (verdict.reason !== undefined) {
      this.options.onRejected?.(`ignored a malformed notification: ${verdict.reason}`);
    }
  }

  #answerOversize(prefix: string, bytes: number): void {
    const id = idFromPrefix(prefix);
    const message = `Invalid Request: the message is ${groupedNumber(bytes)} bytes long; at most ${groupedNumber(this.#maxFrameBytes)} are accepted. It was not read.`;
    this.options.onRejected?.(`refused a ${bytes}-byte line (id ${JSON.stringify(id)})`);
    this.send(errorFrame(id, INVALID_REQUEST, message)).catch((error: unknown) => this.onerror?.(error as Error));
  }

  readonly #onError = (error: Error): void => {
    this.onerror?.(error);
  };

  readonly #onEnd = (): void => {
    void this.close();
  };

  readonly #onStdoutError = (error: Error): void => {
    if (this.#closed) return;
    this.onerror?.(error);
    void this.close();
  };
}

function describeReply(reply: JsonRpcErrorFrame | JsonRpcErrorFrame[]): string {
  const first = Array.isArray(reply) ? reply[0] : reply;
  const count = Array.isArray(reply) ? ` (batch of ${reply.length})` : '';
  return `answered a malformed frame with ${first?.error.code ?? ''}${count}: ${first?.error.message ?? ''}`;
}
