// A completed project's hypothesis (issue 33 item 13): its Actions speak to the scientist, who can
// reopen the project there, not with the message the server writes for an assistant ("ask the
// scientist to reopen it"). Reopened, the actions work again.
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { completedResearchIn } from './support/researchRun.js';
import { testId } from './locators.js';

test('a completed project’s hypothesis offers Reopen… in its actions, and reopening enables them', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(120_000);
  const goal = 'Identify repurposable drugs that slow liver fibrosis progression';
  await completedResearchIn(workspace.dataDir, { goal, hypotheses: 3 });

  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await app.open(webHost.url);
    const room = new ControlRoom(page);
    await room.openFirstHypothesis(goal);
    const detail = page.getByTestId(testId.hypothesisDetail);
    const completed = detail.getByTestId(testId.actionsCompleted);
    await expect(completed).toContainText('This project is completed');
    await expect(detail).not.toContainText(/res_[0-9a-f]+ is completed|ask the scientist/);
    await expect(detail.getByTestId(testId.requestReview)).toBeDisabled();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      const findings = await seriousAxeFindings(page, `completed hypothesis actions at ${width} px, ${colorScheme}`);
      expect(findings, describeFindings(findings)).toEqual([]);
    }
  }

  const detail = page.getByTestId(testId.hypothesisDetail);
  await detail.getByTestId(testId.reopenProject).click();
  await detail.getByTestId(testId.reopenSubmit).click();
  await expect(page.getByTestId(testId.reopenToast)).toBeVisible();
  await expect(detail.getByTestId(testId.actionsCompleted)).toHaveCount(0);
  await expect(detail.getByTestId(testId.requestReview)).toBeEnabled();
});
