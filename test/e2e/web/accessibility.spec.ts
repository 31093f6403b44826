// Accessibility of every view, in light and in dark: axe-core finds no serious or critical
// violation. The stage is real: one project an assistant ran to completion (ranked, evolved,
// certified) and one waiting for the scientist's decision, so every view shows real content.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { describeFindings, seriousAxeFindings, type AxeFinding } from './support/axe.js';
import { connectResearchAssistant } from './support/researchAssistant.js';
import { openSession, runResearchToCompletion } from './support/researchRun.js';
import { LeaderboardPage } from './support/tournamentPages.js';
import { testId } from './locators.js';

// A whole research run, then axe on ~20 views twice: slow by nature on a shared machine.
test.setTimeout(600_000);

const COMPLETED_GOAL = 'Find novel therapeutic targets for liver fibrosis';
const WAITING_GOAL = 'Explain why some tumours resist checkpoint inhibitors';

/** Visits every view and returns what axe finds on each. */
async function tour(page: Page): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  const check = async (view: string): Promise<void> => {
    const found = await seriousAxeFindings(page, view);
    // Printed as they come, so a run that times out still says what it found.
    if (found.length > 0) console.error(describeFindings(found));
    findings.push(...found);
  };
  const board = new LeaderboardPage(page);

  await page.getByTestId(testId.navProjects).click();
  await page.getByTestId(testId.projectItem).filter({ hasText: COMPLETED_GOAL }).click();
  await expect(page.getByTestId(testId.projectDetail)).toBeVisible();
  await check('project overview');
  await page.getByTestId(testId.detailTabTimeline).click();
  await expect(page.getByTestId(testId.timelineEntry).first()).toBeVisible();
  await check('project timeline');
  await page.getByTestId(testId.detailTabHypotheses).click();
  await page.getByTestId(testId.hypothesisItem).first().click();
  await expect(page.getByTestId(testId.hypothesisDetail)).toBeVisible();
  await check('hypothesis detail');
  await page.getByTestId(testId.newResearchButton).click();
  await expect(page.getByTestId(testId.newResearchForm)).toBeVisible();
  await check('new research form');
  await page.getByTestId(testId.newResearchButton).click();

  await page.getByTestId(testId.navInbox).click();
  await expect(page.getByTestId(testId.checkpointDetail)).toBeVisible();
  await check('inbox');
  await page.getByTestId(testId.inboxTabHistory).click();
  await expect(page.getByTestId(testId.historyItem).first()).toBeVisible();
  await check('decision history');

  await board.open();
  await page.getByTestId(testId.leaderboardProject).selectOption({ label: COMPLETED_GOAL });
  await expect(board.board).toHaveAttribute('data-state', 'complete');
  await check('leaderboard');
  for (const tab of ['history', 'lineage', 'compare', 'arena', 'matches'] as const) {
    await board.tab(tab);
    await check(`leaderboard ${tab}`);
  }

  for (const [section, ready] of [
    ['knowledge', 'knowledge-view'],
    ['assistants', 'assistants-list'],
    ['audit', 'audit-table'],
    ['settings', 'settings'],
  ] as const) {
    await page.getByTestId(`nav-${section}`).click();
    await expect(page.getByTestId(ready)).toBeVisible();
    await check(section);
  }
  return findings;
}

test('every view has no serious or critical accessibility finding, in light and in dark', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  const waiting = await connectResearchAssistant(workspace.dataDir);
  try {
    await runResearchToCompletion(assistant, desktop, { goal: COMPLETED_GOAL, hypotheses: 6 });
    await waiting.workUntilDecision(await waiting.startResearch(WAITING_GOAL, 4));
  } finally {
    await Promise.all([assistant.close(), desktop.close(), waiting.close()]);
  }

  const findings: AxeFinding[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await app.open(webHost.url);
    findings.push(...(await tour(page)).map((f) => ({ ...f, view: `${colorScheme}: ${f.view}` })));
  }
  expect(findings, describeFindings(findings)).toEqual([]);
});
