// Zed: `context_servers` in its settings.json, which Zed reads as JSONC (comments, trailing
// commas) and treats as empty when the file is. A custom stdio server is
// `{ "source": "custom", "command", "args", "env" }`.
import type { ClientAdapter } from '../clientAdapter.js';
import { commandEntry, joinForTarget, macApps, userDirs } from '../clientAdapter.js';

export const zed: ClientAdapter = {
  id: 'zed',
  displayName: 'Zed',
  format: 'jsonc',
  site: { key: 'context_servers', shape: 'map' },
  emptyFile: 'empty-config',
  configLocations(ctx) {
    const dirs = userDirs(ctx);
    // Zed uses ~/.config/zed on macOS too (not ~/Library); XDG_CONFIG_HOME only matters on Linux.
    const dir =
      ctx.platform === 'win32'
        ? joinForTarget(dirs.appData, 'Zed')
        : joinForTarget(ctx.platform === 'linux' ? dirs.xdgConfig : joinForTarget(ctx.home, '.config'), 'zed');
    return [{ variant: 'standard', path: joinForTarget(dir, 'settings.json'), evidence: dir }];
  },
  installProbes(ctx) {
    switch (ctx.platform) {
      case 'darwin':
        return [...macApps(ctx, 'Zed.app', 'Zed Preview.app'), { kind: 'binary', names: ['zed'] }];
      case 'win32':
        return [{ kind: 'path', path: joinForTarget(userDirs(ctx).localAppData, 'Programs', 'Zed', 'Zed.exe') }, { kind: 'binary', names: ['zed'] }];
      case 'linux':
        // The official installer unpacks to ~/.local/zed.app; distributions ship `zeditor`.
        return [{ kind: 'path', path: joinForTarget(ctx.home, '.local', 'zed.app') }, { kind: 'binary', names: ['zed', 'zeditor'] }];
    }
  },
  buildEntry: (launch) => commandEntry(launch, { source: 'custom' }),
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'Zed reloads its settings by itself: open the Agent panel → Settings (agent: open settings) and check that co-scientist has a green dot; switch it on if it is off.'
      : 'Zed reloads its settings by itself; co-scientist disappears from the Agent panel settings.';
  },
};
