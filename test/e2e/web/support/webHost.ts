// Starts the real web host (`node dist/main/web.js`) for one test, with its own data dir and
// HOME, and reads the one line it prints: the address, token included.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { assertBuilt, REPO_ROOT, WEB_HOST_ENTRY } from './paths.js';

const URL_LINE = /^Co-Scientist is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)$/;
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

export interface WebHost {
  /** The page address including `?token=`. */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  token: string;
  /** The web host's process id (its research server is a child of it). */
  pid: number;
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * `port` 0 (the default) lets the system choose; a test that restarts a host may ask for the old one.
 * `env` adds variables the host passes on to its server (src-shared/serverEnvironment.ts).
 * `entry` runs another build's web host (`<root>/dist/main/web.js`, which serves that root's
 * renderer and server): a benchmark compares a copy of an older build with the current one.
 */
export async function startWebHost(options: { dataDir: string; home: string; port?: number; env?: Record<string, string>; entry?: string }): Promise<WebHost> {
  if (options.entry === undefined) assertBuilt();
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: options.home, ...options.env };
  // The fixture HOME must decide where assistants' configs are; these would override it.
  delete env.XDG_CONFIG_HOME;
  delete env.XDG_DATA_HOME;
  delete env.COSCI_DATA_DIR;
  const child = spawn(process.execPath, [options.entry ?? WEB_HOST_ENTRY, '--data-dir', options.dataDir, '--port', String(options.port ?? 0)], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`The web host printed no address within ${START_TIMEOUT_MS} ms.`)), START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout });
    const onExit = (code: number | null) => fail(new Error(`The web host exited (code ${code}) before printing its address.`));
    function fail(error: Error): void {
      clearTimeout(timer);
      lines.close();
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n--- web host stderr ---\n${stderr}`));
    }
    child.once('exit', onExit);
    lines.on('line', (line) => {
      const match = URL_LINE.exec(line);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(match[1]);
    });
  });

  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    pid: child.pid ?? -1,
    stderr: () => stderr,
    stop: () => stopChild(child),
  };
}

/** SIGTERM (the host stops its research server), then SIGKILL if it does not exit in time. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
