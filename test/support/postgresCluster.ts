// A throwaway PostgreSQL cluster for tests, benchmarks and CI (issue 30): Debian's binaries, a
// fresh data folder, a free loopback port, trust authentication on loopback only, and the unix
// socket inside the data folder so nothing is left in /var/run. The one implementation of "start
// a test cluster": `.ci/run` runs this file as a command, the vitest globalSetup
// (postgresGlobalSetup.ts) and bench/pg-driver.ts import it.
//
//   node --import tsx test/support/postgresCluster.ts start   prints `export COSCI_TEST_POSTGRES_URL=… COSCI_TEST_POSTGRES_DIR=…`
//   node --import tsx test/support/postgresCluster.ts stop DIR
//
// PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` user (Debian's
// package creates it) in a folder that user owns. The folder is made in the system temp directory
// itself, not a test run's private one (tempDirCheck.ts), which the postgres user cannot enter.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where tests find the cluster (set by .ci/run, or by the globalSetup for a local run). */
export const TEST_POSTGRES_URL_ENV = 'COSCI_TEST_POSTGRES_URL';
/** Set by .ci/run: a run without a PostgreSQL cluster fails instead of skipping its PostgreSQL tests. */
export const REQUIRE_POSTGRES_ENV = 'COSCI_REQUIRE_POSTGRES';

const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication: no password). */
  url: string;
  dir: string;
  port: number;
}

/** The newest Debian PostgreSQL bin folder (/usr/lib/postgresql/<major>/bin), or undefined when none is installed. */
export function findPostgresBinDir(root = DEBIAN_POSTGRES_ROOT): string | undefined {
  if (!fs.existsSync(root)) return undefined;
  const majors = fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && fs.existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : path.join(root, majors[0], 'bin');
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const runningAsRoot = (): boolean => process.getuid?.() === 0;

/** Runs a PostgreSQL program as the user the cluster belongs to; throws with its output on failure. */
function runAsClusterUser(binDir: string, program: string, args: string[]): void {
  const file = path.join(binDir, program);
  const [command, argv] = runningAsRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(' ')} failed (exit ${result.status ?? result.signal}): ${`${result.stderr}${result.stdout}`.trim()}`);
  }
}

/** initdb into a fresh folder and start the server on a free loopback port; waits until it accepts connections. */
export async function startPostgresCluster(binDir = findPostgresBinDir()): Promise<PostgresCluster> {
  if (binDir === undefined) throw new Error(`No PostgreSQL binaries under ${DEBIAN_POSTGRES_ROOT} (apt-get install postgresql).`);
  // The system temp directory: a test run's own TMPDIR is private to the user running the tests.
  const dir = fs.mkdtempSync(path.join(process.env.COSCI_POSTGRES_PARENT_DIR ?? '/tmp', 'cosci-postgres-'));
  try {
    if (runningAsRoot()) execFileSync('chown', ['postgres:postgres', dir]);
    const data = path.join(dir, 'data');
    runAsClusterUser(binDir, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    const port = await freeLoopbackPort();
    // Loopback only; the socket in the folder; fsync off because the cluster is thrown away.
    const serverOptions = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    runAsClusterUser(binDir, 'pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', serverOptions]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, port };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Stops the cluster immediately (its data is thrown away) and removes its folder. */
export function stopPostgresCluster(dir: string, binDir = findPostgresBinDir()): void {
  const data = path.join(dir, 'data');
  if (binDir !== undefined && fs.existsSync(path.join(data, 'postmaster.pid'))) {
    runAsClusterUser(binDir, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

async function main(argv: string[]): Promise<void> {
  const [command, dir] = argv;
  if (command === 'start') {
    const cluster = await startPostgresCluster();
    // Shell words for `eval`: neither value holds a quote (a temp path and a URL without password).
    process.stdout.write(`export ${TEST_POSTGRES_URL_ENV}='${cluster.url}' COSCI_TEST_POSTGRES_DIR='${cluster.dir}'\n`);
    return;
  }
  if (command === 'stop' && dir !== undefined) {
    stopPostgresCluster(dir);
    return;
  }
  process.stderr.write('Usage: postgresCluster.ts start | stop <dir>\n');
  process.exitCode = 2;
}

// Run as a command, not imported; the name check keeps a bundled benchmark that includes this module
// (bench/rating-write.ts), whose bundle is then `import.meta.url` itself, from running it.
const runAsCommand = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href && /postgresCluster\.[cm]?[jt]s$/.test(process.argv[1]);
if (runAsCommand) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`postgres cluster: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
