// `co-scientist register|unregister|status <client>`: registration from a terminal, bundled to
// dist/main/registration-cli.js. Not the MCP server, so stdout is ours to print on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../../../src-mcp/store/dataDir.js';
import { claudeDesktop } from './claudeDesktop.js';
import type { ClientAdapter, Environment, TargetPlatform } from './clientAdapter.js';
import { TARGET_PLATFORMS } from './clientAdapter.js';
import { RegistrationError } from './errors.js';
import type { LaunchCommand } from './launcher.js';
import { launchForClient, resolveLaunchCommand } from './launcher.js';
import { inspectClient, registerClient, unregisterClient } from './registrar.js';

const CLIENTS: Record<string, ClientAdapter> = { [claudeDesktop.id]: claudeDesktop };

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Environment;
}

const USAGE = `Usage: co-scientist <command> [client] [options]

Commands:
  register <client>     add Co-Scientist to the assistant's MCP servers
  unregister <client>   remove Co-Scientist's entry again (nothing else is touched)
  status [client]       show where the assistant's settings are and whether Co-Scientist is in them

Clients: ${Object.keys(CLIENTS).join(', ')}

Options:
  --home DIR        treat DIR as the home folder (APPDATA, LOCALAPPDATA and XDG_* are then ignored)
  --platform NAME   whose file layout to use: darwin, win32 or linux (default: this machine's)
  --data-dir DIR    Co-Scientist's data folder (default: COSCI_DATA_DIR, else the standard place)
  --yes, -y         replace or remove an entry that was edited by hand (run without it first to see the difference)
  --help, -h        show this help
`;

class UsageError extends Error {}

/** Variables that would point outside `--home`; a fixture or support home must not leak into the real one. */
const HOME_RELATIVE_VARS = ['APPDATA', 'LOCALAPPDATA', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME'];

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

function parse(argv: string[], io: CliIo) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      home: { type: 'string' },
      platform: { type: 'string' },
      'data-dir': { type: 'string' },
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
  if (clientId === undefined && command !== 'status') throw new UsageError(`Which assistant? "${command}" needs a client.`);
  const clients = clientId === undefined ? Object.values(CLIENTS) : [CLIENTS[clientId]];
  const [firstClient] = clients;
  if (firstClient === undefined || clients.includes(undefined)) throw new UsageError(`Unknown client "${clientId}".`);

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
  return { help: false as const, command, clients: clients as ClientAdapter[], platform, home, env, dataDir, yes: values.yes };
}

function currentLaunch(): LaunchCommand {
  const { isPackaged, appRoot } = locateApp(fileURLToPath(import.meta.url));
  // In development this runs under plain node, so process.execPath is the node to register.
  return resolveLaunchCommand({ isPackaged, execPath: process.execPath, appRoot });
}

const shellWord = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : JSON.stringify(s));

function describeLaunch(launch: LaunchCommand, clientId: string): string {
  const full = launchForClient(launch, clientId);
  const env = Object.entries(full.env ?? {}).map(([k, v]) => `${k}=${shellWord(v)} `);
  return env.join('') + [full.command, ...full.args].map(shellWord).join(' ');
}

const REGISTER_SAYS = {
  created: (p: string) => `Created ${p} with Co-Scientist in it.`,
  added: (p: string) => `Added Co-Scientist to ${p}.`,
  updated: (p: string) => `Updated Co-Scientist's entry in ${p}.`,
  unchanged: (p: string) => `Co-Scientist is already registered in ${p}; nothing was changed.`,
};

function reportRefusal(err: RegistrationError, verb: string, client: ClientAdapter, io: CliIo): number {
  io.stderr(`Could not ${verb} Co-Scientist ${verb === 'register' ? 'with' : 'from'} ${client.displayName}: ${err.message}\n`);
  const change = err.details.change;
  if (err.code === 'CHANGED_BY_USER' && change) {
    io.stderr(`\n  - the entry in the file\n  + ${verb === 'register' ? "Co-Scientist's entry" : '(removed)'}\n\n`);
    io.stderr(`${change.diff.replace(/^/gm, '    ')}\n\n`);
    io.stderr(`Re-run with --yes to ${verb === 'register' ? 'replace' : 'remove'} it (a backup of the file is kept).\n`);
  }
  return 1;
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
  const { command, clients, platform, home, env, dataDir, yes } = args;
  const base = { home, platform, env, dataDir };
  let failures = 0;
  for (const client of clients) {
    try {
      if (command === 'status') {
        io.stdout(await statusReport(client, { ...base, launch: currentLaunch() }));
      } else if (command === 'register') {
        const launch = currentLaunch();
        const entry = launch.args[0] ?? '';
        if (!fs.existsSync(entry)) io.stderr(`Note: ${entry} does not exist yet; build Co-Scientist (npm run build) before starting ${client.displayName}.\n`);
        const out = await registerClient(client, { ...base, launch, force: yes });
        io.stdout(`${REGISTER_SAYS[out.action](out.config_path)}\n  Command: ${describeLaunch(launch, client.id)}\n`);
        if (out.backup_path) io.stdout(`  Backup of the previous file: ${out.backup_path}\n`);
        io.stdout(`\n${out.action === 'unchanged' ? 'If it does not show up yet: ' : 'Next: '}${out.next_step}\n`);
      } else {
        const out = await unregisterClient(client, { ...base, launch: currentLaunch(), force: yes });
        if (out.action === 'absent') io.stdout(`Co-Scientist is not registered in ${out.config_path}; nothing was changed.\n`);
        else {
          io.stdout(`Removed Co-Scientist's entry from ${out.config_path}.\n`);
          if (out.backup_path) io.stdout(`  Backup of the previous file: ${out.backup_path}\n`);
          io.stdout(`\nNext: ${out.next_step}\n`);
        }
      }
    } catch (e) {
      if (e instanceof RegistrationError) failures += reportRefusal(e, command, client, io);
      else {
        io.stderr(`Unexpected error while running "${command}" for ${client.displayName}: ${e instanceof Error ? e.message : String(e)}\n`);
        failures += 1;
      }
    }
  }
  return failures > 0 ? 1 : 0;
}

async function statusReport(client: ClientAdapter, opts: Parameters<typeof inspectClient>[1]): Promise<string> {
  const { state, variant, upToDate } = await inspectClient(client, opts);
  const registered = !state.registered
    ? 'no'
    : upToDate
      ? 'yes, up to date'
      : `yes, but it starts a different program than this Co-Scientist (run: co-scientist register ${client.id})`;
  const lines = [
    `${state.name}`,
    `  Settings file: ${state.config_path}${variant === 'standard' ? '' : ` (${variant} install)`}`,
    `  Installed:     ${state.installed ? 'yes' : 'no (its settings folder was not found)'}`,
    `  Registered:    ${registered}`,
  ];
  if (state.problem) lines.push(`  Problem:       ${state.problem}`);
  return `${lines.join('\n')}\n`;
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  const self = fileURLToPath(import.meta.url);
  // Only as its own bundle (or the TS source run directly): bundled into another program, this
  // module's URL is that program's, which must not start parsing its argv as ours.
  if (entry === undefined || !/^(registration-cli\.js|cli\.ts)$/.test(path.basename(self))) return false;
  try {
    return fs.realpathSync(entry) === fs.realpathSync(self);
  } catch {
    return false;
  }
}

if (isMainModule()) {
  runRegistrationCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`co-scientist: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
