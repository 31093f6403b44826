// What every `_electron` spec needs: whether Electron can run here (and why not), and the built
// app started the way `npm start` starts it, on its own data dir.
import { _electron as electron, expect, type ElectronApplication } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary, missingDisplay } from './electronBinary.js';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainBundle = path.join(repoRoot, 'dist', 'main', 'main.js');

export const binary = findElectronBinary();
const noDisplay = missingDisplay();
/** Why the suite cannot run here, for `test.skip`; null where it can. */
export const electronUnavailable = !binary.ok
  ? `Electron binary not available: ${binary.reason}`
  : noDisplay !== null
    ? `Electron cannot open a window: ${noDisplay}`
    : null;

/** Starts the built app on its own data dir, the way `npm start` does. */
export function launchApp(executablePath: string, dataDir: string): Promise<ElectronApplication> {
  expect(existsSync(mainBundle), 'dist/main/main.js is missing: run `npm run build` first').toBe(true);
  return electron.launch({
    executablePath,
    // Chromium refuses to run as root with its sandbox on (CI containers); elsewhere it stays on.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), mainBundle],
    cwd: repoRoot,
    env: {
      ...(process.env as Record<string, string>),
      COSCI_DATA_DIR: dataDir,
      // The development server runs on this Node: better-sqlite3 is built for its ABI.
      COSCI_NODE_PATH: process.execPath,
    },
  });
}
