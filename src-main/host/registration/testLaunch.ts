// Proves a registration works: starts exactly the registered command, arguments and environment
// (no shell), completes an MCP `initialize` handshake over stdio and reports the server's name,
// version and how long it took — or why it failed, with the server's own last words.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { TestLaunch } from '../contract.js';
import type { LaunchCommand } from './launcher.js';

export const TEST_LAUNCH_TIMEOUT_MS = 10_000;

export interface TestLaunchOptions {
  /** The server opens this data dir (COSCI_DATA_DIR), as the assistant's copy will. */
  dataDir: string;
  timeoutMs?: number;
}

const shellWord = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : JSON.stringify(s));

/** `ENV=value /path/to/app /path/to/server.js --client x`, for display. */
export function describeLaunch(launch: LaunchCommand): string {
  const env = Object.entries(launch.env ?? {}).map(([k, v]) => `${k}=${shellWord(v)} `);
  return env.join('') + [launch.command, ...launch.args].map(shellWord).join(' ');
}

function explain(error: unknown, launch: LaunchCommand, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `The server did not answer the MCP handshake within ${timeoutMs / 1000} s.`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return `${launch.command} does not exist. Was Co-Scientist moved or uninstalled? Repair the registration from the app.`;
  if (code === 'EACCES') return `${launch.command} is not executable (permission denied).`;
  const message = error instanceof Error ? error.message : String(error);
  return /closed/i.test(message) ? 'The server exited before completing the MCP handshake.' : `The MCP handshake failed: ${message}`;
}

export async function testLaunch(launch: LaunchCommand, opts: TestLaunchOptions): Promise<TestLaunch> {
  const timeoutMs = opts.timeoutMs ?? TEST_LAUNCH_TIMEOUT_MS;
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...(launch.env ?? {}), COSCI_DATA_DIR: opts.dataDir },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
  });
  const client = new Client({ name: 'co-scientist-registration-check', version: '1.0.0' }, { capabilities: {} });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error('timeout'));
    }, timeoutMs);
  });
  const base = { command: describeLaunch(launch) };
  try {
    await Promise.race([client.connect(transport), deadline]);
    const server = client.getServerVersion();
    return {
      ...base,
      ok: true,
      duration_ms: Math.round(performance.now() - started),
      server_name: server?.name ?? null,
      server_version: server?.version ?? null,
      protocol_version: client.getNegotiatedProtocolVersion() ?? null,
      error: null,
      stderr: null,
    };
  } catch (error) {
    const lastLines = stderr.trim().split('\n').slice(-5).join('\n');
    return {
      ...base,
      ok: false,
      duration_ms: Math.round(performance.now() - started),
      server_name: null,
      server_version: null,
      protocol_version: null,
      error: explain(error, launch, timedOut, timeoutMs),
      stderr: lastLines === '' ? null : lastLines,
    };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}
