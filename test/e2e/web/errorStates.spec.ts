// Each failure says what happened and what to do (issue 18, item 9), provoked for real against
// the web host: a refused access token, a host that went away (and came back with a new token),
// and a research server that crashed and cannot start again.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { expect, test } from './support/fixtures.js';
import { startWebHost, type WebHost } from './support/webHost.js';
import { appState, testId } from './locators.js';

/** The research server the web host spawned: its only child process (procps `ps`). */
function researchServerPid(webHostPid: number): number {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(webHostPid)], { encoding: 'utf8' }).stdout;
  const pids = out.split('\n').map((line) => Number(line.trim())).filter((pid) => pid > 0);
  if (pids.length !== 1) throw new Error(`expected one research server under the web host, found ${pids.length}`);
  return pids[0] as number;
}

test('a refused access token says the page is not authorised and how to get a valid address', async ({ page, webHost }) => {
  await page.goto(`${webHost.origin}/?token=not-the-token`);
  const banner = page.getByTestId(testId.connectionBanner);
  await expect(banner).toHaveAttribute('data-state', 'unauthorised');
  await expect(banner).toContainText('This page is not authorised');
  await expect(banner).toContainText('Open the address printed by `npm run web` again');
  // No countdown and no retry button: only a new address can fix it.
  await expect(page.getByTestId(testId.connectionRetry)).toHaveCount(0);
  const indicator = page.getByTestId(testId.serverState);
  await expect(indicator).toHaveAttribute('data-state', 'down');
  await expect(indicator).toContainText('Not authorised');
  await expect(page.locator('body')).not.toContainText('did not answer');
  await expect(page.locator(appState('error'))).toBeVisible();
});

test('a host that went away is named, retried with growing delays and on request, and a restarted host asks for its new address', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(60_000);
  await app.open(webHost.url);
  await expect(app.serverState).toHaveAttribute('data-state', 'ready');
  const port = Number(new URL(webHost.origin).port);

  await webHost.stop();
  const banner = page.getByTestId(testId.connectionBanner);
  await expect(banner).toHaveAttribute('data-state', 'reconnecting');
  await expect(banner).toContainText('Cannot reach the Co-Scientist web host: it may have stopped');
  await expect(app.serverState).toContainText('Reconnecting…');
  const next = page.getByTestId(testId.connectionBannerNext);
  const attempts = async (): Promise<number> => Number(/attempt (\d+)/.exec((await next.textContent()) ?? '')?.[1] ?? 0);
  await expect(next).toContainText(/Trying again in \d+ s \(attempt \d+\)/);
  // The automatic attempts go on (not forever-silent), each after a longer wait, up to 10 s.
  const first = await attempts();
  await expect.poll(attempts, { timeout: 15_000 }).toBeGreaterThan(first);
  await expect(next).toContainText(/Trying again in ([4-9]|10) s/, { timeout: 20_000 });
  // Retry now makes an attempt at once instead of waiting for the countdown.
  const before = await attempts();
  await page.getByTestId(testId.connectionRetry).click();
  await expect.poll(attempts, { timeout: 2_500 }).toBeGreaterThan(before);

  // The host comes back on the same port with a new token: this page's token is refused, and it says so.
  let restarted: WebHost | undefined;
  try {
    restarted = await startWebHost({ ...workspace, port });
    await page.getByTestId(testId.connectionRetry).click();
    await expect(banner).toHaveAttribute('data-state', 'unauthorised');
    await expect(banner).toContainText('it changes each time the web host starts');
    // The new address works in the same tab.
    await app.open(restarted.url);
    await expect(app.serverState).toHaveAttribute('data-state', 'ready');
    await expect(banner).toHaveCount(0);
  } finally {
    await restarted?.stop();
  }
});

test('a research server that crashed and cannot start again is reported with its own error, not a log line', async ({ app, page, webHost, workspace }) => {
  await app.open(webHost.url);
  await expect(app.serverState).toHaveAttribute('data-state', 'ready');

  // The database is destroyed under the running server, which is then killed: the restart fails.
  const database = path.join(workspace.dataDir, 'co-scientist.db');
  process.kill(researchServerPid(webHost.pid), 'SIGKILL');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  fs.writeFileSync(database, 'this is not a SQLite database, it is a test breaking one on purpose\n'.repeat(200));

  const banner = page.getByTestId(testId.serverBanner);
  await expect(banner).toContainText('The research server did not start');
  await expect(banner).toContainText('file is not a database');
  await expect(banner).toContainText(/Restarting in \d/);
  // Not the ordinary line the server prints when it starts (where its data lives).
  await expect(banner).not.toContainText('data in');
});
