// How an assistant starts our MCP server (architecture.md, *Registration*): always an absolute executable plus
// an argument vector — never `npx`, never a shell string — so that paths with spaces or
// non-ASCII characters survive every assistant's process spawner unquoted.
import fs from 'node:fs';
import path from 'node:path';
import type { DataDirInputs } from '../../../src-shared/node/dataDir.js';
import { defaultDataDir } from '../../../src-shared/node/dataDir.js';
import { RegistrationError } from './errors.js';

/** The client-independent part of a server launch; each adapter appends `--client <id>`. */
export interface LaunchCommand {
  /** Absolute path of the executable: `node` in development, the app's own binary when packaged. */
  command: string;
  /** `[<absolute server entry>]`, without `--client`. */
  args: string[];
  env?: Record<string, string>;
}

export interface LaunchInputs {
  /** Electron's `app.isPackaged`; false for `npm start`, the CLI from a checkout, and tests. */
  isPackaged: boolean;
  /**
   * Development: the absolute path of a **Node** binary (the CLI passes `process.execPath`; the
   * Electron host in development must pass a real node, because better-sqlite3 is built for
   * Node's ABI there). Packaged: the app executable (`process.execPath` in Electron main).
   */
  execPath: string;
  /** Development: the repository root. Packaged: `app.getAppPath()`, i.e. `<resources>/app.asar`. */
  appRoot: string;
  /** Overrides the computed server entry (absolute). */
  serverEntry?: string;
}

export const SERVER_ENTRY_SEGMENTS = ['dist', 'mcp', 'server.js'] as const;

export function resolveLaunchCommand(inputs: LaunchInputs): LaunchCommand {
  if (!inputs.isPackaged) {
    const serverEntry = inputs.serverEntry ?? path.join(inputs.appRoot, ...SERVER_ENTRY_SEGMENTS);
    return validateLaunchCommand({ command: inputs.execPath, args: [serverEntry] });
  }
  // Node cannot read inside app.asar on its own, and better-sqlite3's .node addon must be a real
  // file, so electron-builder unpacks the server next to the archive (asarUnpack).
  const unpackedRoot = inputs.appRoot.endsWith('.asar') ? `${inputs.appRoot}.unpacked` : inputs.appRoot;
  const serverEntry = inputs.serverEntry ?? path.join(unpackedRoot, ...SERVER_ENTRY_SEGMENTS);
  return validateLaunchCommand({
    command: inputs.execPath,
    args: [serverEntry],
    // The app binary then behaves as plain Node (requires the `runAsNode` fuse to stay on).
    env: { ELECTRON_RUN_AS_NODE: '1' },
  });
}

function isAbsoluteAnywhere(p: string): boolean {
  return path.posix.isAbsolute(p) || path.win32.isAbsolute(p);
}

/** Refuses launch commands an assistant could not start reliably from any working directory. */
export function validateLaunchCommand(launch: LaunchCommand): LaunchCommand {
  const fail = (why: string) =>
    new RegistrationError('INVALID_LAUNCH_COMMAND', `Cannot register Co-Scientist: ${why}.`);
  if (!isAbsoluteAnywhere(launch.command)) throw fail(`the command "${launch.command}" is not an absolute path`);
  const entry = launch.args[0];
  if (entry === undefined || !isAbsoluteAnywhere(entry)) {
    throw fail(`the server entry "${entry ?? ''}" is not an absolute path`);
  }
  if (launch.args.includes('--client')) throw fail('the launch arguments already name a client');
  return launch;
}

/**
 * The launch that opens `dataDir`: with `--data-dir` unless it is the folder an assistant's copy
 * finds by itself (see defaultDataDir), so the default registration stays as short as before.
 * `machine` is where the assistant runs (its home, OS and environment).
 */
export function launchOpening(launch: LaunchCommand, dataDir: string, machine: Omit<DataDirInputs, 'flag'>): LaunchCommand {
  const folder = path.resolve(dataDir);
  if (folder === path.resolve(defaultDataDir(machine))) return launch;
  return { ...launch, args: [...launch.args, '--data-dir', folder] };
}

/**
 * The data folder a registered launch opens: its `--data-dir`, else COSCI_DATA_DIR in its own
 * environment, else the folder an assistant's copy finds by itself (what launchOpening leaves out).
 */
export function dataDirOfLaunch(launch: LaunchCommand, machine: Omit<DataDirInputs, 'flag'>): string {
  const at = launch.args.indexOf('--data-dir');
  const inline = launch.args.find((arg) => arg.startsWith('--data-dir='))?.slice('--data-dir='.length);
  const named = (at >= 0 ? launch.args[at + 1] : undefined) ?? inline ?? launch.env?.COSCI_DATA_DIR;
  return path.resolve(named !== undefined && named.trim() !== '' ? named : defaultDataDir(machine));
}

/** The full command line one assistant runs: our launch plus its identity (architecture.md, *Identity, scopes, audit*). */
export function launchForClient(launch: LaunchCommand, clientId: string): LaunchCommand {
  validateLaunchCommand(launch);
  const env = launch.env && Object.keys(launch.env).length > 0 ? { ...launch.env } : undefined;
  return { command: launch.command, args: [...launch.args, '--client', clientId], ...(env ? { env } : {}) };
}

/** Whether a folder can be written to (a mounted disk image cannot). */
function writable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * macOS runs a freshly downloaded app from a random, read-only copy (App Translocation) until it
 * is moved, and can run it straight from its mounted disk image. Either path disappears — at the
 * next start, or when the image is ejected — leaving every assistant with a dead command, so we
 * refuse to register from there and say how to fix it.
 */
export function checkLaunchLocation(
  launch: LaunchCommand,
  platform: NodeJS.Platform,
  isWritable: (dir: string) => boolean = writable,
): RegistrationError | undefined {
  if (platform !== 'darwin') return undefined;
  const refuse = (where: string) =>
    new RegistrationError(
      'APP_NOT_INSTALLED',
      `Co-Scientist is running from ${where}, a location that goes away, so assistants could not start it later. ` +
        'Quit Co-Scientist, drag it into your Applications folder, open it from there and connect again.',
    );
  if (launch.command.includes('/AppTranslocation/')) return refuse('a temporary copy macOS made (App Translocation)');
  const bundle = /^(\/Volumes\/.+?\.app)(?:\/|$)/.exec(launch.command)?.[1];
  if (bundle !== undefined && !isWritable(path.dirname(bundle))) return refuse(`its disk image (${path.dirname(bundle)})`);
  return undefined;
}
