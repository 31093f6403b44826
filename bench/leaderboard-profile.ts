// Where a whole-board load's time goes in the browser, two ways, during the same load the
// benchmark drives (bench/leaderboard.ts). A diagnosis, not a measure; after `npm run build` run
//   node --import tsx bench/leaderboard-profile.ts js [loads]      (CDP CPU profile: self time per JS function)
//   node --import tsx bench/leaderboard-profile.ts trace [loads]   (Chromium trace: self time per event on the main thread, CPU and wall)
// For the web host's and the server's side, run it with NODE_OPTIONS="--cpu-prof --cpu-prof-dir=<dir>"
// (the host inherits it) and read the host's .cpuprofile in a profile viewer.
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumExecutable } from '../test/e2e/browser.js';
import { startWebHost } from '../test/e2e/web/support/webHost.js';
import { CHROMIUM_ARGS, LEADERBOARD_DEFAULTS, loadLeaderboard, loadSeeder } from './leaderboard.js';
import type { TraceEvent } from './leaderboard-trace.js';
import { addTime, selfTimes, type Totals } from './traceSelfTime.js';
import { tempDataDir } from './server.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One measured load: the JS profiler's samples, by function (a sample's time counts as both CPU and wall). */
async function profiledLoad(page: Page, url: string, totals: Totals): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await loadLeaderboard(page, url, LEADERBOARD_DEFAULTS.hypotheses, () => cdp.send('Profiler.start').then(() => undefined));
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, k) => {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    const ms = (profile.timeDeltas[k] ?? 0) / 1000;
    addTime(totals, `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber}:${frame.columnNumber}`, ms, ms);
  });
}

/** One measured load: a Chromium trace, by event on the renderer's main thread. */
async function tracedLoad(browser: Browser, page: Page, url: string, totals: Totals): Promise<void> {
  await loadLeaderboard(page, url, LEADERBOARD_DEFAULTS.hypotheses, () =>
    browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading', 'toplevel'] }),
  );
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  for (const main of events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    for (const [name, t] of selfTimes(events.filter((e) => e.pid === main.pid && e.tid === main.tid))) addTime(totals, name, t.cpu / 1000, t.wall / 1000);
  }
}

async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'js';
  if (mode !== 'js' && mode !== 'trace') throw new Error('Usage: leaderboard-profile.ts js|trace [loads]');
  const loads = Number(process.argv[3] ?? 3);
  const data = await tempDataDir('leaderboard-profile');
  const home = await tempDataDir('leaderboard-profile-home');
  const { seedTournament } = await loadSeeder();
  await seedTournament(path.join(data.dir, 'data'), { hypotheses: LEADERBOARD_DEFAULTS.hypotheses, rounds: LEADERBOARD_DEFAULTS.rounds, seed: 11 });
  const host = await startWebHost({ dataDir: path.join(data.dir, 'data'), home: home.dir });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // See bench/leaderboard.ts: tsx's keepNames helper does not exist in the page.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    // One unmeasured load: JIT warm-up and the database's page cache.
    await loadLeaderboard(page, host.url, LEADERBOARD_DEFAULTS.hypotheses);
    const totals: Totals = new Map();
    for (let i = 0; i < loads; i++) {
      if (mode === 'js') await profiledLoad(page, host.url, totals);
      else await tracedLoad(browser, page, host.url, totals);
    }
    process.stdout.write(`per load (${loads} loads): self CPU ms / wall ms\n`);
    for (const [name, t] of [...totals].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 40)) {
      process.stdout.write(`${(t.cpu / loads).toFixed(1).padStart(8)} ${(t.wall / loads).toFixed(1).padStart(8)}  ${name}\n`);
    }
  } finally {
    await browser.close();
    await host.stop();
    await data.dispose();
    await home.dispose();
  }
}

await main();
