// Test helpers: spawn the BUILT server (dist/mcp/server.js) over real stdio with an official
// client: the v2 SDK (@modelcontextprotocol/client) by default, or the v1 SDK
// (@modelcontextprotocol/sdk), the one most assistants embed, for the suites that run under both.
import { Client, type CallToolResult, type ListResourcesResult, type ListToolsResult, type ReadResourceResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP_KEY_ENV, issueDesktopKey } from '../../src-shared/node/desktopKeys.js';
import type { ToolErrorEnvelope } from '../../src-shared/toolErrors.js';
import { makeTempDir } from './tempDirs.js';
import { databaseUrlFor } from './testEngine.js';
import { DATABASE_URL_ENV } from '../../src-shared/node/databaseUrl.js';
import { describeToolFailure, toolErrorOf } from './toolErrors.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'dist/mcp/server.js');

export function assertServerBuilt(): void {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" before the integration tests.`);
  }
}

export function tempDataDir(label = 'cosci-test'): string {
  return makeTempDir(`${label}-`);
}

/**
 * What a server spawned as `client` needs in its environment: for `desktop`, the one-time key the
 * app would hand its own server (src-shared/node/desktopKeys.ts); nothing for anyone else. Every
 * helper that spawns a server adds it, so a test that asks for the desktop client gets a real one.
 */
export function serverEnvFor(client: string | null | undefined, dataDir: string): Record<string, string> {
  return client === 'desktop' ? { [DESKTOP_KEY_ENV]: issueDesktopKey(dataDir) } : {};
}

/** COSCI_DATABASE_URL for a server on `dataDir` when this run's engine is PostgreSQL (storeEngine.ts). */
export async function databaseEnvFor(dataDir: string): Promise<Record<string, string>> {
  const url = await databaseUrlFor(dataDir);
  return url === undefined ? {} : { [DATABASE_URL_ENV]: url };
}

export type Era = 'legacy' | 'modern';
/** The generation of the official TypeScript SDK the client comes from. */
export type Sdk = 'v1' | 'v2';

/**
 * The client kinds a suite that exercises tool results and schemas runs under (describe.each):
 * the v2 SDK in both protocol eras, and the v1 SDK, which speaks the 2025 era only and validates
 * structuredContent against each outputSchema with Ajv in draft-07 mode, as the assistants that
 * embed it do.
 */
export const CLIENT_KINDS: ReadonlyArray<{ sdk: Sdk; era: Era; label: string }> = [
  { sdk: 'v2', era: 'legacy', label: 'v2 SDK, 2025 era' },
  { sdk: 'v2', era: 'modern', label: 'v2 SDK, 2026 era' },
  { sdk: 'v1', era: 'legacy', label: 'v1 SDK' },
];

/**
 * What the suites that run under both SDK generations use of a client; the v2 Client has it as
 * is, the v1 client through a thin adapter (connectServer with sdk: 'v1').
 */
export interface ToolClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }, options?: { onprogress?: (progress: { progress: number; total?: number }) => void }): Promise<CallToolResult>;
  listTools(params?: { cursor?: string }): Promise<ListToolsResult>;
  readResource(params: { uri: string }): Promise<ReadResourceResult>;
  listResources(params?: { cursor?: string }): Promise<ListResourcesResult>;
}

/** The server's child process, for killServer. */
export interface ServerProcess {
  readonly pid: number | null;
}

export interface ConnectedServer<C extends ToolClient = Client, T extends ServerProcess = StdioClientTransport> {
  client: C;
  transport: T;
  stderr: () => string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  dataDir: string;
  client?: string | null;
  era?: Era;
  /** Which SDK generation the client comes from; v2 when omitted. The v1 SDK speaks the 2025 era only. */
  sdk?: Sdk;
  /** Another build's server.js (a benchmark comparing builds); this repository's dist when omitted. */
  serverEntry?: string;
  /** Declares MCP Apps (`extensions["io.modelcontextprotocol/ui"]`), as a host that shows views does. */
  showsApps?: boolean;
  /** More environment for the server (e.g. COSCI_DATABASE_URL naming a particular database). */
  env?: Record<string, string>;
}

/** What a host that renders MCP Apps views declares (the extension's own id and its HTML profile). */
export const APPS_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

export async function connectServer(options: ConnectOptions & { sdk?: 'v2' }): Promise<ConnectedServer>;
export async function connectServer(options: ConnectOptions): Promise<ConnectedServer<ToolClient, ServerProcess>>;
export async function connectServer(options: ConnectOptions): Promise<ConnectedServer<ToolClient, ServerProcess>> {
  if (options.serverEntry === undefined) assertServerBuilt();
  const args = [options.serverEntry ?? SERVER_ENTRY, '--data-dir', options.dataDir];
  if (options.client !== null) args.push('--client', options.client ?? 'test-assistant');
  const env = { ...serverEnvFor(options.client, options.dataDir), ...(options.env?.[DATABASE_URL_ENV] === undefined ? await databaseEnvFor(options.dataDir) : {}), ...options.env };
  const capabilities = options.showsApps === true ? APPS_CAPABILITIES : {};
  return options.sdk === 'v1' ? connectV1(args, env, options.era, capabilities) : connectV2(args, env, options.era, capabilities);
}

function collectStderr(stream: { on(event: 'data', listener: (chunk: Buffer) => void): unknown } | null): () => string {
  let stderr = '';
  stream?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return () => stderr;
}

async function connectV2(args: string[], env: Record<string, string>, era: Era | undefined, capabilities: object): Promise<ConnectedServer> {
  const transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: 'pipe' });
  const stderr = collectStderr(transport.stderr);
  const client = new Client({ name: 'co-scientist-tests', version: '1.0.0' }, { capabilities, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) });
  await client.connect(transport);
  return { client, transport, stderr, close: () => client.close() };
}

async function connectV1(args: string[], env: Record<string, string>, era: Era | undefined, capabilities: object): Promise<ConnectedServer<ToolClient, ServerProcess>> {
  if (era === 'modern') throw new Error('The v1 SDK client speaks the 2025 protocol era only: connect it without era: "modern".');
  const transport = new V1StdioClientTransport({ command: process.execPath, args, env, stderr: 'pipe' });
  const stderr = collectStderr(transport.stderr);
  const client = new V1Client({ name: 'co-scientist-tests-v1', version: '1.0.0' }, { capabilities });
  await client.connect(transport);
  // The v1 client validates structuredContent only for tools it has seen in tools/list; list them
  // first, as assistants do, so that every call below is checked against its outputSchema.
  await client.listTools();
  const adapter: ToolClient = {
    // The v1 result types are the 2025 spec's; the shapes these suites read are the same in both.
    callTool: async (params, options) => (await client.callTool(params, undefined, options)) as CallToolResult,
    listTools: async (params) => (await client.listTools(params)) as ListToolsResult,
    readResource: async (params) => (await client.readResource(params)) as ReadResourceResult,
    listResources: async (params) => (await client.listResources(params)) as ListResourcesResult,
  };
  return { client: adapter, transport, stderr, close: () => client.close() };
}

/** A tool's structured result; what most tests read of a successful call. */
export type Structured = Record<string, unknown>;

/** Anything a test calls tools on: a connected server of either SDK, or a bare client. */
type Caller = { client: Pick<ToolClient, 'callTool'> } | Pick<ToolClient, 'callTool'>;

function clientOf(target: Caller): Pick<ToolClient, 'callTool'> {
  return 'client' in target ? target.client : target;
}

/** Calls a tool that must succeed and returns its structuredContent; a failure throws with the tool's coded error. */
export async function callOk(server: Caller, name: string, args: Structured): Promise<Structured> {
  const result = await clientOf(server).callTool({ name, arguments: args });
  if (result.isError === true) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
  return result.structuredContent as Structured;
}

/** Calls a tool that must fail and returns its coded error (throws if the call succeeded or carries no envelope). */
export async function callError(server: Caller, name: string, args: Structured): Promise<ToolErrorEnvelope> {
  return toolErrorOf(await clientOf(server).callTool({ name, arguments: args }));
}

export interface AssistantAndDesktop<C extends ToolClient = Client, T extends ServerProcess = StdioClientTransport> {
  dataDir: string;
  /** An assistant's server (`--client claude-desktop` unless named otherwise). */
  assistant: ConnectedServer<C, T>;
  /** The app's own server (`--client desktop`, with the desktop key), always the v2 SDK. */
  desktop: ConnectedServer;
  close(): Promise<void>;
}

/**
 * The pair most integration tests start: one assistant's server and the desktop's server on one
 * fresh data folder (architecture.md, *Processes*). `assistantSdk: 'v1'` gives the assistant the
 * v1 SDK client most assistants embed.
 */
export async function assistantAndDesktop(options?: { dataDir?: string; assistantClient?: string; assistantSdk?: 'v2' }): Promise<AssistantAndDesktop>;
export async function assistantAndDesktop(options: { dataDir?: string; assistantClient?: string; assistantSdk: Sdk }): Promise<AssistantAndDesktop<ToolClient, ServerProcess>>;
export async function assistantAndDesktop(options: { dataDir?: string; assistantClient?: string; assistantSdk?: Sdk } = {}): Promise<AssistantAndDesktop<ToolClient, ServerProcess>> {
  const dataDir = options.dataDir ?? tempDataDir();
  const assistant = await connectServer({ dataDir, client: options.assistantClient ?? 'claude-desktop', sdk: options.assistantSdk ?? 'v2' });
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  return { dataDir, assistant, desktop, close: async () => void (await Promise.all([assistant.close(), desktop.close()])) };
}

/** Resolves when `predicate` holds, polling; rejects after `timeoutMs` with `what` in the message. */
export async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Kills the server's process with SIGKILL (a crash, not a shutdown) and waits until it is gone. */
export function killServer(server: { transport: ServerProcess }): Promise<void> {
  const pid = server.transport.pid;
  if (pid === null) throw new Error('the server process has no pid');
  process.kill(pid, 'SIGKILL');
  return waitFor(
    () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    },
    5000,
    `process ${pid} to exit`,
  );
}
