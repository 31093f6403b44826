// What the scientist sees when the GUI's research server crashes: a clear banner, then recovery
// without touching anything, with data still current afterwards.
import { spawnSync } from 'node:child_process';
import { connectAssistant } from './support/assistant.js';
import { expect, test } from './support/fixtures.js';
import { testId } from './locators.js';

/** The research server the web host spawned: its only child process (procps `ps`). */
function researchServerPid(webHostPid: number): number {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(webHostPid)], { encoding: 'utf8' }).stdout;
  const pids = out.split('\n').map((line) => Number(line.trim())).filter((pid) => pid > 0);
  if (pids.length !== 1) throw new Error(`expected one research server under the web host, found ${pids.length}`);
  return pids[0] as number;
}

test('a crashed research server is reported, restarted, and the GUI catches up', async ({ app, webHost, workspace }) => {
  await app.open(webHost.url);
  await expect(app.serverState).toHaveAttribute('data-state', 'ready');

  process.kill(researchServerPid(webHost.pid), 'SIGKILL');

  // The banner exists only while the server is down (here ~0.5 s, the first restart delay).
  const banner = app.page.getByTestId(testId.serverBanner);
  await expect(banner).toContainText('stopped unexpectedly');
  await expect(app.serverState).toHaveAttribute('data-state', 'ready');
  await expect(banner).toBeHidden();

  // The restarted server is subscribed again: changes keep arriving live.
  const assistant = await connectAssistant(workspace.dataDir);
  const goal = 'Determine which soil microbes fix nitrogen in drought conditions';
  try {
    await assistant.startResearch({ goal });
  } finally {
    await assistant.close();
  }
  await expect(app.projectItem(goal)).toBeVisible({ timeout: 5_000 });
});
