// Claude Desktop: `claude_desktop_config.json`, strict JSON (the app reads it with JSON.parse),
// holding `{ "mcpServers": { <name>: { command, args, env } } }`. An empty file counts as `{}`,
// as the app itself treats it on first run.
import type { ClientAdapter, ClientContext, ConfigLocation, TargetPlatform } from '../clientAdapter.js';
import { commandEntry, joinForTarget, macApps, systemPath, userDirs } from '../clientAdapter.js';

export const CLAUDE_CONFIG_FILE = 'claude_desktop_config.json';
/** The Microsoft Store (MSIX) package family of Claude Desktop; its files live under a virtualised folder. */
export const CLAUDE_MSIX_PACKAGE = 'Claude_pzs8sxrjxfjjc';

function claudeConfigLocations(ctx: ClientContext): ConfigLocation[] {
  const dirs = userDirs(ctx);
  switch (ctx.platform) {
    case 'darwin': {
      const dir = joinForTarget(dirs.appSupport, 'Claude');
      return [{ variant: 'standard', path: joinForTarget(dir, CLAUDE_CONFIG_FILE), evidence: dir }];
    }
    case 'win32': {
      const msixPackage = joinForTarget(dirs.localAppData, 'Packages', CLAUDE_MSIX_PACKAGE);
      const classicDir = joinForTarget(dirs.appData, 'Claude');
      return [
        // A Store install reads its AppData through MSIX file-system virtualisation: writing the
        // classic path would go unnoticed by it, so the package folder's presence decides.
        {
          variant: 'msix',
          path: joinForTarget(msixPackage, 'LocalCache', 'Roaming', 'Claude', CLAUDE_CONFIG_FILE),
          evidence: msixPackage,
        },
        { variant: 'classic', path: joinForTarget(classicDir, CLAUDE_CONFIG_FILE), evidence: classicDir },
      ];
    }
    case 'linux': {
      const dir = joinForTarget(dirs.xdgConfig, 'Claude');
      return [{ variant: 'standard', path: joinForTarget(dir, CLAUDE_CONFIG_FILE), evidence: dir }];
    }
  }
}

const QUIT_HOW: Record<TargetPlatform, string> = {
  darwin: 'Quit Claude Desktop completely (Claude → Quit Claude in the menu bar, or ⌘Q; closing the window is not enough)',
  win32: 'Quit Claude Desktop completely (right-click the Claude icon in the system tray → Quit; closing the window is not enough)',
  linux: 'Quit Claude Desktop completely (from its tray icon or its File menu → Quit; closing the window is not enough)',
};

export const claudeDesktop: ClientAdapter = {
  id: 'claude-desktop',
  displayName: 'Claude Desktop',
  format: 'json',
  site: { key: 'mcpServers', shape: 'map' },
  emptyFile: 'empty-config',
  configLocations: claudeConfigLocations,
  installProbes(ctx) {
    const dirs = userDirs(ctx);
    switch (ctx.platform) {
      case 'darwin':
        return macApps(ctx, 'Claude.app');
      case 'win32':
        return [
          { kind: 'path', path: joinForTarget(dirs.localAppData, 'AnthropicClaude') },
          { kind: 'path', path: joinForTarget(dirs.localAppData, 'Packages', CLAUDE_MSIX_PACKAGE) },
        ];
      case 'linux':
        // No official Linux build; the community packages install this binary or folder.
        return [{ kind: 'binary', names: ['claude-desktop'] }, { kind: 'path', path: systemPath(ctx, 'usr', 'lib', 'claude-desktop') }];
    }
  },
  buildEntry: (launch) => commandEntry(launch),
  nextStep(platform, change) {
    const then =
      change === 'registered'
        ? 'Co-Scientist then appears in its tools (🔨) menu.'
        : 'Co-Scientist then no longer appears in its tools (🔨) menu.';
    return `${QUIT_HOW[platform]} and open it again; ${then}`;
  },
};
