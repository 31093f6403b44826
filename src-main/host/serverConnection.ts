// The host's one connection to its own research server: a child process spoken to over stdio
// with the official MCP client (architecture.md, *Processes*). This module owns that child. It connects,
// subscribes to the project feed, turns MCP change notifications into HostEvents, restarts the
// child with backoff when it dies, and releases everything on stop().
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { Client, type CallToolResult } from '@modelcontextprotocol/client';
import { DesktopStdioTransport, type UnparsedAnswer } from './desktopStdioTransport.js';
import type { AppInfo, HostEvent } from '../../src-shared/routes/index.js';
import { describeError, type Logger } from './log.js';

/** How to start the server child: `node dist/mcp/server.js --client desktop --data-dir …`. */
export interface ServerCommand {
  command: string;
  args: string[];
  /** Added to the SDK's safe default environment (e.g. ELECTRON_RUN_AS_NODE=1). */
  env?: Record<string, string>;
  /** Environment made afresh for each spawn (the desktop app's one-time key: src-shared/node/desktopKeys.ts). */
  spawnEnv?: () => Record<string, string>;
}

export type ServerState = AppInfo['server']['state'];

export interface ServerStatus {
  state: ServerState;
  /** The protocol revision negotiated with the server, once ready. */
  protocolVersion: string | null;
  /** Why the server is not ready, in words a scientist can act on. */
  message: string | null;
  /** The child's process id while one is running (for logs and diagnostics). */
  pid: number | null;
}

/** Thrown by callTool when no ready server can take the call; the router maps it to SERVER_UNAVAILABLE. */
export class ServerUnavailableError extends Error {
  override readonly name = 'ServerUnavailableError';
}

/** The resource every project change is announced on (the server's change feed). */
export const PROJECTS_URI = 'research://projects';
/** The resource every knowledge-base change is announced on (ingest, augment, collections). */
export const KNOWLEDGE_COLLECTIONS_URI = 'knowledge://collections';
/** What the GUI shows and must see change live, whoever changed it. */
/** What the GUI follows on a research server (this computer's or a lab's): each list also announces changes to its members. */
export const SUBSCRIBED_URIS = [PROJECTS_URI, KNOWLEDGE_COLLECTIONS_URI] as const;

export interface RestartPolicy {
  /** Delay before the first restart; doubles per consecutive failure. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A child that stayed up this long counts as healthy: the next crash restarts at initialDelayMs again. */
  stableAfterMs: number;
}

export interface ServerConnectionOptions {
  command: ServerCommand;
  clientInfo: { name: string; version: string };
  log: Logger;
  onEvent: (event: HostEvent) => void;
  restart?: Partial<RestartPolicy>;
  /** How long a call made while the server is starting waits for it before giving up. */
  readyWaitMs?: number;
}

const DEFAULT_RESTART: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: 20_000 };

interface ReadyWaiter {
  resolve: (client: Client) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class ServerConnection {
  readonly #options: ServerConnectionOptions;
  readonly #log: Logger;
  readonly #restart: RestartPolicy;
  #status: ServerStatus = { state: 'down', protocolVersion: null, message: 'Not started.', pid: null };
  #client: Client | null = null;
  #transport: DesktopStdioTransport | null = null;
  #stopped = true;
  #restartTimer: NodeJS.Timeout | null = null;
  #consecutiveFailures = 0;
  #readySince = 0;
  /** The child's latest stderr line: before the handshake, whatever it said last explains why it did not start. */
  #lastStderrLine: string | null = null;
  /** Its latest line that reports a failure: once it is serving, its ordinary log lines explain no crash. */
  #lastErrorLine: string | null = null;
  #waiters = new Set<ReadyWaiter>();
  /** Why the latest attempt failed, without the restart notice status().message adds. */
  #lastFailure: string | null = null;

  constructor(options: ServerConnectionOptions) {
    this.#options = options;
    this.#log = options.log;
    this.#restart = { ...DEFAULT_RESTART, ...options.restart };
  }

  status(): ServerStatus {
    return { ...this.#status };
  }

  /** Why the latest start or run failed (null once a start succeeded): what a caller that restarted it on purpose reports. */
  lastFailure(): string | null {
    return this.#lastFailure;
  }

  /** Starts the child; resolves once the first attempt settled (ready, or down with a restart scheduled). */
  async start(): Promise<void> {
    if (!this.#stopped) return;
    this.#stopped = false;
    await this.#connect();
  }

  /** Stops the child and any pending restart; calls in flight fail with ServerUnavailableError. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
    const client = this.#client;
    const transport = this.#transport;
    this.#client = null;
    this.#transport = null;
    this.#setStatus('down', 'The research server was stopped.');
    // Client.close() closes the transport; a transport still mid-handshake has no client yet.
    await (client ? client.close() : transport?.close())?.catch((error: unknown) => {
      this.#log.warn(`closing the research server failed: ${describeError(error)}`);
    });
  }

  /** Calls a tool on the ready server, waiting briefly if it is still starting. */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const client = await this.#readyClient();
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  /**
   * Calls a tool on the ready server and returns its answer's line as bytes, unparsed, for a route
   * that passes a large checked answer on as it is (checkedJson.ts).
   */
  async callToolUnparsed(name: string, args: Record<string, unknown>): Promise<UnparsedAnswer> {
    await this.#readyClient();
    const transport = this.#transport;
    if (transport === null) throw new ServerUnavailableError(this.#status.message ?? 'The research server is not running.');
    return transport.requestUnparsed('tools/call', { name, arguments: args });
  }

  /** Reads a resource's text on the ready server (a large export the tool answered with a link). */
  async readResourceText(uri: string): Promise<string> {
    const client = await this.#readyClient();
    const result = await client.readResource({ uri });
    return result.contents.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
  }

  async #connect(): Promise<void> {
    this.#setStatus('starting', null);
    this.#lastStderrLine = null;
    this.#lastErrorLine = null;
    const { command, clientInfo } = this.#options;
    const transport = new DesktopStdioTransport({
      command: command.command,
      args: command.args,
      env: { ...command.env, ...command.spawnEnv?.() },
    });
    this.#forwardStderr(transport);
    const client = new Client(clientInfo, { capabilities: {} });
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      this.#options.onEvent({ kind: 'resources-list-changed' });
    });
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      this.#options.onEvent({ kind: 'resource-updated', uri: notification.params.uri });
    });
    client.onerror = (error) => this.#log.warn(`MCP connection: ${describeError(error)}`);
    client.onclose = () => this.#onClosed(client);
    this.#transport = transport;
    try {
      await client.connect(transport);
      // Legacy-era servers only announce changes to subscribers (see docs/clients/subscriptions.md).
      if (client.getServerCapabilities()?.resources?.subscribe) {
        for (const uri of SUBSCRIBED_URIS) await client.subscribeResource({ uri });
      } else {
        this.#log.warn('the research server does not offer resource subscriptions; the GUI will not update live');
      }
    } catch (error) {
      if (this.#stopped || this.#transport !== transport) return;
      this.#transport = null;
      await client.close().catch(() => undefined);
      this.#failed(`The research server did not start: ${this.#explain(error)}`);
      return;
    }
    if (this.#stopped || this.#transport !== transport) {
      await client.close().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#readySince = Date.now();
    this.#status.protocolVersion = client.getNegotiatedProtocolVersion() ?? null;
    this.#status.pid = transport.pid;
    this.#lastFailure = null;
    this.#setStatus('ready', null);
    this.#log.info(`research server ready (pid ${transport.pid ?? '?'}, protocol ${this.#status.protocolVersion ?? '?'})`);
    for (const waiter of this.#waiters) this.#settleWaiter(waiter, () => waiter.resolve(client));
  }

  #onClosed(client: Client): void {
    // Closes we caused (stop, failed handshake) are handled where they happen.
    if (this.#stopped || this.#client !== client) return;
    this.#client = null;
    this.#transport = null;
    if (Date.now() - this.#readySince >= this.#restart.stableAfterMs) this.#consecutiveFailures = 0;
    this.#failed(
      this.#lastErrorLine
        ? `The research server stopped unexpectedly: ${this.#lastErrorLine}`
        : 'The research server stopped unexpectedly without reporting an error (it was killed, or ran out of memory).',
    );
  }

  #failed(reason: string): void {
    this.#lastFailure = reason;
    const delay = Math.min(this.#restart.initialDelayMs * 2 ** this.#consecutiveFailures, this.#restart.maxDelayMs);
    this.#consecutiveFailures += 1;
    const message = `${/[.!?]$/.test(reason) ? reason : `${reason}.`} Restarting in ${formatDelay(delay)}.`;
    this.#log.error(message);
    this.#status.protocolVersion = null;
    this.#status.pid = null;
    this.#setStatus('down', message);
    for (const waiter of this.#waiters) this.#settleWaiter(waiter, () => waiter.reject(new ServerUnavailableError(reason)));
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = null;
      if (!this.#stopped) void this.#connect();
    }, delay);
  }

  #readyClient(): Promise<Client> {
    if (this.#client && this.#status.state === 'ready') return Promise.resolve(this.#client);
    if (this.#stopped || this.#status.state === 'down') {
      return Promise.reject(new ServerUnavailableError(this.#status.message ?? 'The research server is not running.'));
    }
    return new Promise<Client>((resolve, reject) => {
      const waitMs = this.#options.readyWaitMs ?? 15_000;
      const waiter: ReadyWaiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#waiters.delete(waiter);
          reject(new ServerUnavailableError(`The research server is still starting after ${formatDelay(waitMs)}.`));
        }, waitMs),
      };
      this.#waiters.add(waiter);
    });
  }

  #settleWaiter(waiter: ReadyWaiter, settle: () => void): void {
    clearTimeout(waiter.timer);
    this.#waiters.delete(waiter);
    settle();
  }

  #setStatus(state: ServerState, message: string | null): void {
    const changed = this.#status.state !== state || this.#status.message !== message;
    this.#status.state = state;
    this.#status.message = message;
    if (state === 'down' && this.#stopped) {
      for (const waiter of this.#waiters) this.#settleWaiter(waiter, () => waiter.reject(new ServerUnavailableError(message ?? 'Stopped.')));
    }
    if (changed) this.#options.onEvent({ kind: 'server-state', state, message });
  }

  /** Server diagnostics go to our log; the last error line among them explains a crash better than an exit code. */
  #forwardStderr(transport: DesktopStdioTransport): void {
    const stream = transport.stderr;
    if (!(stream instanceof Readable)) return;
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (line.trim() === '') return;
      this.#log.info(`server: ${line}`);
      if (STACK_FRAME.test(line)) return;
      const quoted = line.length > 300 ? `${line.slice(0, 300)}…` : line;
      this.#lastStderrLine = quoted;
      if (ERROR_WORDS.test(line) || ERROR_CODES.test(line)) this.#lastErrorLine = quoted;
    });
  }

  #explain(error: unknown): string {
    const detail = describeError(error);
    const words = this.#lastErrorLine ?? this.#lastStderrLine;
    return words ? `${detail} (${words})` : detail;
  }
}

/** A stderr line that reports a failure, as the server and Node word them (runtime.ts, uncaught errors). */
const ERROR_WORDS = /\b(?:error|fatal|failed|cannot|could not|uncaught|unhandled|exception|refused|denied|corrupt|not a database)\b/i;
/** Node's system error codes (ENOSPC, EACCES…) and SQLite's, which are upper case. */
const ERROR_CODES = /\b(?:E[A-Z]{3,}|SQLITE_[A-Z_]+)\b/;
/** The frames of a stack trace: the error's own line names it better. */
const STACK_FRAME = /^\s+at\s/;

function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
