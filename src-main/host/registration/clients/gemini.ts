// Gemini CLI: user settings in `~/.gemini/settings.json`, `{ "mcpServers": { … } }`. Gemini reads
// it with strip-json-comments and JSON.parse: comments are fine, trailing commas and an empty file are not.
import type { ClientAdapter } from '../clientAdapter.js';
import { commandEntry, joinForTarget } from '../clientAdapter.js';

export const geminiCli: ClientAdapter = {
  id: 'gemini-cli',
  displayName: 'Gemini CLI',
  format: 'json-comments',
  site: { key: 'mcpServers', shape: 'map' },
  emptyFile: 'refuse',
  configLocations(ctx) {
    const dir = joinForTarget(ctx.home, '.gemini');
    return [{ variant: 'user', path: joinForTarget(dir, 'settings.json'), evidence: dir }];
  },
  installProbes: () => [{ kind: 'binary', names: ['gemini'] }],
  buildEntry: (launch) => commandEntry(launch),
  // Gemini CLI: `httpUrl` is Streamable HTTP (`url` would be the old SSE transport).
  buildHttpEntry: (url) => ({ httpUrl: url }),
  // Gemini CLI expands $VAR in its settings' strings when it reads them.
  buildTokenHttpEntry: (url, envVar) => ({ httpUrl: url, headers: { Authorization: `Bearer $${envVar}` } }),
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'Start a new Gemini CLI session (leave a running one with /quit first); /mcp then lists co-scientist and its tools.'
      : 'Start a new Gemini CLI session; /mcp no longer lists co-scientist.';
  },
};
