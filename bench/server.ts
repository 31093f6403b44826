// Spawns the built MCP server the way an assistant does — `node dist/mcp/server.js --client …
// --data-dir …` over real stdio — and connects the official MCP client to it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = path.join(REPO_ROOT, 'dist', 'mcp', 'server.js');
/** Benchmarks run as their own client, so their audit rows are easy to tell apart. */
export const BENCH_CLIENT_ID = 'bench';

export function assertServerBuilt(): void {
  if (!existsSync(SERVER_ENTRY)) {
    const entry = path.relative(process.cwd(), SERVER_ENTRY);
    throw new Error(`${entry} is missing: run \`npm run build\` (npm run bench does).`);
  }
}

export interface ConnectedServer {
  client: Client;
  /** Closes the client, which ends the child (stdin closed, then SIGTERM, then SIGKILL). */
  close(): Promise<void>;
  /** The server's recent stderr, to explain a failure. */
  stderrTail(): string;
}

/**
 * Spawns a server on `dataDir` and completes the MCP handshake (spawn → initialize result); `entry`:
 * another build's server.js; `env`: more environment (COSCI_DATABASE_URL for a PostgreSQL store, bench/engineStore.ts).
 */
export async function connectServer(dataDir: string, entry = SERVER_ENTRY, env: Record<string, string> = {}): Promise<ConnectedServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, '--client', BENCH_CLIENT_ID, '--data-dir', dataDir],
    env,
    // Piped, not inherited: diagnostics must not interleave with the results table.
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2_000);
  });
  const client = new Client({ name: 'co-scientist-bench', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(`The server did not complete its handshake: ${String(error)}\n${stderr}`, { cause: error });
  }
  return { client, close: () => client.close(), stderrTail: () => stderr };
}

/** A temporary data dir, removed by `dispose`; benchmarks never touch the scientist's database. */
export async function tempDataDir(label: string): Promise<{ dir: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `cosci-bench-${label}-`));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** The reference server the issue-17 ratios are taken against (a devDependency). */
export const MEMORY_PACKAGE = '@modelcontextprotocol/server-memory';

/** The reference server's entry script, run with plain Node as its `bin` is; null when not installed. */
export function memoryServerEntry(): string | null {
  try {
    const manifestPath = createRequire(import.meta.url).resolve(`${MEMORY_PACKAGE}/package.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
    const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
    return bin === undefined ? null : path.join(path.dirname(manifestPath), bin);
  } catch {
    return null;
  }
}
