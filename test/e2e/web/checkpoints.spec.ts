// The checkpoints inbox, driven like a scientist would: an assistant's own research server does
// the work; the scientist approves, edits and rejects in the GUI; the assistant sees each decision.
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { REPO_ROOT } from './support/paths.js';
import { sixtyWordSummary } from './support/researchAssistant.js';
import { testId, testIdOf } from './locators.js';

const GOAL = 'Find novel therapeutic targets for liver fibrosis';
const NOTE = 'Too close to known TGF-beta biology; focus on epigenetic regulators of stellate cells instead.';

test('the scientist approves the plan, edits a batch and rejects another; the assistant gets each decision', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  const researchId = await assistant.startResearch(GOAL, 3);

  // The badge and the window title count what waits, live.
  await expect(room.inboxCount).toHaveText('1');
  await expect(page).toHaveTitle('(1) Co-Scientist');
  await room.openInbox();
  await expect(room.inboxItem('research_plan')).toContainText(GOAL);
  await expect(room.checkpoint.getByTestId(testId.payloadBudget)).toHaveText('3');
  await expect(page.getByTestId(testId.shortcutHint)).toContainText('approve');
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'checkpoints-inbox.png') });

  // Approve with the keyboard: said first, sent once the few seconds to undo it have passed.
  await page.keyboard.press('a');
  await expect(page.getByTestId(testId.keyboardApproval)).toContainText('Approving the research plan');
  await expect(room.announcement).toContainText('Approved: Research plan', { timeout: 15_000 });
  await expect(room.announcement).toContainText('ask Claude to continue the research');
  await expect(page.getByTestId(testId.inboxEmpty)).toBeVisible();
  await expect(room.inboxCount).toBeHidden();
  await expect(page).toHaveTitle('Co-Scientist');

  // The assistant generates; the batch shows up while the scientist watches.
  const [batch] = await assistant.workUntilDecision(researchId);
  expect(batch?.kind).toBe('hypothesis_batch');
  const [first, second] = batch?.payload.hypothesis_ids as string[];
  await expect(room.inboxItem('hypothesis_batch')).toBeVisible();
  await expect(room.inboxCount).toHaveText('1');

  // Edit: drop H1, reword H2, and read the diff before submitting.
  await page.keyboard.press('e');
  const edit = page.getByTestId(testId.editPanel);
  await expect(edit.getByTestId(testIdOf.field('hypotheses.0.keep'))).toBeChecked();
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'checkpoints-edit-form.png') });
  await edit.getByTestId(testIdOf.field('hypotheses.0.keep')).uncheck();
  await edit.getByTestId(testIdOf.field('hypotheses.1.summary')).fill('Epigenetic regulators control stellate cell activation in fibrosis.');
  await expect(edit.getByTestId(testId.diffChange)).toHaveCount(2);
  await edit.getByTestId(testId.editSubmit).click();
  // The server's rule (50-100 words) comes back next to the form; nothing was decided.
  await expect(edit.getByTestId(testId.editError)).toContainText('50-100 words');
  const reworded = sixtyWordSummary('the epigenetic reader BRD4');
  await edit.getByTestId(testIdOf.field('hypotheses.1.summary')).fill(reworded);
  const changes = edit.getByTestId(testId.diffChange);
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText('Hypotheses › H1 › Keep');
  await expect(changes.nth(0)).toContainText('yes → no');
  await expect(changes.nth(1)).toContainText('Hypotheses › H2 › Summary');
  // Word by word: the new words are marked inserted, and the words kept plus those inserted read
  // as the new summary. (Which words the old and new texts share depends on the fake assistant's
  // vocabulary, so no particular run of inserted words is asserted.)
  await expect(changes.nth(1).locator('ins', { hasText: 'BRD4' })).toHaveCount(1);
  const afterEdit = changes.nth(1).locator('.diff-text');
  await expect.poll(() => afterEdit.evaluate((text) => Array.from(text.children).filter((segment) => segment.tagName !== 'DEL').map((segment) => segment.textContent?.trim()).join(' '))).toBe(reworded);
  await edit.getByTestId(testId.editDiff).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'checkpoints-edit-diff.png') });
  await edit.getByTestId(testId.editSubmit).click();
  await expect(room.announcement).toContainText('Edited and approved: New hypotheses');

  const listed = await assistant.call('list_hypotheses', { research_id: researchId, limit: 50 });
  const byId = new Map((listed.hypotheses as Array<{ id: string; status: string; summary: string }>).map((h) => [h.id, h]));
  expect(byId.get(first as string)?.status).toBe('rejected');
  expect(byId.get(second as string)?.summary).toBe(reworded);

  // The dropped hypothesis is replaced: a new batch of one, which the scientist rejects.
  const [replacement] = await assistant.workUntilDecision(researchId);
  expect(replacement?.kind).toBe('hypothesis_batch');
  await expect(room.inboxItem('hypothesis_batch')).toBeVisible();
  await page.keyboard.press('r');
  const reject = page.getByTestId(testId.rejectPanel);
  await reject.getByTestId(testId.rejectNote).fill('Not good');
  await reject.getByTestId(testId.rejectSubmit).click();
  await expect(reject.getByTestId(testId.rejectError)).toContainText('at least 3 words and 15 characters');
  await reject.getByTestId(testId.rejectNote).fill(NOTE);
  await reject.getByTestId(testId.rejectSubmit).click();
  await expect(room.announcement).toContainText('Rejected: New hypotheses');

  // The assistant's next work item carries the scientist's note.
  const next = await assistant.continueResearch(researchId);
  expect(next.state).toBe('work');
  expect(next.work_item?.kind).toBe('generate');
  expect(next.text).toContain(NOTE);

  // The decision history says who decided what.
  await page.getByTestId(testId.inboxTabHistory).click();
  const history = page.getByTestId(testId.historyItem);
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toHaveAttribute('data-action', 'reject');
  await expect(history.nth(0).getByTestId(testId.historyNote)).toHaveText(NOTE);
  await expect(history.nth(1)).toHaveAttribute('data-action', 'edit');
  await expect(history.nth(2)).toHaveAttribute('data-kind', 'research_plan');
  for (const row of await history.all()) await expect(row.getByTestId(testId.historyDecidedBy)).toHaveText('You (in the app)');
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'checkpoints-history.png') });
});

test('j / k move through checkpoints of several projects; Esc leaves the edit form, asking first when it holds edits', async ({ app, page, webHost, servers }) => {
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  await assistant.startResearch('Identify drug repurposing candidates for acute myeloid leukaemia', 4);
  await assistant.startResearch('Explain why perovskite solar cells degrade under humidity', 4);

  await expect(room.inboxCount).toHaveText('2');
  await room.openInbox();
  const items = page.getByTestId(testId.inboxItem);
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(room.checkpoint.getByTestId(testId.checkpointGoal)).toHaveText('Explain why perovskite solar cells degrade under humidity');
  await page.keyboard.press('k');
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');

  await page.keyboard.press('e');
  await expect(page.getByTestId(testId.editPanel)).toBeVisible();
  // A key typed into a field is text, not a shortcut.
  await page.getByTestId(testId.fieldDomain).press('End');
  await page.getByTestId(testId.fieldDomain).pressSequentially(' j');
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');
  // The form holds the edit before Esc is pressed: what Esc must ask about is there.
  await expect(page.getByTestId(testId.fieldDomain)).toHaveValue(/ j$/);
  await page.keyboard.press('Escape');
  await page.getByTestId(testId.discardConfirm).click();
  await expect(page.getByTestId(testId.editPanel)).toBeHidden();
  await expect(page.getByTestId(testId.approveButton)).toBeVisible();
  // Without edits, Esc leaves at once and the focus returns to Edit.
  await page.keyboard.press('e');
  await expect(page.getByTestId(testId.editPanel)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(testId.editPanel)).toBeHidden();
  await expect(page.getByTestId(testId.editButton)).toBeFocused();
});

/**
 * What arrives in the same task as the form's first edit, as a fast typist on a busy machine
 * delivers it: the inbox and its leave guard must know of the edit before the event that made it
 * returns (useDirtyReport's and useLeaveGuard's layout effects), and ask before dropping it.
 */
const SAME_INSTANT = [
  { what: 'Esc pressed', act: 'escape' },
  { what: 'a click on another section', act: 'leave' },
] as const;

for (const { what, act } of SAME_INSTANT) {
  test(`${what} in the same instant as the last keystroke still asks before dropping the edit`, async ({ app, page, webHost, servers }) => {
    const room = new ControlRoom(page);
    await app.open(webHost.url);
    const assistant = await servers.assistant();
    await assistant.startResearch(GOAL, 3);
    await expect(room.inboxCount).toHaveText('1');
    await room.openInbox();
    // The checkpoint's detail is in: 'e' opens its form (before, the key has nothing to edit).
    await expect(page.getByTestId(testId.editButton)).toBeVisible();
    await page.keyboard.press('e');
    await expect(page.getByTestId(testId.editPanel)).toBeVisible();
    const field = page.getByTestId(testId.fieldDomain);
    await field.evaluate(
      (input: HTMLInputElement | HTMLTextAreaElement, { act, linkTestId }) => {
        const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set;
        setValue?.call(input, `${input.value} j`);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        if (act === 'escape') input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
        else document.querySelector<HTMLElement>(`[data-testid="${linkTestId}"]`)?.click();
      },
      { act, linkTestId: testId.navKnowledge },
    );
    await expect(page.getByTestId(testId.discardConfirm)).toBeVisible();
    await expect(page.getByTestId(testId.navKnowledge)).not.toHaveAttribute('aria-current', 'page');
    await expect(field).toHaveValue(/ j$/);
  });
}

test('a checkpoint that arrives raises a browser notification when the scientist allowed them', async ({ app, page, context, webHost, servers }) => {
  await context.grantPermissions(['notifications']);
  // Records what the page asks the browser to show (headless Chromium displays nothing).
  await page.addInitScript(() => {
    const shown: Array<{ title: string; body: string | undefined }> = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    const Real = window.Notification;
    class Recorded {
      static get permission() {
        return Real.permission;
      }
      static requestPermission() {
        return Real.requestPermission();
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = Recorded;
  });
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  await room.openSettings();
  await expect(page.getByTestId(testId.notificationsOn)).toBeVisible();

  const assistant = await servers.assistant();
  await assistant.startResearch(GOAL, 3);
  await expect(room.inboxCount).toHaveText('1');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications))
    .toEqual([{ title: 'Research plan waits for your decision', body: GOAL }]);
});

test('an evolution plan is edited with choices: another strategy, one proposal fewer', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  const scientist = await servers.scientist();
  const assistant = await servers.assistant();
  const researchId = (await scientist.call('start_research', { goal: GOAL, hypothesis_count: 3, pause_at: ['evolution_plan'] })).research_id as string;
  const [plan] = await assistant.workUntilDecision(researchId);
  expect(plan?.kind).toBe('evolution_plan');
  const proposals = plan?.payload.proposals as Array<{ hypothesis_id: string; strategy: string }>;
  expect(proposals.length).toBe(3);

  await app.open(webHost.url);
  await room.openInbox();
  await expect(room.checkpoint).toHaveAttribute('data-kind', 'evolution_plan');
  await page.getByTestId(testId.editButton).click();
  const edit = page.getByTestId(testId.editPanel);
  await edit.getByTestId(testIdOf.field('proposals.0.strategy')).selectOption('simplify');
  // Proposals name hypotheses as H1, H2, … rather than by id.
  await expect(edit.getByTestId(testIdOf.field('proposals.0.hypothesis_id')).locator('option:checked')).toHaveText(/^H\d — /);
  await edit.getByRole('button', { name: 'Remove #3' }).click();
  const changes = edit.getByTestId(testId.diffChange);
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText('Proposals › #1 › Strategy');
  await expect(changes.nth(0)).toContainText('refine → simplify');
  await expect(changes.nth(1)).toHaveAttribute('data-kind', 'removed');
  await edit.getByTestId(testId.editSubmit).click();
  await expect(room.announcement).toContainText('Edited and approved: Evolution plan');

  // The assistant is handed exactly the evolutions the scientist kept, as edited.
  const next = await assistant.continueResearch(researchId);
  expect(next.work_item?.kind).toBe('evolve');
  const kept = [
    { hypothesis_id: proposals[0]?.hypothesis_id, strategy: 'simplify', approved: true },
    { hypothesis_id: proposals[1]?.hypothesis_id, strategy: proposals[1]?.strategy, approved: true },
  ];
  expect(kept).toContainEqual(expect.objectContaining(pick(next.work_item?.context ?? {}, ['hypothesis_id', 'strategy', 'approved'])));
  const timeline = await scientist.call('get_project_timeline', { research_id: researchId, limit: 200 });
  const evolutions = (timeline.entries as Array<{ source: string; kind: string; facts: Record<string, unknown> }>)
    .filter((e) => e.source === 'task' && e.kind === 'evolve')
    .map((e) => pick(e.facts, ['hypothesis_id', 'strategy', 'approved']));
  expect(evolutions).toHaveLength(2);
  expect(evolutions).toEqual(expect.arrayContaining(kept));
});

function pick(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, record[key]]));
}
