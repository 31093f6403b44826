// The chat views (issue 34): each view's HTML size, and the time from a tool result arriving at
// the view to its first complete paint in Chromium, for a 50-row leaderboard (goal: p50 ≤ 150 ms).
// The host is the test harness (ext-apps' AppBridge around a sandboxed iframe, test/e2e/web/chatViews/),
// the result the real server's list_hypotheses over stdio. Each run loads the view afresh, and a
// floor view that does no work (chatViewFloor.ts) the same way, alternating.
//
//   node --import tsx bench/chat-views.ts [runs]                 (after npm run build)
//   node --import tsx bench/chat-views.ts --screenshots docs/chat-views   (the README's pictures)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumExecutable } from '../test/e2e/browser.js';
import { CHROMIUM_ARGS } from './leaderboard.js';
import { callOk } from '../test/support/server.js';
import { removeTempDirs } from '../test/support/tempDirs.js';
import { ChatHost } from '../test/e2e/web/chatViews/chatHost.js';
import { stageChatViews } from './chatViewsStage.js';
import { CHAT_VIEW_NAMES, chatViewFile } from '../src-shared/chatViews.js';
import { percentile } from './stats.js';
import { FLOOR_VIEW_HTML } from './chatViewFloor.js';

const ROWS = 50;

async function paintedAt(host: ChatHost, after: number): Promise<number> {
  for (;;) {
    const at = await host.viewFrame().evaluate(() => Number(document.documentElement.dataset.paintedAt ?? 0));
    if (at > after) return at;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function main(): Promise<void> {
  const screenshotsAt = process.argv.indexOf('--screenshots');
  const shotsDir = screenshotsAt === -1 ? null : process.argv[screenshotsAt + 1] ?? 'docs/chat-views';
  const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 30);
  const sizes = CHAT_VIEW_NAMES.map((name) => `| ${name} | ${fs.statSync(path.join('dist', chatViewFile(name))).size} |`);

  process.stderr.write(`  chat views: running a ${ROWS}-hypothesis project\n`);
  const stage = await stageChatViews('cosci-bench-chat-views-', ROWS);
  const { desktop, assistant, researchId, tools, board } = stage;
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const open = async (name: (typeof CHAT_VIEW_NAMES)[number], theme: 'light' | 'dark' = 'light'): Promise<{ page: Page; host: ChatHost }> => {
      const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
      const host = new ChatHost(page, assistant);
      await host.open(name, theme, tools);
      return { page, host };
    };

    if (shotsDir !== null) {
      fs.mkdirSync(shotsDir, { recursive: true });
      const shoot = async (name: (typeof CHAT_VIEW_NAMES)[number], feed: (host: ChatHost) => Promise<unknown>, theme: 'light' | 'dark' = 'light') => {
        const { page, host } = await open(name, theme);
        await feed(host);
        await host.view.locator('main').waitFor();
        await page.waitForTimeout(300);
        await host.view.locator('body').screenshot({ path: path.join(shotsDir, `${name}.png`) });
        await page.close();
      };
      await shoot('leaderboard', (host) => host.send({ ...board, structuredContent: { ...(board.structuredContent as object), hypotheses: ((board.structuredContent as { hypotheses: unknown[] }).hypotheses).slice(0, 8) } }));
      const first = ((board.structuredContent as { hypotheses: Array<{ id: string }> }).hypotheses)[0]!.id;
      await shoot('hypothesis', (host) => host.feed('show_hypothesis_card', { hypothesis_id: first }), 'dark');
      await shoot('status', (host) => host.feed('get_research_status', { research_id: researchId }));
      await callOk(desktop, 'start_research', { goal: 'Explain why some tumours resist checkpoint inhibitors', hypothesis_count: 6 });
      await shoot('checkpoint', (host) => host.feed('list_checkpoints', {}));
      process.stderr.write(`  chat views: screenshots written to ${shotsDir}/\n`);
      return;
    }

    // The view and the floor (chatViewFloor.ts) alternate, so other load on the machine falls on both.
    const samples: number[] = [];
    const floor: number[] = [];
    const paintOnce = async (into: number[], load: () => Promise<{ page: Page; host: ChatHost }>): Promise<void> => {
      const { page, host } = await load();
      const sentAt = await host.send(board);
      into.push((await paintedAt(host, sentAt)) - sentAt);
      if ((await host.view.getByTestId('leaderboard-row').count()) !== ROWS) throw new Error(`the leaderboard shows ${await host.view.getByTestId('leaderboard-row').count()} rows, not ${ROWS}`);
      await page.close();
    };
    const openFloor = async (): Promise<{ page: Page; host: ChatHost }> => {
      const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
      const host = new ChatHost(page, assistant);
      await host.openHtml(FLOOR_VIEW_HTML, 'light', tools);
      return { page, host };
    };
    for (let run = 0; run < runs; run += 1) {
      await paintOnce(samples, () => open('leaderboard'));
      await paintOnce(floor, openFloor);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const floorSorted = [...floor].sort((a, b) => a - b);
    const ms = (value: number) => value.toFixed(1);
    process.stdout.write(
      [
        '| view | HTML bytes |',
        '|---|---|',
        ...sizes,
        '',
        `Tool result → first complete paint, ${ROWS}-row leaderboard, ${runs} fresh loads: p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms, max ${ms(percentile(sorted, 100))} ms.`,
        `Floor (a view that does no work, the same host and result, alternating with the view): p50 ${ms(percentile(floorSorted, 50))} ms, p95 ${ms(percentile(floorSorted, 95))} ms, max ${ms(percentile(floorSorted, 100))} ms; the view's p50 is ${(percentile(sorted, 50) / percentile(floorSorted, 50)).toFixed(2)}× the floor's.`,
        `Load average (1/5/15 min) at the end: ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')}.`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await stage.close();
    removeTempDirs();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
