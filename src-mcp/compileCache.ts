// V8's on-disk code cache for the server's own bundles. Every assistant starts its own server
// process, often several times a day, and compiling the bundle is a large part of each start.
// Node 22.1+ (and so the Electron runtime that the packaged app registers with assistants)
// offers `module.enableCompileCache`; Node 20 does not, so there this does nothing.
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

type EnableCompileCache = (directory?: string) => unknown;

/**
 * Turns the cache on for every module loaded AFTER this call, which is why the entry points
 * load the rest of the server with a dynamic import. Never throws and never writes to stdout:
 * a cache that cannot be used only makes the start slower. NODE_DISABLE_COMPILE_CACHE=1
 * (honoured by Node itself) turns it off.
 */
export function enableCompileCache(): void {
  const enable = (module as unknown as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (typeof enable !== 'function') return;
  try {
    enable(compileCacheDir());
  } catch {
    // An unwritable cache folder: start without the cache.
  }
}

/**
 * A per-user cache folder (not the shared system temp dir, where another account could plant
 * cache files), kept apart from the data dir, which holds only the scientist's data.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = os.homedir()): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  switch (platform) {
    case 'darwin':
      return p.join(home, 'Library', 'Caches', 'Co-Scientist', 'compile-cache');
    case 'win32':
      return p.join(env.LOCALAPPDATA ?? p.join(home, 'AppData', 'Local'), 'Co-Scientist', 'Cache', 'compile-cache');
    default: {
      const xdg = env.XDG_CACHE_HOME;
      // As for XDG_DATA_HOME: a relative value is invalid and ignored.
      const base = xdg !== undefined && p.isAbsolute(xdg) ? xdg : p.join(home, '.cache');
      return p.join(base, 'co-scientist', 'compile-cache');
    }
  }
}
