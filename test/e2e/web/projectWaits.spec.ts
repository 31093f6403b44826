// A project that waits for the scientist to ask their assistant says so plainly (issue 33 item 7):
// a badge on its card and in its header instead of only "Active", no time estimate while nothing
// runs, and the prompt to give the assistant, whole, with Copy.
import { expect, test } from './support/fixtures.js';
import { describeFindings, seriousAxeFindingsEverywhere } from './support/axe.js';
import { ControlRoom } from './support/controlRoom.js';
import { connectScientistShortcut } from './support/researchAssistant.js';
import { testId } from './locators.js';

// Longer than the 70 characters the inbox used to cut the prompt at.
const GOAL = 'Identify epigenetic regulators that sustain myofibroblast activation in amyotrophic lateral sclerosis progression';
const PROMPT = `Continue the Co-Scientist research on “${GOAL}”`;

test.setTimeout(180_000);

test('a project waiting for the assistant says what it waits for and gives the whole prompt with Copy', async ({ app, page, context, webHost, workspace }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const scientist = await connectScientistShortcut(workspace.dataDir);
  try {
    // The plan is approved by the pause policy: generation is queued for an assistant.
    await scientist.call('start_research', { goal: GOAL, hypothesis_count: 3, pause_at: ['final_report'] });
  } finally {
    await scientist.close();
  }
  const room = new ControlRoom(page);
  await app.open(webHost.url);

  await expect(app.projectItem(GOAL).getByTestId(testId.projectWaitsAssistant)).toHaveText('Waits for your assistant');
  await room.openProject(GOAL);
  await expect(page.getByTestId(testId.detailWaitsAssistant)).toHaveText('Waits for your assistant');
  await expect(app.detailField('estimated-completion')).toHaveText('none: the project waits until your assistant is asked to continue');
  const notice = page.getByTestId(testId.detailWaitingAssistant);
  await expect(notice.getByTestId(testId.assistantPromptText)).toHaveText(PROMPT);
  await notice.getByTestId(testId.assistantPromptCopy).click();
  await expect(notice.getByTestId(testId.assistantPromptCopy)).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PROMPT);
  const findings = await seriousAxeFindingsEverywhere(page, 'project waiting for its assistant');

  // The inbox, with nothing waiting for the scientist, gives the same prompt whole.
  await room.openInbox();
  const waiting = page.getByTestId(testId.inboxStateWaitingAssistant);
  await expect(waiting.getByTestId(testId.assistantPromptText)).toHaveText(PROMPT);
  findings.push(...(await seriousAxeFindingsEverywhere(page, 'inbox with a project waiting for its assistant')));
  expect(findings, describeFindings(findings)).toEqual([]);
});
