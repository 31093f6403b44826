// The real Electron app, driven by Playwright's `_electron`: the window opens on the built
// renderer, the page sees window.cosci and nothing of Node, and a route answers through the
// preload → IPC → host → MCP server chain. Runs only where an Electron binary exists.
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppInfo, CosciApi, Result } from '../../../src-main/host/contract.js';
import { findElectronBinary, missingDisplay } from './electronBinary.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainBundle = path.join(repoRoot, 'dist', 'main', 'main.js');

const binary = findElectronBinary();
const noDisplay = missingDisplay();
const unavailable = !binary.ok
  ? `Electron binary not available: ${binary.reason}`
  : noDisplay !== null
    ? `Electron cannot open a window: ${noDisplay}`
    : null;

test.describe('Electron app', () => {
  test.skip(unavailable !== null, unavailable ?? '');

  let dataDir: string;
  test.beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cosci-electron-e2e-'));
  });
  test.afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('opens a sandboxed window whose only bridge is window.cosci', async () => {
    if (!binary.ok) return;
    expect(existsSync(mainBundle), 'dist/main/main.js is missing: run `npm run build` first').toBe(true);

    const app = await electron.launch({
      executablePath: binary.path,
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
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      expect(page.url()).toBe(pathToFileURL(path.join(repoRoot, 'dist', 'renderer', 'index.html')).href);

      const surface = await page.evaluate(() => {
        const g = globalThis as unknown as Record<string, unknown> & { cosci?: Record<string, unknown> };
        return {
          keys: g.cosci ? Object.keys(g.cosci).sort() : null,
          invoke: typeof g.cosci?.invoke,
          onEvent: typeof g.cosci?.onEvent,
          require: typeof g.require,
          process: typeof g.process,
          module: typeof g.module,
        };
      });
      expect(surface).toEqual({
        keys: ['invoke', 'onEvent', 'pathForFile'],
        invoke: 'function',
        onEvent: 'function',
        require: 'undefined',
        process: 'undefined',
        module: 'undefined',
      });

      const info = await page.evaluate(() =>
        (globalThis as unknown as { cosci: CosciApi }).cosci.invoke('app.info', {}),
      );
      expect(info).toMatchObject({ ok: true, data: { host: 'electron', data_dir: dataDir } });
      // The server answers through the same chain once it is up.
      await expect
        .poll(async () => {
          const result: Result<AppInfo> = await page.evaluate(() =>
            (globalThis as unknown as { cosci: CosciApi }).cosci.invoke('app.info', {}),
          );
          return result.ok ? result.data.server.state : result.error.code;
        })
        .toBe('ready');

      // Navigation away from the renderer is refused (http is not even handed to the browser).
      const before = page.url();
      await page.evaluate(() => {
        location.href = 'http://example.com/';
      });
      await expect.poll(() => page.url()).toBe(before);

      const prefs = await app.evaluate(({ BrowserWindow }) => {
        const [window] = BrowserWindow.getAllWindows();
        const p = window?.webContents.getLastWebPreferences();
        return { sandbox: p?.sandbox, contextIsolation: p?.contextIsolation, nodeIntegration: p?.nodeIntegration };
      });
      expect(prefs).toEqual({ sandbox: true, contextIsolation: true, nodeIntegration: false });

      await page.screenshot({ path: test.info().outputPath('electron-window.png') });
    } finally {
      await app.close();
    }
  });
});
