// The real Electron app, driven by Playwright's `_electron`: the window opens on the built
// renderer, the page sees window.cosci and nothing of Node, and a route answers through the
// preload → IPC → host → MCP server chain; checkpoints an assistant's own server creates badge the
// dock and raise OS notifications, and deciding them in the window clears the badge. Runs only
// where an Electron binary exists.
import { expect, test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppInfo, CosciApi, Result } from '../../../src-shared/routes/index.js';
import { connectResearchAssistant } from '../web/support/researchAssistant.js';
import { binary, electronUnavailable, launchApp, repoRoot } from './launchApp.js';

/** What the app's checkpoint alerts did with Electron's badge and notifications (main.ts → checkpointAlerts.ts). */
interface Alerts {
  badges: number[];
  shown: Array<{ title: string; body: string }>;
}

test.describe('Electron app', () => {
  test.skip(electronUnavailable !== null, electronUnavailable ?? '');

  let dataDir: string;
  test.beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cosci-electron-e2e-'));
  });
  test.afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('opens a sandboxed window whose only bridge is window.cosci', async () => {
    if (!binary.ok) return;
    const app = await launchApp(binary.path, dataDir);
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
        // Undocumented (electron/electron#30160), so absent from electron.d.ts, but the only way to
        // read back the preferences a window really runs with.
        const contents = window?.webContents as { getLastWebPreferences(): Electron.WebPreferences | null } | undefined;
        const p = contents?.getLastWebPreferences();
        return { sandbox: p?.sandbox, contextIsolation: p?.contextIsolation, nodeIntegration: p?.nodeIntegration };
      });
      expect(prefs).toEqual({ sandbox: true, contextIsolation: true, nodeIntegration: false });

      await page.screenshot({ path: test.info().outputPath('electron-window.png') });
    } finally {
      await app.close();
    }
  });

  test('checkpoints an assistant creates badge the dock and notify; deciding them in the window clears the badge', async () => {
    if (!binary.ok) return;
    test.setTimeout(90_000);
    const goals = ['Find novel therapeutic targets for liver fibrosis', 'Explain why perovskite solar cells degrade under humidity'] as const;
    const app = await launchApp(binary.path, dataDir);
    try {
      const page = await app.firstWindow();
      await expect(page.locator('[data-app-state="ready"]')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('server-state')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });

      // Electron's own app.setBadgeCount and Notification#show, watched in the main process: every
      // call is recorded and still goes through to the OS.
      const notificationsSupported = await app.evaluate(({ app: electronApp, Notification }) => {
        type Shown = { title: string; body: string; show(): void };
        const alerts = { badges: [] as number[], shown: [] as Array<{ title: string; body: string }> };
        (globalThis as Record<string, unknown>).__cosciAlerts = alerts;
        const setBadgeCount = electronApp.setBadgeCount.bind(electronApp) as (count?: number) => boolean;
        electronApp.setBadgeCount = (count?: number): boolean => {
          alerts.badges.push(count ?? 0);
          return setBadgeCount(count);
        };
        const prototype = Notification.prototype as unknown as Shown;
        const show = prototype.show;
        prototype.show = function (this: Shown): void {
          alerts.shown.push({ title: this.title, body: this.body });
          show.call(this);
        };
        return Notification.isSupported() as boolean;
      });
      const alerts = (): Promise<Alerts> => app.evaluate(() => (globalThis as unknown as { __cosciAlerts: Alerts }).__cosciAlerts);
      const lastBadge = async (): Promise<number | undefined> => (await alerts()).badges.at(-1);

      // The assistant's own research server (another process on the same database) starts two
      // projects; each plan waits for the scientist. The host counts from its first look at the
      // database, so only the second is sure to arrive after it: that one must be notified.
      const assistant = await connectResearchAssistant(dataDir);
      try {
        await assistant.startResearch(goals[0], 3);
        await expect.poll(lastBadge).toBe(1);
        await assistant.startResearch(goals[1], 3);
        await expect.poll(lastBadge).toBe(2);
      } finally {
        await assistant.close();
      }
      await expect(page.getByTestId('inbox-count')).toHaveText('2');
      if (notificationsSupported) {
        await expect.poll(async () => (await alerts()).shown).toContainEqual({ title: 'Research plan waits for your decision', body: goals[1] });
      } else {
        // No notification server here (e.g. xvfb without D-Bus): the app must not pretend it notified.
        test.info().annotations.push({ type: 'notifications', description: 'Notification.isSupported() is false here; checked that none was shown' });
        expect((await alerts()).shown).toEqual([]);
      }

      // Approving each in the window (its keyboard shortcut) counts the badge down to nothing.
      await page.getByTestId('nav-inbox').click();
      for (const [index, goal] of goals.entries()) {
        const item = page.getByTestId('inbox-item').and(page.locator('[data-kind="research_plan"]')).filter({ hasText: goal });
        await item.click();
        await expect(item).toHaveAttribute('aria-current', 'true');
        await page.keyboard.press('a');
        await expect(item).toHaveCount(0);
        await expect.poll(lastBadge).toBe(goals.length - index - 1);
      }
      await expect(page.getByTestId('inbox-empty')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('electron-checkpoints-decided.png') });
    } finally {
      await app.close();
    }
  });
});
