// A lab server (`co-scientist serve --http`) started from the built CLI for the team-server tests,
// with what it printed at start (its URL, and in token mode its token), and the audit log of its
// data folder read straight from the SQLite file.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { openDatabase, openPostgresDatabase, closeDatabase } from '../../src-mcp/store/database.js';
import { auditRows, type AuditRow } from '../../src-mcp/store/audit.js';
import { REPO_ROOT, assertServerBuilt, databaseEnvFor } from './server.js';
import { databaseUrlFor } from './testEngine.js';

export const CLI_ENTRY = path.join(REPO_ROOT, 'bin/co-scientist.js');

export interface LabServer {
  url: string;
  token: string | undefined;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

const running = new Set<LabServer>();

/** Starts `co-scientist serve --http <args>` and waits for the line naming its URL. */
export async function startLabServer(args: string[], env: Record<string, string> = {}): Promise<LabServer> {
  assertServerBuilt();
  // On a PostgreSQL run the folder's database (testEngine.ts), unless the test names one.
  const dataDir = args[args.indexOf('--data-dir') + 1];
  const engineEnv = args.includes('--database') || !args.includes('--data-dir') || dataDir === undefined ? {} : await databaseEnvFor(dataDir);
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--http', '--port', '0', ...args], { env: { ...process.env, ...engineEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const printed = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`lab server printed no URL in 20 s; stderr: ${stderr}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      // The last line it prints at start: the token (token mode) or the issuers.
      if (/^(Bearer token|Issuers)/m.test(stdout)) {
        clearTimeout(timer);
        resolve(stdout);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`lab server exited with ${code} before listening; stderr: ${stderr}`));
    });
  });
  const url = /listening on (\S+)/.exec(printed)?.[1];
  if (url === undefined) throw new Error(`no URL in the lab server's output: ${printed}`);
  const token = /^Bearer token: (\S+)$/m.exec(printed)?.[1];
  const server: LabServer = {
    url,
    token,
    child,
    stderr: () => stderr,
    stop: async () => {
      running.delete(server);
      // Gone already (exited, or killed by a test: then signalCode is set and exitCode stays null).
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  running.add(server);
  return server;
}

export async function stopLabServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** Runs the CLI to completion (for start-up refusals): its exit code and output. */
export async function runServeHttp(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--http', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

export type Era = 'legacy' | 'modern';

/** An official v2 SDK client over Streamable HTTP, sending a fixed bearer token. */
export async function connectWithToken(url: string, token: string, era: Era): Promise<Client> {
  const client = new Client({ name: 'team-server-tests', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** The audit rows of a data folder, once `until` holds (read rows reach the table ~100 ms after the answer). */
export async function auditUntil(dataDir: string, until: (rows: AuditRow[]) => boolean, timeoutMs = 10_000): Promise<AuditRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = await databaseUrlFor(dataDir);
    const db = url === undefined ? await openDatabase(dataDir) : await openPostgresDatabase(url);
    let rows: AuditRow[];
    try {
      rows = await auditRows(db, { limit: 100_000 });
    } finally {
      await closeDatabase(db);
    }
    if (until(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`audit condition not met in ${timeoutMs} ms; last rows: ${JSON.stringify(rows.slice(-5).map((r) => [r.clientId, r.action, r.outcome, r.errorCode]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A raw JSON-RPC POST to the endpoint, for requests no SDK client would send. */
export async function rawPost(url: string, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
    body,
  });
}

export const LIST_TOOLS_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
