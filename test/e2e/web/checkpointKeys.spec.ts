// A decision is never made by accident (issue 33 items 1–3), driven by keyboard only: shortcuts do
// nothing while a form is open, a form with edits is not left without asking, an approval by
// keyboard says what it decides and can be taken back before it is sent; the form that opens
// takes the focus and the approve-with-edits button says what it does and what happens next.
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { testId, testIdOf } from './locators.js';
import { describeFindings, seriousAxeFindingsEverywhere, type AxeFinding } from './support/axe.js';
import type { Locator, Page } from '@playwright/test';

const GOAL = 'Find novel therapeutic targets for liver fibrosis';

/** Opens the inbox from the navigation, by keyboard. */
async function openInboxByKeyboard(page: Page): Promise<void> {
  await page.getByTestId(testId.navInbox).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(testId.checkpointDetail)).toBeVisible();
}

/** Opens the edit form with `e` and types `words` at the end of the first objective. */
async function editFirstObjective(page: Page, words: string): Promise<{ edit: Locator; objective: Locator }> {
  await page.keyboard.press('e');
  const edit = page.getByTestId(testId.editPanel);
  const objective = edit.getByTestId(testIdOf.field('objectives.0'));
  await objective.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(words);
  return { edit, objective };
}

test('keys never decide while a form is open; leaving edits asks first; a keyboard approval can be undone', async ({ app, page, webHost, servers }) => {
  // Axe on two states, in two schemes at two widths each, on a shared machine.
  test.setTimeout(300_000);
  const findings: AxeFinding[] = [];
  const room = new ControlRoom(page);
  // A controllable clock: the approval's countdown is skipped, not waited for.
  await page.clock.install();
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  const researchId = await assistant.startResearch(GOAL, 3);
  await expect(room.inboxCount).toHaveText('1');
  await openInboxByKeyboard(page);

  // `e` opens the form and the focus moves into it (item 3).
  await page.keyboard.press('e');
  const edit = page.getByTestId(testId.editPanel);
  await expect(edit).toBeVisible();
  await expect(edit.locator(':focus')).toHaveCount(1);

  // An edit in the Objectives, then Esc: asked first, and "Keep editing" keeps it.
  const objective = edit.getByTestId(testIdOf.field('objectives.0'));
  await objective.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' in mice');
  const edited = await objective.inputValue();
  findings.push(...(await seriousAxeFindingsEverywhere(page, 'edit form with its next step')));
  await objective.focus();
  await page.keyboard.press('Escape');
  const dialog = page.getByTestId(testId.discardDialog);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId(testId.discardKeep)).toBeFocused();
  findings.push(...(await seriousAxeFindingsEverywhere(page, 'discard dialog')));
  await dialog.getByTestId(testId.discardKeep).focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeVisible();
  await expect(objective).toHaveValue(edited);

  // With the focus on a button of the form, k and a do nothing.
  const cancel = edit.getByRole('button', { name: /^Cancel/ });
  await cancel.focus();
  await page.keyboard.press('k');
  await page.keyboard.press('a');
  await expect(edit).toBeVisible();
  await expect(page.getByTestId(testId.keyboardApproval)).toHaveCount(0);

  // Cancel with edits asks too; discarding returns the focus to the Edit button.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // The dialog puts the focus on "Keep editing" a frame after it opens.
  await expect(dialog.getByTestId(testId.discardKeep)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByTestId(testId.discardConfirm)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expect(page.getByTestId(testId.editButton)).toBeFocused();
  await page.keyboard.press('Tab');

  // `a` says what it decides and waits; `u` takes it back and nothing is sent.
  await page.keyboard.press('a');
  await expect(page.getByTestId(testId.keyboardApproval)).toContainText(`Approving the research plan of “${GOAL}” in 5 seconds`);
  await expect(page.getByTestId(testId.keyboardApprovalPending)).toBeVisible();
  await expect(page.getByTestId(testId.approveButton)).toBeDisabled();
  await page.keyboard.press('u');
  await expect(page.getByTestId(testId.keyboardApprovalUndone)).toContainText('nothing was sent');
  await expect(page.getByTestId(testId.keyboardApprovalPending)).toBeHidden();
  await page.clock.fastForward(10_000);
  await expect(room.checkpoint).toBeVisible();
  expect((await assistant.continueResearch(researchId)).state).toBe('awaiting_decision');

  // Let it run out: then it is sent, and recorded as the scientist's.
  await page.keyboard.press('a');
  await expect(page.getByTestId(testId.keyboardApproval)).toBeVisible();
  await page.clock.fastForward(6_000);
  await expect(room.announcement).toContainText('Approved: Research plan');
  await expect(page.getByTestId(testId.inboxEmpty)).toBeVisible();
  expect((await assistant.continueResearch(researchId)).state).toBe('work');
  expect(findings, describeFindings(findings)).toEqual([]);
});

test('approving with changes says so, counts a reworded objective once and says who works next on what budget', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  const researchId = await assistant.startResearch(GOAL, 3);
  const status = await assistant.call('get_research_status', { research_id: researchId });
  const callsLeft = (status.reasoning_call_budget as number) - (status.reasoning_calls_used as number);
  await expect(room.inboxCount).toHaveText('1');
  await openInboxByKeyboard(page);

  const { edit } = await editFirstObjective(page, ' in stellate cells');
  await expect(edit.getByTestId(testId.diffChange)).toHaveCount(1);
  await expect(edit.getByTestId(testId.diffChange)).toContainText('Objectives › #1');
  const submit = edit.getByTestId(testId.editSubmit);
  await expect(submit).toHaveText('Approve with these changes (1)');
  const next = edit.getByTestId(testId.nextStep);
  await expect(next).toContainText('Claude Desktop generates 3 hypotheses');
  await expect(next).toContainText(`${callsLeft} reasoning calls`);
  await expect(next).toContainText(/at most \d+ research cycles?/);
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(room.announcement).toContainText('Edited and approved: Research plan');

  // Once the assistant did work, its mode is known: delegated.
  await assistant.workUntilDecision(researchId);
  await expect(room.inboxItem('hypothesis_batch')).toBeVisible();
  await page.keyboard.press('e');
  await expect(page.getByTestId(testId.editPanel).getByTestId(testId.nextStep)).toContainText('Claude Desktop reviews and ranks the hypotheses you keep, in delegated mode');
});

test('leaving a form with edits by another section, Back, a reload or closing asks first, by keyboard and by mouse; staying keeps the edits', async ({ app, page, webHost, servers }) => {
  test.setTimeout(120_000);
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  await assistant.startResearch(GOAL, 3);
  await expect(new ControlRoom(page).inboxCount).toHaveText('1');
  await openInboxByKeyboard(page);
  const { edit, objective } = await editFirstObjective(page, ' in zebrafish');
  const edited = await objective.inputValue();
  const dialog = page.getByTestId(testId.discardDialog);
  const inboxTab = page.getByTestId(testId.navInbox);
  const stayedWithEdits = async (): Promise<void> => {
    await expect(dialog).toBeHidden();
    await expect(inboxTab).toHaveAttribute('aria-current', 'page');
    await expect(objective).toHaveValue(edited);
    expect(new URL(page.url()).hash).toMatch(/^#\/inbox/);
  };

  // By keyboard: another section from the navigation; Enter on the focused "Keep editing" stays.
  await page.getByTestId(testId.navProjects).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId(testId.discardKeep)).toBeFocused();
  await page.keyboard.press('Enter');
  await stayedWithEdits();

  // By mouse: another section; Keep editing stays.
  await page.getByTestId(testId.navKnowledge).click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(testId.discardKeep).click();
  await stayedWithEdits();

  // Closing or reloading the window: the browser asks first (its own dialog); staying keeps the edits.
  const unloadAsked = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.type());
      void question.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await unloadAsked).toBe('beforeunload');
  await stayedWithEdits();

  // The browser's Back: asked too, and the address stays the inbox's while the scientist decides.
  await page.goBack();
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).hash).toMatch(/^#\/inbox/);
  await dialog.getByTestId(testId.discardKeep).click();
  await stayedWithEdits();

  // Back again, and this time the edits go: the app is where Back leads.
  await page.goBack();
  await expect(dialog).toBeVisible();
  // The dialog puts the focus on "Keep editing" a frame after it opens.
  await expect(dialog.getByTestId(testId.discardKeep)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByTestId(testId.discardConfirm)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(testId.navProjects)).toHaveAttribute('aria-current', 'page');
  expect(new URL(page.url()).hash).toMatch(/^#\/projects/);
  // Forward returns to the checkpoint, its form closed: the edits were dropped as agreed.
  await page.goForward();
  await expect(inboxTab).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId(testId.checkpointDetail)).toBeVisible();
  await expect(edit).toBeHidden();

  // A form with edits left by mouse for another section, discarding: that section opens.
  await page.getByTestId(testId.editButton).click();
  await objective.fill(`${edited} again`);
  await page.getByTestId(testId.navKnowledge).click();
  await dialog.getByTestId(testId.discardConfirm).click();
  await expect(page.getByTestId(testId.navKnowledge)).toHaveAttribute('aria-current', 'page');
  // A form without edits is left without a question.
  await inboxTab.click();
  await page.getByTestId(testId.editButton).click();
  await expect(edit).toBeVisible();
  await page.getByTestId(testId.navProjects).click();
  await expect(page.getByTestId(testId.navProjects)).toHaveAttribute('aria-current', 'page');
  await expect(dialog).toBeHidden();
  // Nor does a reload ask, with no edits anywhere.
  const questions: string[] = [];
  page.on('dialog', (question) => {
    questions.push(question.type());
    void question.accept();
  });
  await page.reload();
  await expect(page.getByTestId(testId.navProjects)).toBeVisible();
  expect(questions).toEqual([]);
});
