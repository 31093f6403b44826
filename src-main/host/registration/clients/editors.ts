// VS Code and the editors built on it keep user settings in `<config>/<Name>/User` and extensions
// in `~/.<dir>/extensions`. Shared by the VS Code adapters and by Cline, which lives inside them.
import type { ClientContext, InstallProbe, TargetPlatform } from '../clientAdapter.js';
import { joinForTarget, macApps, systemPath, userDirs } from '../clientAdapter.js';

export interface Editor {
  /** Variant name used for Cline's per-editor registrations. */
  key: string;
  label: string;
  /** Folder name under the OS config folder (`Code`, `Code - Insiders`, `VSCodium`, …). */
  configName: string;
  /** `~/<extensionsHome>/extensions` holds installed extensions. */
  extensionsHome: string;
  macApp: string;
  /** `%LOCALAPPDATA%\Programs\<dir>\<exe>` (user installer) and `%ProgramFiles%\<dir>\<exe>` (system installer). */
  windows: { dir: string; exe: string };
  binaries: string[];
  /** Linux install folders under /usr/share or /opt. */
  linuxDirs: string[];
  flatpakId?: string;
}

export const EDITORS: readonly Editor[] = [
  {
    key: 'vscode', label: 'VS Code', configName: 'Code', extensionsHome: '.vscode', macApp: 'Visual Studio Code.app',
    windows: { dir: 'Microsoft VS Code', exe: 'Code.exe' }, binaries: ['code'], linuxDirs: ['usr/share/code', 'snap/code'],
    flatpakId: 'com.visualstudio.code',
  },
  {
    key: 'vscode-insiders', label: 'VS Code Insiders', configName: 'Code - Insiders', extensionsHome: '.vscode-insiders',
    macApp: 'Visual Studio Code - Insiders.app', windows: { dir: 'Microsoft VS Code Insiders', exe: 'Code - Insiders.exe' },
    binaries: ['code-insiders'], linuxDirs: ['usr/share/code-insiders', 'snap/code-insiders'],
  },
  {
    key: 'vscodium', label: 'VSCodium', configName: 'VSCodium', extensionsHome: '.vscode-oss', macApp: 'VSCodium.app',
    windows: { dir: 'VSCodium', exe: 'VSCodium.exe' }, binaries: ['codium'], linuxDirs: ['usr/share/codium', 'snap/codium'],
    flatpakId: 'com.vscodium.codium',
  },
  {
    key: 'cursor', label: 'Cursor', configName: 'Cursor', extensionsHome: '.cursor', macApp: 'Cursor.app',
    windows: { dir: 'cursor', exe: 'Cursor.exe' }, binaries: ['cursor'], linuxDirs: ['opt/Cursor', 'usr/share/cursor'],
  },
  {
    key: 'windsurf', label: 'Windsurf', configName: 'Windsurf', extensionsHome: '.windsurf', macApp: 'Windsurf.app',
    windows: { dir: 'Windsurf', exe: 'Windsurf.exe' }, binaries: ['windsurf'], linuxDirs: ['usr/share/windsurf'],
  },
];

export function editorNamed(key: string): Editor {
  const editor = EDITORS.find((e) => e.key === key);
  if (!editor) throw new Error(`unknown editor ${key}`);
  return editor;
}

/** The editor's `User` folder (settings, mcp.json, globalStorage). */
export function editorUserDir(ctx: ClientContext, editor: Editor, flatpak = false): string {
  const dirs = userDirs(ctx);
  const base: Record<TargetPlatform, string> = { darwin: dirs.appSupport, win32: dirs.appData, linux: dirs.xdgConfig };
  if (flatpak && editor.flatpakId) return joinForTarget(ctx.home, '.var', 'app', editor.flatpakId, 'config', editor.configName, 'User');
  return joinForTarget(base[ctx.platform], editor.configName, 'User');
}

/** A Flatpak install's sandboxed config folder (Linux), present only when that install has run. */
export function flatpakConfigRoot(ctx: ClientContext, editor: Editor): string | undefined {
  return editor.flatpakId ? joinForTarget(ctx.home, '.var', 'app', editor.flatpakId) : undefined;
}

/** Where the editor application itself would be. */
export function editorInstallProbes(ctx: ClientContext, editor: Editor): InstallProbe[] {
  const binary: InstallProbe = { kind: 'binary', names: editor.binaries };
  switch (ctx.platform) {
    case 'darwin':
      return [...macApps(ctx, editor.macApp), binary];
    case 'win32': {
      const { localAppData, programFiles } = userDirs(ctx);
      return [
        { kind: 'path', path: joinForTarget(localAppData, 'Programs', editor.windows.dir, editor.windows.exe) },
        { kind: 'path', path: joinForTarget(programFiles, editor.windows.dir, editor.windows.exe) },
        binary,
      ];
    }
    case 'linux': {
      const flatpaks: InstallProbe[] = editor.flatpakId
        ? [
            { kind: 'path', path: joinForTarget(ctx.home, '.local', 'share', 'flatpak', 'app', editor.flatpakId) },
            { kind: 'path', path: systemPath(ctx, 'var', 'lib', 'flatpak', 'app', editor.flatpakId) },
          ]
        : [];
      return [binary, ...editor.linuxDirs.map((d) => ({ kind: 'path' as const, path: systemPath(ctx, ...d.split('/')) })), ...flatpaks];
    }
  }
}

/** An extension (`publisher.name`) installed in this editor. */
export function extensionProbe(ctx: ClientContext, editor: Editor, extensionId: string): InstallProbe {
  return { kind: 'extension', dir: joinForTarget(ctx.home, editor.extensionsHome, 'extensions'), prefix: `${extensionId}-` };
}

export const COMMAND_PALETTE: Record<TargetPlatform, string> = {
  darwin: 'Command Palette (⇧⌘P)',
  win32: 'Command Palette (Ctrl+Shift+P)',
  linux: 'Command Palette (Ctrl+Shift+P)',
};
