// LM Studio: `mcp.json` in LM Studio's home folder, `{ "mcpServers": { … } }`. That home is
// `~/.lmstudio` today and `~/.cache/lm-studio` for older installs; a relocated home is named by
// the one-line file `~/.lmstudio-home-pointer`. Its `lms` CLI lives in `<home>/bin`.
import fs from 'node:fs';
import path from 'node:path';
import type { ClientAdapter, ClientContext, ConfigLocation } from '../clientAdapter.js';
import { commandEntry, joinForTarget, macApps, userDirs } from '../clientAdapter.js';

function pointedHome(ctx: ClientContext): string | undefined {
  try {
    const pointer = joinForTarget(ctx.home, '.lmstudio-home-pointer');
    // A named pipe there would block the read forever.
    if (!fs.statSync(pointer).isFile()) return undefined;
    const target = fs.readFileSync(pointer, 'utf8').trim();
    return path.isAbsolute(target) ? target : undefined;
  } catch {
    return undefined;
  }
}

function lmHomes(ctx: ClientContext): ConfigLocation[] {
  const standard = joinForTarget(ctx.home, '.lmstudio');
  const legacy = joinForTarget(ctx.home, '.cache', 'lm-studio');
  const pointed = pointedHome(ctx);
  const at = (variant: string, dir: string, isDefault = false): ConfigLocation => ({
    variant,
    path: joinForTarget(dir, 'mcp.json'),
    evidence: dir,
    ...(isDefault ? { default: true } : {}),
  });
  return [...(pointed ? [at('home-pointer', pointed)] : []), at('standard', standard, true), at('legacy', legacy)];
}

export const lmStudio: ClientAdapter = {
  id: 'lm-studio',
  displayName: 'LM Studio',
  format: 'json',
  site: { key: 'mcpServers', shape: 'map' },
  emptyFile: 'refuse',
  configLocations: lmHomes,
  installProbes(ctx) {
    const cli = lmHomes(ctx).map((l) => ({ kind: 'path' as const, path: joinForTarget(l.evidence, 'bin', ctx.platform === 'win32' ? 'lms.exe' : 'lms') }));
    switch (ctx.platform) {
      case 'darwin':
        return [...macApps(ctx, 'LM Studio.app'), ...cli];
      case 'win32':
        return [{ kind: 'path', path: joinForTarget(userDirs(ctx).localAppData, 'Programs', 'LM Studio', 'LM Studio.exe') }, ...cli];
      case 'linux':
        return [...cli, { kind: 'binary', names: ['lm-studio', 'lmstudio'] }];
    }
  },
  buildEntry: (launch) => commandEntry(launch),
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'LM Studio reloads mcp.json by itself: in a chat, open the Integrations (plug) menu and switch on mcp/co-scientist.'
      : 'LM Studio reloads mcp.json by itself; mcp/co-scientist disappears from the Integrations menu.';
  },
};
