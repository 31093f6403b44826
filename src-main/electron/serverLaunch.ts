// How the desktop app runs its research server: the same command it registers with assistants,
// so the GUI exercises exactly what Claude Desktop and the others will launch (architecture.md, *Registration*).
import path from 'node:path';
import { isExecutableFile } from '../host/executables.js';
import {
  resolveLaunchCommand,
  validateLaunchCommand,
  type LaunchCommand,
} from '../host/registration/launcher.js';
import type { AppLayout } from './paths.js';

export interface LaunchInputs {
  layout: AppLayout;
  isPackaged: boolean;
  /** `process.execPath` of the Electron main process: the app binary. */
  electronExecPath: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}

/**
 * Packaged: the app binary with ELECTRON_RUN_AS_NODE=1 and the unpacked server entry, so users
 * need no Node install. Development: a real Node binary, because there better-sqlite3 is compiled
 * for Node's ABI and would refuse to load under Electron's. Without one we still try Electron as
 * Node, which works once native modules have been rebuilt for Electron.
 */
export function resolveServerLaunch(inputs: LaunchInputs): LaunchCommand {
  const { layout } = inputs;
  if (inputs.isPackaged) {
    return resolveLaunchCommand({
      isPackaged: true,
      execPath: inputs.electronExecPath,
      appRoot: layout.appRoot,
      serverEntry: layout.serverEntry,
    });
  }
  const node = findNode(inputs.env, inputs.platform);
  if (node !== undefined) {
    return resolveLaunchCommand({
      isPackaged: false,
      execPath: node,
      appRoot: layout.appRoot,
      serverEntry: layout.serverEntry,
    });
  }
  return validateLaunchCommand({
    command: inputs.electronExecPath,
    args: [layout.serverEntry],
    env: { ELECTRON_RUN_AS_NODE: '1' },
  });
}

/**
 * The Node binary for development runs: COSCI_NODE_PATH (set by scripts/start-electron.mjs and the
 * Electron E2E suite), npm's own node (`npm_node_execPath`, set for `npm start` and `npx`), or
 * the first `node` on PATH.
 */
export function findNode(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): string | undefined {
  for (const candidate of [env.COSCI_NODE_PATH, env.npm_node_execPath]) {
    if (candidate !== undefined && candidate !== '' && isExecutableFile(candidate, platform)) return path.resolve(candidate);
  }
  const pathVar = env.PATH ?? env.Path ?? '';
  const delimiter = platform === 'win32' ? ';' : ':';
  const name = platform === 'win32' ? 'node.exe' : 'node';
  for (const dir of pathVar.split(delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate, platform)) return candidate;
  }
  return undefined;
}

