// Codex (CLI and IDE extension): `$CODEX_HOME/config.toml`, default `~/.codex/config.toml`, with
// our server as a `[mcp_servers.co-scientist]` table. An empty TOML file is a valid, empty config.
import type { ClientAdapter } from '../clientAdapter.js';
import { commandEntry, envDir, joinForTarget, macApps } from '../clientAdapter.js';

export const codex: ClientAdapter = {
  id: 'codex',
  displayName: 'Codex',
  format: 'toml',
  site: { key: 'mcp_servers', shape: 'map' },
  emptyFile: 'empty-config',
  configLocations(ctx) {
    const dir = envDir(ctx.env, 'CODEX_HOME') ?? joinForTarget(ctx.home, '.codex');
    return [{ variant: envDir(ctx.env, 'CODEX_HOME') ? 'codex-home' : 'standard', path: joinForTarget(dir, 'config.toml'), evidence: dir }];
  },
  installProbes: (ctx) => [{ kind: 'binary', names: ['codex'] }, ...(ctx.platform === 'darwin' ? macApps(ctx, 'Codex.app') : [])],
  buildEntry: (launch) => commandEntry(launch),
  buildHttpEntry: (url) => ({ url }),
  buildTokenHttpEntry: (url, envVar) => ({ url, bearer_token_env_var: envVar }),
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'Start a new Codex session (Codex reads config.toml when it starts); /mcp then lists co-scientist.'
      : 'Start a new Codex session; /mcp no longer lists co-scientist.';
  },
};
