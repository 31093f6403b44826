// `co-scientist register|unregister|status [client|all]`: registration from a terminal, bundled to
// dist/main/registration-cli.js, whose `main` bin/co-scientist.js calls. Importing it runs nothing
// (an import cannot tell reliably whether it is the program's entry). Not the MCP server, so
// stdout is ours to print on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../../../src-shared/node/dataDir.js';
import { cliCommand } from '../../../src-shared/node/cliCommand.js';
import type { ClientAdapter, Environment, TargetPlatform } from './clientAdapter.js';
import { launchOfEntry, TARGET_PLATFORMS } from './clientAdapter.js';
import { CLIENTS, clientById } from './clients/index.js';
import { refusalReport, registerReport, remoteRegisterReport, statusReport, testFailedReport, unregisterReport, USAGE } from './cliReport.js';
import { isRemote, parseServerUrl, parseTokenEnv, type RemoteServer, type ServerTarget } from './remoteServer.js';
import { RegistrationError } from './errors.js';
import { launchOpening, resolveLaunchCommand, type LaunchCommand } from './launcher.js';
import { registerTarget, unregisterTarget } from './registrar.js';
import type { Target } from './targets.js';
import { dataDirOfEntry, desiredEntry, inspectTarget, isOurEntry, targetsFor } from './targets.js';
import { describeLaunch, testLaunch } from './testLaunch.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Environment;
}

class UsageError extends Error {}

/** Variables that would point outside `--home`; a fixture or support home must not leak into the real one. */
const HOME_RELATIVE_VARS = ['APPDATA', 'LOCALAPPDATA', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'CODEX_HOME', 'CLAUDE_CONFIG_DIR', 'CONTINUE_GLOBAL_DIR'];

/**
 * Where this program is installed: inside `app.asar` when packaged, otherwise the nearest folder
 * with our package.json (dist/main/registration-cli.js → ../.., src-main/host/registration → ../../..).
 */
export function locateApp(moduleFile: string): { isPackaged: boolean; appRoot: string } {
  const asar = /^(.*?\.asar)(?=[\\/])/.exec(moduleFile);
  if (asar?.[1]) return { isPackaged: true, appRoot: asar[1] };
  for (let dir = path.dirname(moduleFile); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === 'co-scientist') return { isPackaged: false, appRoot: dir };
    } catch {
      // no package.json here (or dist/package.json, which has no name): keep walking up
    }
    if (path.dirname(dir) === dir) break;
  }
  return { isPackaged: false, appRoot: path.resolve(path.dirname(moduleFile), '..', '..') };
}

type Command = 'register' | 'unregister' | 'status';

function parse(argv: string[], io: CliIo) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      home: { type: 'string' },
      platform: { type: 'string' },
      'data-dir': { type: 'string' },
      server: { type: 'string' },
      'token-env': { type: 'string' },
      yes: { type: 'boolean', short: 'y', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, clientId, ...extra] = positionals;
  if (values.help) return { help: true as const };
  if (command !== 'register' && command !== 'unregister' && command !== 'status') {
    throw new UsageError(command === undefined ? 'No command given.' : `Unknown command "${command}".`);
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  if (clientId === undefined && command !== 'status') throw new UsageError(`Which assistant? "${command}" needs a client (or "all").`);
  const all = clientId === undefined || clientId === 'all';
  const one = all ? undefined : clientById(clientId);
  if (!all && !one) throw new UsageError(`Unknown client "${clientId}".`);

  const platform = (values.platform ?? process.platform) as TargetPlatform;
  if (!TARGET_PLATFORMS.includes(platform)) throw new UsageError(`Unsupported platform "${platform}"; use --platform darwin|win32|linux.`);

  const home = values.home !== undefined ? path.resolve(values.home) : os.homedir();
  const env: Environment =
    values.home === undefined
      ? io.env
      : Object.fromEntries(Object.entries(io.env).filter(([name]) => !HOME_RELATIVE_VARS.includes(name)));
  // Co-Scientist's own data lives on this machine, so its folder follows this machine's
  // conventions; --platform only picks the assistant's file layout (useful for support and tests).
  const dataDir = resolveDataDir({ flag: values['data-dir'], env: { ...env }, platform: process.platform, home });
  const dataDirChosen = values['data-dir'] !== undefined || (env.COSCI_DATA_DIR ?? '').trim() !== '';
  const clients: readonly ClientAdapter[] = one ? [one] : CLIENTS;
  let server: RemoteServer | undefined;
  try {
    server = values.server === undefined ? undefined : parseServerUrl(values.server);
    if (values['token-env'] !== undefined) {
      if (server === undefined) throw new Error('--token-env goes with --server: it names where the token for that lab server is kept.');
      server = { ...server, tokenEnv: parseTokenEnv(values['token-env']) };
    }
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return { help: false as const, command: command as Command, all, clients, platform, home, env, dataDir, dataDirChosen, yes: values.yes, server };
}

function currentLaunch(): LaunchCommand {
  const { isPackaged, appRoot } = locateApp(fileURLToPath(import.meta.url));
  // In development this runs under plain node, so process.execPath is the node to register.
  return resolveLaunchCommand({ isPackaged, execPath: process.execPath, appRoot });
}

type Args = Exclude<ReturnType<typeof parse>, { help: true }>;

/**
 * What the entry starts: with --server, the lab server's URL; else a command that names the data
 * folder unless the assistant's copy finds it by itself.
 */
function launchFor(args: Args, dataDir: string): ServerTarget {
  if (args.server !== undefined) return args.server;
  return launchOpening(currentLaunch(), dataDir, { home: args.home, platform: process.platform, env: { ...args.env } });
}

/**
 * The data folder a command works with for one assistant: the one chosen (`--data-dir`,
 * COSCI_DATA_DIR); else the one Co-Scientist's existing entry there opens, so that a registration
 * made with `--data-dir` keeps its folder through a later `register` or `status` without it;
 * else the default.
 */
async function dataDirFor(args: Args, t: Target): Promise<string> {
  if (args.dataDirChosen) return args.dataDir;
  const { entry } = await inspectTarget(t, { home: args.home, platform: args.platform, env: args.env });
  const opened = entry === undefined ? undefined : dataDirOfEntry(t, entry);
  return opened !== undefined && (await isOurEntry(t, opened, entry)) ? opened : args.dataDir;
}

/** One assistant target: do the command, print the outcome; returns whether it failed. */
async function runOne(args: Args, t: Target, io: CliIo): Promise<boolean> {
  const dataDir = args.command === 'unregister' ? args.dataDir : await dataDirFor(args, t);
  const launch = launchFor(args, dataDir);
  const base = { home: args.home, platform: args.platform, env: args.env, dataDir, variant: t.location.variant };
  const name = t.location.label ? `${t.adapter.displayName} (${t.location.label})` : t.adapter.displayName;
  if (args.command === 'status') {
    const cli = cliCommand({ appRoot: locateApp(fileURLToPath(import.meta.url)).appRoot, argv1: process.argv[1], cwd: process.cwd() });
    io.stdout(statusReport(await inspectTarget(t, { ...base, launch }), cli));
    return false;
  }
  if (args.command === 'register') {
    if (isRemote(launch)) {
      // A lab server's entry is a URL: there is no command to test-launch; the assistant signs in.
      io.stdout(remoteRegisterReport(name, await registerTarget(t, { ...base, launch, force: args.yes }), launch.url));
      return false;
    }
    const registered = launchOfEntry(desiredEntry(t.adapter, launch)) ?? launch;
    // Tested before anything is written: an assistant never gets an entry that cannot start.
    const test = await testLaunch(registered, { dataDir, home: args.home });
    if (!test.ok) {
      io.stderr(testFailedReport(name, t.location.path, describeLaunch(registered), test));
      return true;
    }
    const out = await registerTarget(t, { ...base, launch, force: args.yes });
    io.stdout(registerReport(name, out, describeLaunch(registered), test));
    return false;
  }
  io.stdout(unregisterReport(name, await unregisterTarget(t, { ...base, launch, force: args.yes })));
  return false;
}

/** The targets a command covers: with "all", register only where installed and unregister only where registered. */
async function targetsOf(args: Args, io: CliIo): Promise<Target[]> {
  // "all" with --server: only the assistants whose config can name a lab server.
  const clients = args.all && args.server !== undefined ? args.clients.filter((c) => (args.server?.tokenEnv === undefined ? c.buildHttpEntry : c.buildTokenHttpEntry) !== undefined) : args.clients;
  const targets = clients.flatMap((c) => targetsFor(c, { home: args.home, platform: args.platform, env: args.env }));
  if (!args.all || args.command === 'status') return targets;
  const chosen: Target[] = [];
  for (const t of targets) {
    if (args.command === 'register' && !t.detection.installed) continue;
    if (args.command === 'unregister') {
      const { state } = await inspectTarget(t, { home: args.home, platform: args.platform, env: args.env, dataDir: args.dataDir });
      if (!state.registered) continue;
    }
    chosen.push(t);
  }
  if (chosen.length === 0) io.stdout(args.command === 'register' ? 'No assistant was found on this computer.\n' : 'Co-Scientist is not registered with any assistant.\n');
  return chosen;
}

export async function runRegistrationCli(argv: string[], ioOverrides: Partial<CliIo> = {}): Promise<number> {
  const io: CliIo = {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    ...ioOverrides,
  };
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv, io);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    io.stderr(`${message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.stdout(USAGE);
    return 0;
  }
  let failures = 0;
  for (const t of await targetsOf(args, io)) {
    try {
      if (await runOne(args, t, io)) failures += 1;
    } catch (e) {
      failures += 1;
      if (e instanceof RegistrationError) io.stderr(refusalReport(e, args.command, t.adapter.displayName));
      else io.stderr(`Unexpected error while running "${args.command}" for ${t.adapter.displayName}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
  return failures > 0 ? 1 : 0;
}

/**
 * The process entry: `bin/co-scientist.js register|unregister|status …` imports this bundle and
 * calls it (the bundle itself runs nothing when imported). Returns the exit code and sets it.
 */
export async function main(argv: string[]): Promise<number> {
  let code: number;
  try {
    code = await runRegistrationCli(argv);
  } catch (e) {
    process.stderr.write(`co-scientist: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    code = 1;
  }
  process.exitCode = code;
  return code;
}
