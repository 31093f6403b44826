// Where the leaderboard view's time goes between a tool result arriving and its first complete
// paint (bench/chat-views.ts measures that time): a Chromium trace of that window per fresh load,
// summarised for the view's renderer main thread (the view is a sandboxed frame, its own process)
// as its CPU time against the wall time, and self time per trace event. On a loaded machine a run
// whose CPU is a small share of its wall time waited for a core, which no change to the view fixes.
// A diagnosis, not a measure; after `npm run build` run
//   node --import tsx bench/chat-views-trace.ts [loads]
import { chromium } from '@playwright/test';
import { chromiumExecutable } from '../test/e2e/browser.js';
import { CHROMIUM_ARGS } from './leaderboard.js';
import type { TraceEvent } from './leaderboard-trace.js';
import { addTime, selfTimes, type Totals } from './traceSelfTime.js';
import { removeTempDirs } from '../test/support/tempDirs.js';
import { ChatHost } from '../test/e2e/web/chatViews/chatHost.js';
import { stageChatViews } from './chatViewsStage.js';

const ROWS = 50;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'toplevel'];

/** The view's main thread: the renderer main thread of the process that laid the rows out. */
function viewThread(events: readonly TraceEvent[]): TraceEvent[] {
  const pid = events.find((event) => event.name === 'LocalFrameView::performLayout' || event.name === 'Layout')?.pid;
  const main = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === pid);
  return main === undefined ? [] : events.filter((event) => event.pid === main.pid && event.tid === main.tid);
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 10);
  const stage = await stageChatViews('cosci-bench-chat-views-trace-', ROWS);
  const { assistant, tools, board } = stage;
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const totals: Totals = new Map();
    for (let load = 0; load < loads; load += 1) {
      const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
      const host = new ChatHost(page, assistant);
      await host.open('leaderboard', 'light', tools);
      await browser.startTracing(page, { categories: CATEGORIES });
      const sentAt = await host.send(board);
      let paintedAt = 0;
      while (paintedAt <= sentAt) paintedAt = await host.viewFrame().evaluate(() => Number(document.documentElement.dataset.paintedAt ?? 0));
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      const rows = await host.view.getByTestId('leaderboard-row').count();
      if (rows !== ROWS) throw new Error(`the leaderboard shows ${rows} rows, not ${ROWS}`);
      let cpu = 0;
      for (const [name, time] of selfTimes(viewThread(events))) {
        cpu += time.cpu;
        addTime(totals, name, time.cpu, time.wall);
      }
      process.stdout.write(`load ${load + 1}: result → paint ${(paintedAt - sentAt).toFixed(1)} ms wall, view main thread ${(cpu / 1000).toFixed(1)} ms CPU\n`);
      await page.close();
    }
    process.stdout.write(`view main thread per load (${loads} loads): self CPU ms / wall ms\n`);
    for (const [name, time] of [...totals].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 20)) {
      process.stdout.write(`${(time.cpu / 1000 / loads).toFixed(1).padStart(8)} ${(time.wall / 1000 / loads).toFixed(1).padStart(8)}  ${name}\n`);
    }
  } finally {
    await browser.close();
    await stage.close();
    removeTempDirs();
  }
}

await main();
