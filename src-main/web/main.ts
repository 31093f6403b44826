// The web host (`npm run web`): the desktop host's logic without Electron. It starts the host
// core (which spawns the research server as client `desktop`), serves the built renderer and
// the API on 127.0.0.1, and prints exactly one line to stdout — the address to open, token
// included — which scripts and tests parse. Everything else goes to stderr.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataDir } from '../../src-shared/node/dataDir.js';
import { describeDatabaseLocation, resolveDatabaseLocation, type DatabaseLocation } from '../../src-shared/node/databaseUrl.js';
import { createHost } from '../host/hostCore.js';
import { createLabSessionStore, createLocalKeyCipher } from '../host/lab/labSessionStore.js';
import { labClientIdentityFrom } from '../host/lab/labOAuth.js';
import { createStderrLogger } from '../host/log.js';
import { resolveLaunchCommand } from '../host/registration/launcher.js';
import { parseWebOptions, USAGE, UsageError } from './options.js';
import { newAccessToken } from './security.js';
import { createWebServer } from './webServer.js';

const log = createStderrLogger('web');

/** This bundle runs as `<appRoot>/dist/main/web.js`. */
function appRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

function appVersion(root: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseWebOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }

  const root = appRoot();
  const rendererDir = path.join(root, 'dist', 'renderer');
  const launch = resolveLaunchCommand({ isPackaged: false, execPath: process.execPath, appRoot: root });
  const serverEntry = launch.args[0] ?? '';
  for (const required of [path.join(rendererDir, 'index.html'), serverEntry]) {
    if (!existsSync(required)) {
      log.error(`${required} is missing; run \`npm run build\` first.`);
      return 1;
    }
  }

  const dataDir = resolveDataDir({ flag: options.dataDir });
  let database: DatabaseLocation;
  try {
    // The folder's chosen database is the host's to read (and change): only the flag and the environment here.
    database = resolveDatabaseLocation({ flag: options.database, env: process.env, dataDir, readChoice: false });
  } catch (error) {
    log.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const host = createHost({
    dataDir,
    ...(database.engine === 'postgres' ? { databaseUrl: database.url } : {}),
    serverCommand: { command: launch.command, args: launch.args },
    hostKind: 'web',
    appVersion: appVersion(root),
    registrationContext: { home: os.homedir(), platform: process.platform, env: process.env, launch },
    log: log.child('host'),
    // No OS keychain in a plain Node process: the lab sign-in is encrypted with the data folder's own key.
    lab: { store: createLabSessionStore(dataDir, createLocalKeyCipher(dataDir)), client: labClientIdentityFrom(process.env) },
  });
  const web = createWebServer({ host, rendererDir, token: newAccessToken(), log: log.child('http') });

  let stopping: Promise<void> | null = null;
  const shutdown = (signal: string): void => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting for the research server`);
      process.exit(1);
    }
    log.info(`${signal}: shutting down`);
    stopping = Promise.allSettled([web.close(), host.stop()]).then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Started by `npm run web` (scripts/web.mjs) with an IPC channel: when that launcher is gone,
  // however it ended (even SIGKILL), the web host stops too instead of holding the port.
  if (process.send !== undefined) {
    process.channel?.unref();
    process.once('disconnect', () => shutdown('launcher gone'));
  }

  log.info(`data dir ${dataDir}`);
  log.info(`database ${describeDatabaseLocation(database)}`);
  let url: string;
  try {
    [, { url }] = await Promise.all([host.start(), web.listen(options.port)]);
  } catch (error) {
    // e.g. the port is taken: do not leave the research server running behind us.
    await Promise.allSettled([web.close(), host.stop()]);
    throw error;
  }
  process.stdout.write(`Co-Scientist is running at ${url}\n`);
  return -1; // keep running until a signal
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    log.error('the web host failed to start', error);
    process.exit(1);
  },
);

// A stray rejection is a bug to see in the log, not a reason to take the scientist's GUI down.
process.on('unhandledRejection', (reason) => log.error('unhandled rejection', reason));
