// Finds an Electron binary for the `_electron` suite, or says why there is none: where its binary
// could not be downloaded the suite is skipped, with the reason in the report, instead of failing
// on a machine that cannot run it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const fromEnv = env.ELECTRON_PATH;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (existsSync(fromEnv)) return { ok: true, path: fromEnv };
    return { ok: false, reason: `ELECTRON_PATH=${fromEnv} does not exist` };
  }
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, reason: `the electron package is not installed (${detail}); set ELECTRON_PATH to use another binary` };
  }
  // Since Electron 42 the package downloads its binary on first require(), not at install; a
  // require here would start a 100 MB download in every test run. After a download, path.txt names
  // the executable inside dist/.
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      ok: false,
      reason: 'the Electron binary has not been downloaded (`npx install-electron` does, with internet access); set ELECTRON_PATH to use another binary',
    };
  }
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { ok: false, reason: `the electron package points at a missing binary (${binary})` };
  return { ok: true, path: binary };
}

/** Electron on Linux needs a display server; Playwright does not provide one (use xvfb-run). */
export function missingDisplay(env: NodeJS.ProcessEnv = process.env): string | null {
  if (process.platform !== 'linux') return null;
  return env.DISPLAY || env.WAYLAND_DISPLAY ? null : 'no display server on this Linux machine (run under xvfb-run)';
}
