// Is an assistant installed? Decided by its app or binary (or, for editor extensions, the
// extension's folder), never by a config folder alone: folders outlive uninstalls, and creating a
// config for an app that is not there helps nobody (architecture.md, *Registration*).
//
// A GUI app on macOS starts with a minimal PATH (/usr/bin:/bin:…), so binaries are also looked
// for in the places package managers put them (Homebrew, npm, ~/.local/bin, nvm).
import fs from 'node:fs';
import type { ClientContext, InstallProbe } from './clientAdapter.js';
import { joinForTarget, systemPath, userDirs } from './clientAdapter.js';
import { isExecutableFile } from '../executables.js';

export interface Detection {
  installed: boolean;
  /** What showed it (an app bundle, a binary, an extension folder); null when nothing did. */
  evidence: string | null;
}

function exists(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Folders with node version managers' global binaries (nvm keeps one per Node version). */
function nvmBinDirs(home: string): string[] {
  const root = joinForTarget(home, '.nvm', 'versions', 'node');
  try {
    return fs.readdirSync(root).map((v) => joinForTarget(root, v, 'bin'));
  } catch {
    return [];
  }
}

/** PATH plus the usual install folders, in search order, without duplicates. */
export function binarySearchDirs(ctx: ClientContext): string[] {
  const { env, home, platform } = ctx;
  const windows = platform === 'win32';
  const pathVar = env.PATH ?? env.Path ?? '';
  const fromPath = pathVar.split(windows ? ';' : ':').filter((d) => d !== '');
  const dirs = userDirs(ctx);
  const extra = windows
    ? [joinForTarget(dirs.appData, 'npm'), joinForTarget(home, '.local', 'bin'), joinForTarget(home, 'scoop', 'shims')]
    : [
        joinForTarget(home, '.local', 'bin'),
        joinForTarget(home, 'bin'),
        joinForTarget(home, '.npm-global', 'bin'),
        joinForTarget(home, '.bun', 'bin'),
        joinForTarget(home, '.volta', 'bin'),
        joinForTarget(home, '.cargo', 'bin'),
        ...nvmBinDirs(home),
        systemPath(ctx, 'opt', 'homebrew', 'bin'),
        systemPath(ctx, 'usr', 'local', 'bin'),
        systemPath(ctx, 'usr', 'bin'),
        systemPath(ctx, 'snap', 'bin'),
      ];
  return [...new Set([...fromPath, ...extra])];
}

/** Executable extensions tried on Windows, from PATHEXT (default: .EXE, .CMD, .BAT, .COM). */
function windowsExtensions(ctx: ClientContext): string[] {
  const pathExt = ctx.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD';
  return pathExt
    .split(';')
    .filter((e) => e !== '')
    .flatMap((e) => [e.toLowerCase(), e.toUpperCase()]);
}

/** The absolute path of the first executable named `names[i]` in the search folders. */
export function findBinary(ctx: ClientContext, names: readonly string[]): string | undefined {
  const windows = ctx.platform === 'win32';
  const dirs = binarySearchDirs(ctx);
  for (const name of names) {
    const candidates = windows ? [...new Set(windowsExtensions(ctx))].map((ext) => `${name}${ext}`) : [name];
    for (const dir of dirs) {
      for (const candidate of candidates) {
        const full = joinForTarget(dir, candidate);
        if (isExecutableFile(full, ctx.platform)) return full;
      }
    }
  }
  return undefined;
}

function probeHit(ctx: ClientContext, probe: InstallProbe): string | undefined {
  switch (probe.kind) {
    case 'path':
      return exists(probe.path) ? probe.path : undefined;
    case 'binary':
      return findBinary(ctx, probe.names);
    case 'extension': {
      // Editors install extensions as <dir>/<publisher.name>-<version>.
      try {
        const hit = fs.readdirSync(probe.dir).find((entry) => entry.toLowerCase().startsWith(probe.prefix.toLowerCase()));
        return hit === undefined ? undefined : joinForTarget(probe.dir, hit);
      } catch {
        return undefined;
      }
    }
  }
}

export function detect(ctx: ClientContext, probes: readonly InstallProbe[]): Detection {
  for (const probe of probes) {
    const hit = probeHit(ctx, probe);
    if (hit !== undefined) return { installed: true, evidence: hit };
  }
  return { installed: false, evidence: null };
}
