// Where each assistant's config lives on each OS, and the variables and variants that move it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientAdapter, TargetPlatform } from '../../../../../src-main/host/registration/index.js';
import { CLIENTS, targetFor, targetsFor } from '../../../../../src-main/host/registration/index.js';
import { tempDir, writeConfig } from './helpers.js';

const client = (id: string): ClientAdapter => {
  const found = CLIENTS.find((c) => c.id === id);
  if (!found) throw new Error(id);
  return found;
};

/** The config path relative to the home, segments as the OS has them. */
function relativeConfig(id: string, platform: TargetPlatform, env: Record<string, string> = {}, home = tempDir()): string {
  return path.relative(home, targetFor(client(id), { home, platform, env, systemRoot: path.join(home, 'root') }).location.path).split(path.sep).join('/');
}

const EXPECTED: Record<string, Record<TargetPlatform, string>> = {
  'claude-desktop': {
    darwin: 'Library/Application Support/Claude/claude_desktop_config.json',
    win32: 'AppData/Roaming/Claude/claude_desktop_config.json',
    linux: '.config/Claude/claude_desktop_config.json',
  },
  'claude-code': { darwin: '.claude.json', win32: '.claude.json', linux: '.claude.json' },
  cursor: { darwin: '.cursor/mcp.json', win32: '.cursor/mcp.json', linux: '.cursor/mcp.json' },
  vscode: {
    darwin: 'Library/Application Support/Code/User/mcp.json',
    win32: 'AppData/Roaming/Code/User/mcp.json',
    linux: '.config/Code/User/mcp.json',
  },
  'vscode-insiders': {
    darwin: 'Library/Application Support/Code - Insiders/User/mcp.json',
    win32: 'AppData/Roaming/Code - Insiders/User/mcp.json',
    linux: '.config/Code - Insiders/User/mcp.json',
  },
  vscodium: {
    darwin: 'Library/Application Support/VSCodium/User/mcp.json',
    win32: 'AppData/Roaming/VSCodium/User/mcp.json',
    linux: '.config/VSCodium/User/mcp.json',
  },
  windsurf: {
    darwin: '.codeium/windsurf/mcp_config.json',
    win32: '.codeium/windsurf/mcp_config.json',
    linux: '.codeium/windsurf/mcp_config.json',
  },
  zed: { darwin: '.config/zed/settings.json', win32: 'AppData/Roaming/Zed/settings.json', linux: '.config/zed/settings.json' },
  'gemini-cli': { darwin: '.gemini/settings.json', win32: '.gemini/settings.json', linux: '.gemini/settings.json' },
  codex: { darwin: '.codex/config.toml', win32: '.codex/config.toml', linux: '.codex/config.toml' },
  'lm-studio': { darwin: '.lmstudio/mcp.json', win32: '.lmstudio/mcp.json', linux: '.lmstudio/mcp.json' },
  cline: {
    darwin: 'Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    win32: 'AppData/Roaming/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    linux: '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
  },
  continue: { darwin: '.continue/config.yaml', win32: '.continue/config.yaml', linux: '.continue/config.yaml' },
  goose: {
    darwin: '.config/goose/config.yaml',
    win32: 'AppData/Roaming/Block/goose/config/config.yaml',
    linux: '.config/goose/config.yaml',
  },
};

describe('config locations per OS (fixture home, nothing installed)', () => {
  it('covers every known client', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(CLIENTS.map((c) => c.id).sort());
  });

  it.each(Object.entries(EXPECTED).flatMap(([id, byOs]) => Object.entries(byOs).map(([os, rel]) => [id, os, rel] as const)))(
    '%s on %s: ~/%s',
    (id, platform, rel) => {
      expect(relativeConfig(id, platform as TargetPlatform)).toBe(rel);
    },
  );
});

describe('variables and variants that move a config', () => {
  it('Codex honours CODEX_HOME; Claude Code CLAUDE_CONFIG_DIR; Continue CONTINUE_GLOBAL_DIR', () => {
    const home = tempDir();
    expect(relativeConfig('codex', 'linux', { CODEX_HOME: path.join(home, 'codex home') }, home)).toBe('codex home/config.toml');
    expect(relativeConfig('claude-code', 'darwin', { CLAUDE_CONFIG_DIR: path.join(home, 'cc') }, home)).toBe('cc/.claude.json');
    expect(relativeConfig('continue', 'win32', { CONTINUE_GLOBAL_DIR: path.join(home, 'cont') }, home)).toBe('cont/config.yaml');
    // Relative values would depend on the current directory: ignored.
    expect(relativeConfig('codex', 'linux', { CODEX_HOME: 'relative/codex' }, home)).toBe('.codex/config.toml');
  });

  it('XDG_CONFIG_HOME moves Linux configs (Zed, Goose, VS Code) but not Zed on macOS', () => {
    const home = tempDir();
    const xdg = { XDG_CONFIG_HOME: path.join(home, 'xdg') };
    expect(relativeConfig('zed', 'linux', xdg, home)).toBe('xdg/zed/settings.json');
    expect(relativeConfig('goose', 'linux', xdg, home)).toBe('xdg/goose/config.yaml');
    expect(relativeConfig('vscode', 'linux', xdg, home)).toBe('xdg/Code/User/mcp.json');
    expect(relativeConfig('zed', 'darwin', xdg, home)).toBe('.config/zed/settings.json');
  });

  it('APPDATA moves Windows configs', () => {
    const home = tempDir();
    const env = { APPDATA: path.join(home, 'Roaming Elsewhere') };
    expect(relativeConfig('vscode', 'win32', env, home)).toBe('Roaming Elsewhere/Code/User/mcp.json');
    expect(relativeConfig('goose', 'win32', env, home)).toBe('Roaming Elsewhere/Block/goose/config/config.yaml');
  });

  it('LM Studio: ~/.lmstudio, else the legacy ~/.cache/lm-studio when only that exists, else the home pointer’s target', () => {
    const home = tempDir();
    expect(relativeConfig('lm-studio', 'linux', {}, home)).toBe('.lmstudio/mcp.json');
    fs.mkdirSync(path.join(home, '.cache', 'lm-studio'), { recursive: true });
    expect(relativeConfig('lm-studio', 'linux', {}, home)).toBe('.cache/lm-studio/mcp.json');
    fs.mkdirSync(path.join(home, '.lmstudio'));
    expect(relativeConfig('lm-studio', 'linux', {}, home)).toBe('.lmstudio/mcp.json');
    const moved = path.join(home, 'Big Disk', 'lmstudio');
    fs.mkdirSync(moved, { recursive: true });
    fs.writeFileSync(path.join(home, '.lmstudio-home-pointer'), `${moved}\n`);
    expect(relativeConfig('lm-studio', 'darwin', {}, home)).toBe('Big Disk/lmstudio/mcp.json');
  });

  it('VS Code from Flatpak keeps its settings in its sandbox folder', () => {
    const home = tempDir();
    fs.mkdirSync(path.join(home, '.var', 'app', 'com.visualstudio.code', 'config', 'Code', 'User'), { recursive: true });
    expect(relativeConfig('vscode', 'linux', {}, home)).toBe('.var/app/com.visualstudio.code/config/Code/User/mcp.json');
  });

  it('Cline: one target per editor that has the extension (or already a settings file)', () => {
    const home = tempDir();
    const opts = { home, platform: 'linux' as const, env: {}, systemRoot: path.join(home, 'root') };
    fs.mkdirSync(path.join(home, '.cursor', 'extensions', 'saoudrizwan.claude-dev-3.1.0'), { recursive: true });
    fs.mkdirSync(path.join(home, '.windsurf', 'extensions', 'saoudrizwan.claude-dev-3.2.0'), { recursive: true });
    writeConfig(path.join(home, '.config', 'VSCodium', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), '{}');
    const targets = targetsFor(client('cline'), opts);
    expect(targets.map((t) => [t.location.variant, t.detection.installed])).toEqual([
      ['vscodium', false],
      ['cursor', true],
      ['windsurf', true],
    ]);
    expect(path.relative(home, targets[1]!.location.path)).toBe(
      path.join('.config', 'Cursor', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
    );
    expect(targetFor(client('cline'), { ...opts, variant: 'windsurf' }).location.label).toBe('Windsurf');
  });
});
