// Cursor: `~/.cursor/mcp.json` on every OS, `{ "mcpServers": { … } }`. Treated as strict JSON:
// refusing a comment costs the scientist a minute, writing a file Cursor cannot read costs all servers.
import type { ClientAdapter } from '../clientAdapter.js';
import { commandEntry, joinForTarget, macApps, systemPath, userDirs } from '../clientAdapter.js';

export const cursor: ClientAdapter = {
  id: 'cursor',
  displayName: 'Cursor',
  format: 'json',
  site: { key: 'mcpServers', shape: 'map' },
  emptyFile: 'refuse',
  configLocations(ctx) {
    const dir = joinForTarget(ctx.home, '.cursor');
    return [{ variant: 'user', path: joinForTarget(dir, 'mcp.json'), evidence: dir }];
  },
  installProbes(ctx) {
    switch (ctx.platform) {
      case 'darwin':
        return [...macApps(ctx, 'Cursor.app'), { kind: 'binary', names: ['cursor'] }];
      case 'win32':
        return [{ kind: 'path', path: joinForTarget(userDirs(ctx).localAppData, 'Programs', 'cursor', 'Cursor.exe') }, { kind: 'binary', names: ['cursor'] }];
      case 'linux':
        return [{ kind: 'binary', names: ['cursor'] }, { kind: 'path', path: systemPath(ctx, 'opt', 'Cursor') }, { kind: 'path', path: systemPath(ctx, 'usr', 'share', 'cursor') }];
    }
  },
  buildEntry: (launch) => commandEntry(launch),
  buildHttpEntry: (url) => ({ url }),
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'Open Cursor Settings → MCP (Tools & Integrations). Cursor adds new servers switched off: turn on "co-scientist"; its tools are then available in Agent chat.'
      : 'Cursor drops co-scientist from Cursor Settings → MCP; reopen that page if it is still listed.';
  },
};
