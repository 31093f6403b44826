// Proves a registration works: starts exactly the registered command, arguments and environment
// (no shell) with the environment an assistant gives it, completes an MCP `initialize` handshake
// over stdio, and checks that the server opened the app's own data folder (an assistant whose
// server opens another folder never sees the scientist's projects). Reports the server's name,
// version and how long it took — or why it failed and what to do, with the server's last words.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { announcedDataDir } from '../../../src-shared/node/dataDir.js';
import type { TestLaunch } from '../../../src-shared/routes/index.js';
import type { LaunchCommand } from './launcher.js';

export const TEST_LAUNCH_TIMEOUT_MS = 10_000;

export interface TestLaunchOptions {
  /** The app's data folder: the server must open this one. */
  dataDir: string;
  /**
   * The home folder the assistant runs in (HOME, and USERPROFILE on Windows). The rest of the
   * environment is what MCP clients pass on (the SDK's default set: PATH, USER, SHELL, …) plus
   * the entry's own `env`; in particular not COSCI_DATA_DIR, which the assistant does not have.
   */
  home?: string;
  timeoutMs?: number;
}

/** How long after the handshake we wait for the server's data-folder line on stderr. */
const ANNOUNCEMENT_WAIT_MS = 2_000;

const realFolder = (dir: string) => {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
};

/** The environment an assistant gives the server it starts, as far as it matters to us. */
function assistantEnvironment(launch: LaunchCommand, home: string | undefined): Record<string, string> {
  const homeVars: Record<string, string> = {};
  if (home !== undefined) homeVars[process.platform === 'win32' ? 'USERPROFILE' : 'HOME'] = home;
  return { ...homeVars, ...(launch.env ?? {}) };
}

function wrongFolder(opened: string, dataDir: string): string {
  return (
    `The registered command opens the data folder ${opened}, not this app's (${dataDir}), so the assistant would not see your projects. ` +
    'Repair the registration (or connect again) so that its command names this data folder.'
  );
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
    env: assistantEnvironment(launch, opts.home),
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
    const opened = await Promise.race([waitForAnnouncement(() => stderr, Math.min(ANNOUNCEMENT_WAIT_MS, timeoutMs)), deadline]);
    const rightFolder = opened !== undefined && realFolder(opened) === realFolder(opts.dataDir);
    const error =
      opened === undefined
        ? 'The server answered but did not say which data folder it opened; it may be another program or an old copy of Co-Scientist. Repair the registration.'
        : rightFolder
          ? null
          : wrongFolder(opened, opts.dataDir);
    return {
      ...base,
      ok: error === null,
      duration_ms: Math.round(performance.now() - started),
      server_name: server?.name ?? null,
      server_version: server?.version ?? null,
      protocol_version: client.getNegotiatedProtocolVersion() ?? null,
      data_dir: opened ?? null,
      error,
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
      data_dir: null,
      error: explain(error, launch, timedOut, timeoutMs),
      stderr: lastLines === '' ? null : lastLines,
    };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

/** The data folder the server announced on stderr, polled until it appears or `waitMs` passes. */
async function waitForAnnouncement(stderr: () => string, waitMs: number): Promise<string | undefined> {
  const until = performance.now() + waitMs;
  for (;;) {
    const found = announcedDataDir(stderr());
    if (found !== undefined || performance.now() >= until) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
