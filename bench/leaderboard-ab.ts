// Paired A/B of the 10,000-row leaderboard in the GUI: two builds side by side, loads alternating
// (A B B A …) in the same minutes, so that a change is judged against the build before it on a
// machine whose load moves by the minute. Each root holds a `dist/` (copy the old build's dist
// aside first — a real copy, not hard links — and build the new one in place):
//   node --import tsx bench/leaderboard-ab.ts .cache/ab/A . 12
// Prints each build's medians and the ratio B/A of every measure, with the load average.
import { readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { chromiumExecutable } from '../test/e2e/browser.js';
import { startWebHost, type WebHost } from '../test/e2e/web/support/webHost.js';
import { CHROMIUM_ARGS, LEADERBOARD_DEFAULTS, loadLeaderboard, loadSeeder } from './leaderboard.js';
import { tempDataDir } from './server.js';
import { percentile } from './stats.js';

type Measure = 'firstScreen' | 'firstRender' | 'fullRender' | 'allData' | 'serverCpu' | 'hostCpu' | 'pageCpu';
const MEASURES: readonly Measure[] = ['firstScreen', 'firstRender', 'fullRender', 'allData', 'serverCpu', 'hostCpu', 'pageCpu'];
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

interface Build {
  label: string;
  host: WebHost;
  page: Page;
  cdp: CDPSession;
  samples: Record<Measure, number[]>;
}

async function main(): Promise<void> {
  const [rootA, rootB, roundsText] = process.argv.slice(2);
  if (rootA === undefined || rootB === undefined) throw new Error('Usage: leaderboard-ab.ts <root of build A> <root of build B> [rounds]');
  const rounds = Number(roundsText ?? 8);
  const { hypotheses, rounds: swissRounds } = LEADERBOARD_DEFAULTS;
  const data = await tempDataDir('leaderboard-ab');
  const home = await tempDataDir('leaderboard-ab-home');
  const { seedTournament } = await loadSeeder();
  await seedTournament(path.join(data.dir, 'A'), { hypotheses, rounds: swissRounds, seed: 11 });
  // The same database for both builds, each in its own data dir (each host claims its own server).
  await cp(path.join(data.dir, 'A'), path.join(data.dir, 'B'), { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  const builds: Build[] = [];
  try {
    for (const [label, root] of [['A', rootA], ['B', rootB]] as const) {
      const host = await startWebHost({ dataDir: path.join(data.dir, label), home: home.dir, entry: path.resolve(root, 'dist', 'main', 'web.js') });
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      builds.push({ label, host, page, cdp, samples: { firstScreen: [], firstRender: [], fullRender: [], allData: [], serverCpu: [], hostCpu: [], pageCpu: [] } });
    }
    // One unrecorded load each: the first pays for JIT warm-up and the database's page cache.
    for (const build of builds) await loadLeaderboard(build.page, build.host.url, hypotheses);
    const loadBefore = os.loadavg()[0] ?? 0;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        let before = { host: 0, server: 0, page: 0 };
        const times = await loadLeaderboard(build.page, build.host.url, hypotheses, async () => {
          before = await cpuOf(build);
        });
        const after = await cpuOf(build);
        const cpu = { serverCpu: after.server - before.server, hostCpu: after.host - before.host, pageCpu: after.page - before.page };
        for (const measure of MEASURES) build.samples[measure].push({ ...times, ...cpu }[measure]);
      }
    }
    const loadAfter = os.loadavg()[0] ?? 0;
    const [a, b] = builds as [Build, Build];
    process.stdout.write(`${rounds} loads each, alternating; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} (${os.cpus().length} cores)\n`);
    process.stdout.write(`measure       A p50    B p50    B/A    A p95    B p95\n`);
    for (const measure of MEASURES) {
      const [pa, pb] = [stat(a.samples[measure], 50), stat(b.samples[measure], 50)];
      const row = [measure.padEnd(12), fmt(pa), fmt(pb), (pb / pa).toFixed(2).padStart(6), fmt(stat(a.samples[measure], 95)), fmt(stat(b.samples[measure], 95))];
      process.stdout.write(`${row.join(' ')}\n`);
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.host.stop();
    await data.dispose();
    await home.dispose();
  }
}

/**
 * CPU time so far (ms) of the build's web host, its research server and the page's main thread.
 * Under a varying load wall times wander; the CPU each process spends per board barely does. The
 * page's figure is Chromium's TaskDuration of its main thread, read after the app is ready (a
 * navigation starts it again), so each load counts from the section's opening.
 */
async function cpuOf(build: Build): Promise<{ host: number; server: number; page: number }> {
  const ticks = (pid: number): number => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  };
  const children = readFileSync(`/proc/${build.host.pid}/task/${build.host.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const { metrics } = await build.cdp.send('Performance.getMetrics');
  const task = metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  return { host: ticks(build.host.pid), server: children.reduce((sum, pid) => sum + ticks(pid), 0), page: task * 1000 };
}

function stat(samples: readonly number[], p: number): number {
  return percentile([...samples].sort((x, y) => x - y), p);
}

function fmt(ms: number): string {
  return ms.toFixed(1).padStart(8);
}

await main();
