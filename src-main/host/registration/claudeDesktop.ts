// Claude Desktop: the first client adapter. Its `claude_desktop_config.json` is strict JSON
// (the app reads it with JSON.parse) holding `{ "mcpServers": { <name>: { command, args, env } } }`.
import type { ClientAdapter, ClientContext, ConfigLocation, TargetPlatform } from './clientAdapter.js';
import { envDir, joinForTarget } from './clientAdapter.js';
import type { LaunchCommand } from './launcher.js';

export const CLAUDE_CONFIG_FILE = 'claude_desktop_config.json';
/** The Microsoft Store (MSIX) package family of Claude Desktop; its files live under a virtualised folder. */
export const CLAUDE_MSIX_PACKAGE = 'Claude_pzs8sxrjxfjjc';

function claudeConfigLocations(ctx: ClientContext): ConfigLocation[] {
  const { home, env } = ctx;
  switch (ctx.platform) {
    case 'darwin': {
      const dir = joinForTarget(home, 'Library', 'Application Support', 'Claude');
      return [{ variant: 'standard', path: joinForTarget(dir, CLAUDE_CONFIG_FILE), evidence: dir }];
    }
    case 'win32': {
      const localAppData = envDir(env, 'LOCALAPPDATA') ?? joinForTarget(home, 'AppData', 'Local');
      const appData = envDir(env, 'APPDATA') ?? joinForTarget(home, 'AppData', 'Roaming');
      const msixPackage = joinForTarget(localAppData, 'Packages', CLAUDE_MSIX_PACKAGE);
      const classicDir = joinForTarget(appData, 'Claude');
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
      const configHome = envDir(env, 'XDG_CONFIG_HOME') ?? joinForTarget(home, '.config');
      const dir = joinForTarget(configHome, 'Claude');
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
  serversKey: 'mcpServers',
  configLocations: claudeConfigLocations,
  buildEntry(launch: LaunchCommand) {
    return {
      command: launch.command,
      args: [...launch.args],
      ...(launch.env ? { env: { ...launch.env } } : {}),
    };
  },
  nextStep(platform, change) {
    const then =
      change === 'registered'
        ? 'Co-Scientist then appears in its tools (🔨) menu.'
        : 'Co-Scientist then no longer appears in its tools (🔨) menu.';
    return `${QUIT_HOW[platform]} and open it again; ${then}`;
  },
};
