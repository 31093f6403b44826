// Finds an Electron binary for the `_electron` suite, or says why there is none. Electron is an
// optionalDependency: where its binary could not be downloaded the suite is skipped, with the
// reason in the report, instead of failing on a machine that cannot run it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const fromEnv = env.ELECTRON_PATH;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (existsSync(fromEnv)) return { ok: true, path: fromEnv };
    return { ok: false, reason: `ELECTRON_PATH=${fromEnv} does not exist` };
  }
  let resolved: unknown;
  try {
    // The electron package's main export is the path of its downloaded binary; it throws when the
    // download did not happen (postinstall failed or was skipped).
    resolved = createRequire(import.meta.url)('electron');
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      ok: false,
      reason: `the electron package is not installed (${detail}); set ELECTRON_PATH to use another binary`,
    };
  }
  if (typeof resolved !== 'string' || !existsSync(resolved)) {
    return { ok: false, reason: `the electron package points at a missing binary (${String(resolved)})` };
  }
  return { ok: true, path: resolved };
}

/** Electron on Linux needs a display server; Playwright does not provide one (use xvfb-run). */
export function missingDisplay(env: NodeJS.ProcessEnv = process.env): string | null {
  if (process.platform !== 'linux') return null;
  return env.DISPLAY || env.WAYLAND_DISPLAY ? null : 'no display server on this Linux machine (run under xvfb-run)';
}
