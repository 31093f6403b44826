// Test helpers: spawn the BUILT server (dist/mcp/server.js) over real stdio with the official client.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP_KEY_ENV, issueDesktopKey } from '../../src-mcp/store/desktopKeys.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'dist/mcp/server.js');

export function assertServerBuilt(): void {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" before the integration tests.`);
  }
}

export function tempDataDir(label = 'cosci-test'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}

/**
 * What a server spawned as `client` needs in its environment: for `desktop`, the one-time key the
 * app would hand its own server (src-mcp/store/desktopKeys.ts); nothing for anyone else. Every
 * helper that spawns a server adds it, so a test that asks for the desktop client gets a real one.
 */
export function serverEnvFor(client: string | null | undefined, dataDir: string): Record<string, string> {
  return client === 'desktop' ? { [DESKTOP_KEY_ENV]: issueDesktopKey(dataDir) } : {};
}

export type Era = 'legacy' | 'modern';

export interface ConnectedServer {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  close(): Promise<void>;
}

export async function connectServer(options: { dataDir: string; client?: string | null; era?: Era }): Promise<ConnectedServer> {
  assertServerBuilt();
  const args = [SERVER_ENTRY, '--data-dir', options.dataDir];
  if (options.client !== null) args.push('--client', options.client ?? 'test-assistant');
  const env = serverEnvFor(options.client, options.dataDir);
  const transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client(
    { name: 'co-scientist-tests', version: '1.0.0' },
    options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(transport);
  return {
    client,
    transport,
    stderr: () => stderr,
    close: () => client.close(),
  };
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
export function killServer(server: ConnectedServer): Promise<void> {
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
