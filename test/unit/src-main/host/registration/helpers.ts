// Fixture homes for registration tests: real folders under the OS temp dir, removed afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { RegistrationError, type LaunchCommand, type RegistrationOptions, type TargetPlatform } from '../../../../../src-main/host/registration/index.js';
import { makeTempDir } from '../../../../support/tempDirs.js';

const created: string[] = [];

afterEach(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder; `label` ends up in its name (use it for spaces and non-ASCII). */
export function tempDir(label = 'cosci-reg-'): string {
  const dir = makeTempDir(label);
  created.push(dir);
  return dir;
}

/** A launch that looks like a packaged app in a folder with a space. */
export const LAUNCH: LaunchCommand = {
  command: '/Applications/Co Scientist.app/Contents/MacOS/Co-Scientist',
  args: ['/Applications/Co Scientist.app/Contents/Resources/app.asar.unpacked/dist/mcp/server.js'],
  env: { ELECTRON_RUN_AS_NODE: '1' },
};

/** The entry Claude Desktop should end up with for LAUNCH. */
export const EXPECTED_ENTRY = {
  command: LAUNCH.command,
  args: [...LAUNCH.args, '--client', 'claude-desktop'],
  env: { ELECTRON_RUN_AS_NODE: '1' },
};

export interface Fixture {
  home: string;
  dataDir: string;
  systemRoot: string;
  /** Options for a local registration (the app's own server as `launch`). */
  opts(extra?: Partial<RegistrationOptions> & { launch?: LaunchCommand }): RegistrationOptions & { launch: LaunchCommand };
}

export function fixture(platform: TargetPlatform = 'linux', label?: string): Fixture {
  const home = tempDir(label);
  const dataDir = path.join(home, 'cosci-data');
  // System-wide places (/Applications, /usr/bin) live in the fixture too: the test machine's own
  // apps must never make a fixture assistant look installed.
  const systemRoot = path.join(home, '.system-root');
  return {
    home,
    dataDir,
    systemRoot,
    opts: (extra = {}) => ({ home, platform, env: {}, systemRoot, dataDir, launch: LAUNCH, ...extra }),
  };
}

/** Where the tests expect Claude's file for each layout (segments as the OS has them, joined for this machine). */
export function claudeConfigPath(home: string, layout: TargetPlatform | 'msix'): string {
  switch (layout) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
    case 'win32':
      return path.join(home, 'AppData', 'Roaming', 'Claude', 'claude_desktop_config.json');
    case 'msix':
      return path.join(home, 'AppData', 'Local', 'Packages', 'Claude_pzs8sxrjxfjjc', 'LocalCache', 'Roaming', 'Claude', 'claude_desktop_config.json');
    case 'linux':
      return path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
  }
}

/** Writes a config file (creating its folder) and returns its path. */
export function writeConfig(file: string, content: string | Buffer, mode = 0o600): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content, { mode });
  fs.chmodSync(file, mode);
  return file;
}

export function backupsOf(file: string): string[] {
  const dir = path.dirname(file);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(`${path.basename(file)}.bak-`))
    .map((name) => path.join(dir, name));
}

export function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>;
}

/** Sorted names in a folder: to see that no temp, lock or backup files were left behind. */
export function listDir(dir: string): string[] {
  return fs.readdirSync(dir).sort();
}

/** The launch of a copy of the app that was moved away: its files no longer exist. */
export const MOVED_LAUNCH: LaunchCommand = {
  command: '/Users/ana/Downloads/Co-Scientist.app/Contents/MacOS/Co-Scientist',
  args: ['/Users/ana/Downloads/Co-Scientist.app/Contents/Resources/app.asar.unpacked/dist/mcp/server.js'],
  env: { ELECTRON_RUN_AS_NODE: '1' },
};

/** Makes an executable file (an app binary or CLI stand-in) at `file`. */
export function writeExecutable(file: string, content = '#!/bin/sh\nexit 0\n'): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content, { mode: 0o755 });
  fs.chmodSync(file, 0o755);
  return file;
}

/**
 * `before` with exactly one stretch of text inserted (or replaced) gives `after`: returns the
 * stretch of `before` that was replaced and the text that replaced it. Pure insertion: removed === ''.
 */
export function splice(before: string, after: string): { removed: string; inserted: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { removed: before.slice(start, before.length - end), inserted: after.slice(start, after.length - end) };
}

/** The RegistrationError a refused attempt rejects with; any other error is rethrown, and success fails the test. */
export async function refusal(attempt: Promise<unknown>): Promise<RegistrationError> {
  try {
    await attempt;
  } catch (e) {
    if (e instanceof RegistrationError) return e;
    throw e;
  }
  throw new Error('expected a RegistrationError');
}

/** `refusal` for an editor call that refuses synchronously. */
export function refusalOf(work: () => unknown): RegistrationError {
  try {
    work();
  } catch (e) {
    if (e instanceof RegistrationError) return e;
    throw e;
  }
  throw new Error('expected a RegistrationError');
}
