// Claude Code: user-scope servers live under `mcpServers` at the top of `~/.claude.json`
// (`$CLAUDE_CONFIG_DIR/.claude.json` when set). Claude Code rewrites that file itself all the
// time (history, tips, projects), so when its `claude` command is available we let it make the
// change (`claude mcp add-json --scope user`) rather than race it; the file editor is the fallback.
import type { ClientAdapter } from '../clientAdapter.js';
import { commandEntry, envDir, joinForTarget, launchOfEntry } from '../clientAdapter.js';
import { sameJson } from '../entryDiff.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export const claudeCode: ClientAdapter = {
  id: 'claude-code',
  displayName: 'Claude Code',
  format: 'json',
  site: { key: 'mcpServers', shape: 'map' },
  // Claude Code replaces a file it cannot parse with a fresh one; an empty file is not "no servers" to it.
  emptyFile: 'refuse',
  configLocations(ctx) {
    const dir = envDir(ctx.env, 'CLAUDE_CONFIG_DIR') ?? ctx.home;
    const file = joinForTarget(dir, '.claude.json');
    return [{ variant: 'user', path: file, evidence: file }];
  },
  installProbes: (ctx) => [
    { kind: 'binary', names: ['claude'] },
    // `claude migrate-installer` puts a private copy here.
    { kind: 'path', path: joinForTarget(ctx.home, '.claude', 'local', 'claude') },
  ],
  buildEntry: (launch) => commandEntry(launch, { type: 'stdio' }, true),
  buildHttpEntry: (url) => ({ type: 'http', url }),
  // Claude Code expands ${VAR} in a header when it connects.
  buildTokenHttpEntry: (url, envVar) => ({ type: 'http', url, headers: { Authorization: `Bearer \${${envVar}}` } }),
  // Claude Code stores what `add-json` gives it, but may fill in defaults; what matters is that it
  // is a stdio server running exactly our command, arguments and environment.
  sameEntry(found, wanted) {
    // A lab server: `claude mcp add --transport http` may add an empty `headers`.
    if (wanted.type === 'http') return isObject(found) && found.type === 'http' && found.url === wanted.url && Object.keys(found).every((k) => k === 'type' || k === 'url' || k === 'headers') && sameJson(found.headers ?? {}, wanted.headers ?? {});
    if (!isObject(found) || (found.type ?? 'stdio') !== 'stdio') return false;
    const known = new Set(['type', 'command', 'args', 'env']);
    if (Object.keys(found).some((k) => !known.has(k))) return false;
    return sameJson(launchOfEntry(found), launchOfEntry(wanted));
  },
  cli: {
    names: ['claude'],
    addArgs: (name, json) => ['mcp', 'add-json', '--scope', 'user', name, json],
    addHttpArgs: (name, url, headers) => ['mcp', 'add', '--transport', 'http', '--scope', 'user', name, url, ...Object.entries(headers).flatMap(([header, value]) => ['--header', `${header}: ${value}`])],
    removeArgs: (name) => ['mcp', 'remove', '--scope', 'user', name],
  },
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'Start a new Claude Code session (in one that is already running, type /mcp and reconnect); `claude mcp list` then shows co-scientist.'
      : 'Start a new Claude Code session; co-scientist is no longer in `claude mcp list`.';
  },
};
