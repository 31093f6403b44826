// Fixture homes for registration tests: real folders under the OS temp dir, removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { LaunchCommand, RegistrationOptions, TargetPlatform } from '../../../src-main/host/registration/index.js';

const created: string[] = [];

afterEach(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder; `label` ends up in its name (use it for spaces and non-ASCII). */
export function tempDir(label = 'cosci-reg-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), label));
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
  opts(extra?: Partial<RegistrationOptions>): RegistrationOptions;
}

export function fixture(platform: TargetPlatform = 'linux', label?: string): Fixture {
  const home = tempDir(label);
  const dataDir = path.join(home, 'cosci-data');
  return {
    home,
    dataDir,
    opts: (extra = {}) => ({ home, platform, env: {}, dataDir, launch: LAUNCH, ...extra }),
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
