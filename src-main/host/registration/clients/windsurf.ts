// Windsurf: `~/.codeium/windsurf/mcp_config.json`, `{ "mcpServers": { … } }`, read as strict JSON.
import type { ClientAdapter } from '../clientAdapter.js';
import { commandEntry, joinForTarget, macApps, systemPath, userDirs } from '../clientAdapter.js';

export const windsurf: ClientAdapter = {
  id: 'windsurf',
  displayName: 'Windsurf',
  format: 'json',
  site: { key: 'mcpServers', shape: 'map' },
  emptyFile: 'refuse',
  configLocations(ctx) {
    const dir = joinForTarget(ctx.home, '.codeium', 'windsurf');
    return [{ variant: 'user', path: joinForTarget(dir, 'mcp_config.json'), evidence: dir }];
  },
  installProbes(ctx) {
    switch (ctx.platform) {
      case 'darwin':
        return [...macApps(ctx, 'Windsurf.app'), { kind: 'binary', names: ['windsurf'] }];
      case 'win32':
        return [{ kind: 'path', path: joinForTarget(userDirs(ctx).localAppData, 'Programs', 'Windsurf', 'Windsurf.exe') }, { kind: 'binary', names: ['windsurf'] }];
      case 'linux':
        return [{ kind: 'binary', names: ['windsurf'] }, { kind: 'path', path: systemPath(ctx, 'usr', 'share', 'windsurf') }];
    }
  },
  buildEntry: (launch) => commandEntry(launch),
  // Windsurf names a remote server's URL `serverUrl`.
  buildHttpEntry: (url) => ({ serverUrl: url }),
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'In Windsurf, open the Cascade panel → MCP servers (hammer icon) → Refresh; co-scientist then appears among its tools.'
      : 'In Windsurf, open the Cascade panel → MCP servers (hammer icon) → Refresh; co-scientist is then gone.';
  },
};
