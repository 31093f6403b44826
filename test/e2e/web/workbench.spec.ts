// The workbench as a scientist moves through it, on a project an assistant ran to completion:
// every leaderboard row opens its hypothesis in full in a side panel (text, reviews, matches with
// rationales, lineage); every place has an address (deep links, Back and Forward); sections keep
// their selection; and the main views fit 1440 and 800 px wide with no sideways scroll.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { openSession, runResearchToCompletion, type Structured } from './support/researchRun.js';
import { LeaderboardPage } from './support/tournamentPages.js';
import { testId, testIdOf, testIdWith } from './locators.js';

test.setTimeout(240_000);

const GOAL = 'Find novel therapeutic targets for liver fibrosis';
const shot = (name: string): string => path.join(REPO_ROOT, 'test-results', 'workbench', `${name}.png`);

interface Row { id: string; number: number; rank: number | null; summary: string }

/** How far the page scrolls sideways (0 when everything fits). */
const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return root.scrollWidth - root.clientWidth;
  });

test('the workbench: hypotheses open beside the board, every place has an address, and views fit 1440 and 800 px', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  let rows: Row[];
  let researchId: string;
  try {
    researchId = await runResearchToCompletion(assistant, desktop, { goal: GOAL, hypotheses: 6 });
    rows = ((await desktop.call('get_leaderboard', { research_id: researchId, limit: 100 })) as Structured & { rows: Row[] }).rows;
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }
  const top = rows.find((r) => r.rank === 1) as Row;
  const detail = (await (async () => {
    const session = await openSession(workspace.dataDir, 'desktop');
    try {
      return await session.call('get_hypothesis', { hypothesis_id: top.id });
    } finally {
      await session.close();
    }
  })()) as Structured & { hypothesis: { summary: string } };

  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open(webHost.url);
  const board = new LeaderboardPage(page);
  await board.open();
  await expect(page).toHaveURL(new RegExp(`#/leaderboard\\?project=${researchId}$`));
  await board.waitForRows(rows.length);

  // A click on a row opens its hypothesis in full beside the board.
  await board.row(top.id).getByTestId(testId.rowRank).click();
  const panel = page.getByTestId(testId.hypothesisPanel);
  await expect(panel.getByTestId(testId.hypothesisSummary)).toHaveText(detail.hypothesis.summary);
  await expect(panel.getByTestId(testId.hypothesisTitle)).toContainText(`H${top.number} · `);
  await expect(panel.getByTestId(testId.review).first()).toBeVisible();
  await expect(panel.getByTestId(testId.matchRationale).first()).not.toBeEmpty();
  // The rationale reads as prose: not upper-cased, not cut to one line (compare.css must not reach it).
  const rationaleStyle = await panel.getByTestId(testId.matchRationale).first().evaluate((el) => ({ transform: getComputedStyle(el).textTransform, wrap: getComputedStyle(el).whiteSpace }));
  expect(rationaleStyle.transform).toBe('none');
  expect(rationaleStyle.wrap).not.toBe('nowrap');
  await expect(board.row(top.id)).toHaveClass(/is-open/);
  await expect(page).toHaveURL(new RegExp(`hypothesis=${top.id}`));
  await page.screenshot({ path: shot('leaderboard-panel-1440') });

  // The board and the panel scroll on their own.
  const panelScroll = await panel.evaluate((el) => {
    el.scrollTop = 400;
    return { panel: el.scrollTop, page: (document.scrollingElement as HTMLElement).scrollTop };
  });
  expect(panelScroll.panel).toBeGreaterThan(0);
  expect(panelScroll.page).toBe(0);

  // Keyboard: the row's title is a button.
  const second = rows.find((r) => r.rank === 2) as Row;
  await board.row(second.id).getByTestId(testId.rowOpen).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`hypothesis=${second.id}`));
  await expect(panel.getByTestId(testId.hypothesisTitle)).toContainText(`H${second.number} · `);

  // Back and Forward move between the places visited, inside the app.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`hypothesis=${top.id}`));
  await expect(panel.getByTestId(testId.hypothesisTitle)).toContainText(`H${top.number} · `);
  await page.goBack();
  await expect(panel).toHaveCount(0);
  await page.goForward();
  await expect(panel.getByTestId(testId.hypothesisTitle)).toContainText(`H${top.number} · `);
  // Esc closes the panel, as a place of its own in the history (Back is pressed once it is there).
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/hypothesis=/);
  await page.goBack();
  await expect(panel.getByTestId(testId.hypothesisTitle)).toContainText(`H${top.number} · `);

  // Switching sections keeps each section's selection.
  await page.getByTestId(testId.navProjects).click();
  await page.getByTestId(testId.projectItem).filter({ hasText: GOAL }).click();
  await expect(page).toHaveURL(new RegExp(`#/projects\\?project=${researchId}$`));
  await page.getByTestId(testId.navLeaderboard).click();
  await expect(panel.getByTestId(testId.hypothesisTitle)).toContainText(`H${top.number} · `);
  await page.getByTestId(testId.navProjects).click();
  await expect(page.getByTestId(testId.projectDetail)).toBeVisible();

  // A deep link opens the place it names, in a fresh page.
  const link = `${webHost.url}#/leaderboard?project=${researchId}&hypothesis=${second.id}`;
  const fresh = await page.context().newPage();
  await fresh.setViewportSize({ width: 1440, height: 900 });
  await fresh.goto(link);
  await expect(fresh.getByTestId(testId.hypothesisPanel).getByTestId(testId.hypothesisTitle)).toContainText(`H${second.number} · `);
  await fresh.goto(`${webHost.url}#/projects?project=${researchId}`);
  await expect(fresh.getByTestId(testId.projectDetail)).toBeVisible();
  await fresh.close();

  // Lineage opens the same panel.
  await page.getByTestId(testId.navLeaderboard).click();
  await board.tab('lineage');
  await page.getByTestId(testId.lineageNode).first().click();
  await page.getByTestId(testId.lineageOpen).click();
  await expect(panel.getByTestId(testId.hypothesisSummary)).toBeVisible();

  // Every main view fits at 1440 and at 800 px: no sideways scroll of the page.
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    for (const section of ['projects', 'inbox', 'leaderboard', 'knowledge', 'assistants', 'audit', 'settings']) {
      await page.getByTestId(`nav-${section}`).click();
      await expect(page.locator(testIdWith(testIdOf.nav(section), { 'aria-current': 'page' }))).toBeVisible();
      await expect(page.getByTestId(`nav-${section}`)).toBeInViewport({ ratio: 0.99 });
      expect(await sidewaysOverflow(page), `${section} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: shot(`${section}-${width}`) });
    }
  }
});
