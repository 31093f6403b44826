import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseConfigLocation } from '../../../../../src-main/host/registration/clientAdapter.js';
import { detect } from '../../../../../src-main/host/registration/detection.js';
import { claudeDesktop } from '../../../../../src-main/host/registration/index.js';
import type { Environment, TargetPlatform } from '../../../../../src-main/host/registration/index.js';
import { claudeConfigPath, tempDir, writeConfig, writeExecutable } from './helpers.js';

function configPath(home: string, platform: TargetPlatform, env: Environment = {}) {
  return chooseConfigLocation(claudeDesktop.configLocations({ home, platform, env }));
}

describe('Claude Desktop config location', () => {
  it('macOS: ~/Library/Application Support/Claude', () => {
    const home = tempDir();
    expect(configPath(home, 'darwin').path).toBe(`${home}/Library/Application Support/Claude/claude_desktop_config.json`);
  });

  it('Linux: $XDG_CONFIG_HOME/Claude, default ~/.config/Claude', () => {
    const home = tempDir();
    expect(configPath(home, 'linux').path).toBe(`${home}/.config/Claude/claude_desktop_config.json`);
    const xdg = path.join(home, 'xdg config');
    expect(configPath(home, 'linux', { XDG_CONFIG_HOME: xdg }).path).toBe(`${xdg}/Claude/claude_desktop_config.json`);
  });

  it('Linux: a relative or blank XDG_CONFIG_HOME is ignored, as the XDG spec says', () => {
    const home = tempDir();
    const fallback = `${home}/.config/Claude/claude_desktop_config.json`;
    expect(configPath(home, 'linux', { XDG_CONFIG_HOME: 'relative/dir' }).path).toBe(fallback);
    expect(configPath(home, 'linux', { XDG_CONFIG_HOME: '  ' }).path).toBe(fallback);
  });

  it('Windows classic: %APPDATA%\\Claude, APPDATA defaulting to <home>\\AppData\\Roaming (joined for this machine)', () => {
    const home = tempDir();
    const chosen = configPath(home, 'win32');
    expect(chosen.variant).toBe('classic');
    expect(chosen.path).toBe(claudeConfigPath(home, 'win32'));
    const appData = path.join(home, 'Roaming Elsewhere');
    expect(configPath(home, 'win32', { APPDATA: appData }).path).toBe(path.join(appData, 'Claude', 'claude_desktop_config.json'));
  });

  it('Windows Store (MSIX): chosen when %LOCALAPPDATA%\\Packages\\Claude_pzs8sxrjxfjjc exists', () => {
    const home = tempDir();
    fs.mkdirSync(path.join(home, 'AppData', 'Local', 'Packages', 'Claude_pzs8sxrjxfjjc'), { recursive: true });
    const chosen = configPath(home, 'win32');
    expect(chosen.variant).toBe('msix');
    expect(chosen.path).toBe(claudeConfigPath(home, 'msix'));

    const local = tempDir('cosci-local-');
    fs.mkdirSync(path.join(local, 'Packages', 'Claude_pzs8sxrjxfjjc'), { recursive: true });
    expect(configPath(home, 'win32', { LOCALAPPDATA: local }).path).toBe(
      path.join(local, 'Packages', 'Claude_pzs8sxrjxfjjc', 'LocalCache', 'Roaming', 'Claude', 'claude_desktop_config.json'),
    );
  });

  it('Windows: an MSIX package folder of another app does not count', () => {
    const home = tempDir();
    fs.mkdirSync(path.join(home, 'AppData', 'Local', 'Packages', 'SomethingElse_123'), { recursive: true });
    expect(configPath(home, 'win32').variant).toBe('classic');
  });

  it('installed only once the app is there: a config folder or file alone does not count', () => {
    const home = tempDir();
    const systemRoot = path.join(home, 'root');
    const ctx = { home, platform: 'linux' as const, env: {}, systemRoot };
    const installed = () => detect(ctx, claudeDesktop.installProbes(ctx)).installed;
    expect(installed()).toBe(false);
    writeConfig(claudeConfigPath(home, 'linux'), '{}');
    expect(installed()).toBe(false);
    writeExecutable(path.join(systemRoot, 'usr', 'bin', 'claude-desktop'));
    expect(installed()).toBe(true);
  });

  it('next step says how to quit on each OS and where Co-Scientist shows up', () => {
    const loc = { variant: 'standard', path: '/x', evidence: '/x' };
    expect(claudeDesktop.nextStep('darwin', 'registered', loc)).toMatch(/^Quit Claude Desktop completely \(Claude → Quit Claude in the menu bar/);
    expect(claudeDesktop.nextStep('win32', 'registered', loc)).toMatch(/system tray/);
    expect(claudeDesktop.nextStep('linux', 'registered', loc)).toMatch(/tray icon/);
    for (const p of ['darwin', 'win32', 'linux'] as const) {
      expect(claudeDesktop.nextStep(p, 'registered', loc)).toMatch(/open it again; Co-Scientist then appears in its tools \(🔨\) menu\.$/);
      expect(claudeDesktop.nextStep(p, 'unregistered', loc)).toMatch(/no longer appears/);
    }
  });
});
