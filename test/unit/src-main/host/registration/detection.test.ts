// Installed means the app or its binary is there — a leftover config folder is not enough — and
// binaries are found where package managers put them even when PATH is a GUI app's minimal one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect, findBinary } from '../../../../../src-main/host/registration/detection.js';
import type { ClientAdapter, TargetPlatform } from '../../../../../src-main/host/registration/index.js';
import { CLIENTS, targetFor } from '../../../../../src-main/host/registration/index.js';
import { tempDir, writeExecutable } from './helpers.js';

const posixOnly = it.skipIf(process.platform === 'win32');
const client = (id: string): ClientAdapter => CLIENTS.find((c) => c.id === id)!;

function machine(platform: TargetPlatform, env: Record<string, string> = {}) {
  const home = tempDir('cosci detect ');
  const systemRoot = path.join(home, 'root');
  const ctx = { home, platform, env, systemRoot };
  const installed = (id: string) => targetFor(client(id), ctx).detection;
  return { home, systemRoot, ctx, installed };
}

describe('detection', () => {
  it('nothing in a fresh home is installed, even with every config folder present', () => {
    const m = machine('linux');
    for (const adapter of CLIENTS) {
      const file = targetFor(adapter, m.ctx).location.path;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '');
      expect([adapter.id, m.installed(adapter.id).installed]).toEqual([adapter.id, false]);
    }
  });

  it.each([
    ['claude-desktop', 'Applications/Claude.app'],
    ['cursor', 'Applications/Cursor.app'],
    ['vscode', 'Applications/Visual Studio Code.app'],
    ['vscode-insiders', 'Applications/Visual Studio Code - Insiders.app'],
    ['vscodium', 'Applications/VSCodium.app'],
    ['windsurf', 'Applications/Windsurf.app'],
    ['zed', 'Applications/Zed.app'],
    ['lm-studio', 'Applications/LM Studio.app'],
    ['goose', 'Applications/Goose.app'],
  ])('macOS: %s from /%s (or ~/Applications)', (id, bundle) => {
    const m = machine('darwin');
    fs.mkdirSync(path.join(m.systemRoot, bundle), { recursive: true });
    expect(m.installed(id)).toEqual({ installed: true, evidence: path.join(m.systemRoot, bundle) });
    const user = machine('darwin');
    fs.mkdirSync(path.join(user.home, bundle), { recursive: true });
    expect(user.installed(id).installed).toBe(true);
  });

  it.each([
    ['claude-desktop', ['AppData', 'Local', 'AnthropicClaude']],
    ['cursor', ['AppData', 'Local', 'Programs', 'cursor', 'Cursor.exe']],
    ['vscode', ['AppData', 'Local', 'Programs', 'Microsoft VS Code', 'Code.exe']],
    ['windsurf', ['AppData', 'Local', 'Programs', 'Windsurf', 'Windsurf.exe']],
    ['zed', ['AppData', 'Local', 'Programs', 'Zed', 'Zed.exe']],
    ['lm-studio', ['AppData', 'Local', 'Programs', 'LM Studio', 'LM Studio.exe']],
  ])('Windows: %s from %%LOCALAPPDATA%%\\…', (id, segments) => {
    const m = machine('win32');
    const file = path.join(m.home, ...segments);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    expect(m.installed(id)).toEqual({ installed: true, evidence: file });
  });

  posixOnly.each([
    ['claude-code', 'claude'],
    ['gemini-cli', 'gemini'],
    ['codex', 'codex'],
    ['goose', 'goose'],
    ['zed', 'zeditor'],
    ['vscode', 'code'],
    ['vscodium', 'codium'],
    ['continue', 'cn'],
  ])('%s from its `%s` binary on PATH', (id, binary) => {
    const bin = tempDir('cosci bin ');
    const m = machine('linux', { PATH: `/nonexistent:${bin}` });
    expect(m.installed(id).installed).toBe(false);
    const file = writeExecutable(path.join(bin, binary));
    expect(m.installed(id)).toEqual({ installed: true, evidence: file });
  });

  posixOnly('a file without the execute bit is not a binary', () => {
    const bin = tempDir();
    fs.writeFileSync(path.join(bin, 'codex'), '');
    expect(findBinary({ home: tempDir(), platform: 'linux', env: { PATH: bin }, systemRoot: tempDir() }, ['codex'])).toBeUndefined();
  });

  posixOnly('GUI apps get a minimal PATH: Homebrew, ~/.local/bin and nvm are searched too', () => {
    const m = machine('darwin', { PATH: '/usr/bin:/bin' });
    const brew = writeExecutable(path.join(m.systemRoot, 'opt', 'homebrew', 'bin', 'codex'));
    expect(m.installed('codex').evidence).toBe(brew);
    const local = writeExecutable(path.join(m.home, '.local', 'bin', 'claude'));
    expect(m.installed('claude-code').evidence).toBe(local);
    const nvm = writeExecutable(path.join(m.home, '.nvm', 'versions', 'node', 'v22.1.0', 'bin', 'gemini'));
    expect(m.installed('gemini-cli').evidence).toBe(nvm);
  });

  it('Windows binaries are found with their PATHEXT extension', () => {
    const bin = tempDir();
    const m = machine('win32', { Path: bin, PATHEXT: '.EXE;.CMD' });
    fs.writeFileSync(path.join(bin, 'codex.cmd'), '');
    expect(m.installed('codex').evidence).toBe(path.join(bin, 'codex.cmd'));
  });

  it('editor extensions count only as their own folder in the editor’s extensions directory', () => {
    const m = machine('linux');
    fs.mkdirSync(path.join(m.home, '.vscode', 'extensions', 'continue.continue-1.2.3'), { recursive: true });
    fs.mkdirSync(path.join(m.home, '.vscode', 'extensions', 'continue.continue-helper-0.1.0-not-it'), { recursive: true });
    expect(m.installed('continue')).toEqual({ installed: true, evidence: path.join(m.home, '.vscode', 'extensions', 'continue.continue-1.2.3') });
    expect(detect(m.ctx, [{ kind: 'extension', dir: path.join(m.home, '.cursor', 'extensions'), prefix: 'continue.continue-' }]).installed).toBe(false);
  });

  it('LM Studio: its `lms` CLI inside LM Studio’s home', () => {
    const m = machine('linux');
    const lms = path.join(m.home, '.lmstudio', 'bin', 'lms');
    fs.mkdirSync(path.dirname(lms), { recursive: true });
    fs.writeFileSync(lms, '');
    expect(m.installed('lm-studio')).toEqual({ installed: true, evidence: lms });
  });
});
