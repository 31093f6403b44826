// A project's life seen from the app (issue 15 items 2-3, issue 18 items 4-5), against the real
// backend: an assistant's own research server does the work; the scientist adds a hypothesis while
// the final report waits (the report is withdrawn, the newcomer reviewed and ranked, a fresh report
// follows), approves it, and reopens the completed project with a new budget. Each state says what
// the project waits for; the inbox shows the hypotheses a decision is about and the history what
// an edit changed; an archived project's checkpoints are not counted.
import path from 'node:path';
import { expect, test, type Servers } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { ControlRoom } from './support/controlRoom.js';
import { hypothesisDraft } from '../../support/fakeAssistant.js';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import type { McpSide, ResearchAssistant } from './support/researchAssistant.js';
import { testId, testIdOf } from './locators.js';

const GOAL = 'Find novel therapeutic targets for liver fibrosis';
const OTHER = 'Explain why perovskite solar cells degrade under humidity';

interface Sides {
  assistant: ResearchAssistant;
  /** A desktop client for setup decisions the test is not about. */
  shortcut: McpSide;
}

/** Setup decisions the test is not about, taken through a desktop client. */
async function decideOnly({ assistant, shortcut }: Sides, researchId: string, kind: string, action: 'approve' | 'reject', note?: string): Promise<void> {
  const [checkpoint, ...more] = await assistant.workUntilDecision(researchId);
  expect([checkpoint?.kind, more.length]).toEqual([kind, 0]);
  await shortcut.call('decide', { checkpoint_id: checkpoint?.checkpoint_id, action, ...(note === undefined ? {} : { note }) });
}

/** The assistant's project on GOAL, its plan approved, with both servers (closed after the test by the fixture). */
async function projectPastItsPlan(servers: Servers, budget: number): Promise<Sides & { researchId: string }> {
  const sides = { assistant: await servers.assistant(), shortcut: await servers.scientist() };
  const researchId = await sides.assistant.startResearch(GOAL, budget);
  await decideOnly(sides, researchId, 'research_plan', 'approve');
  return { ...sides, researchId };
}

test('a hypothesis added while the report waits is ranked before a fresh report; the completed project is reopened from the app', async ({ app, page, webHost, servers }) => {
  test.setTimeout(120_000);
  const room = new ControlRoom(page);
  const sides = await projectPastItsPlan(servers, 3);
  const { assistant, researchId } = sides;
  await decideOnly(sides, researchId, 'hypothesis_batch', 'approve');
  await app.open(webHost.url);

  // The evolution plan names hypotheses: titles inline, the full text on request.
  await assistant.workUntilDecision(researchId);
  await room.openInbox();
  await expect(room.inboxItem('evolution_plan')).toBeVisible();
  const named = room.checkpoint.getByTestId(testId.payloadNamedHypothesis);
  await expect(named.first().getByTestId(testId.namedTitle)).not.toBeEmpty();
  await expect(named.first().getByTestId(testId.namedFullText)).toHaveCount(0);
  await expect(named.first().getByTestId(testId.namedClaim)).toBeVisible();
  await named.first().locator('summary').click();
  await expect(named.first().getByTestId(testId.namedFullText)).toContainText('Experimental protocol');
  await page.getByTestId(testId.rejectButton).click();
  await page.getByTestId(testId.rejectNote).fill('No evolution this time, write the final report now.');
  await page.getByTestId(testId.rejectSubmit).click();
  await expect(room.announcement).toContainText('Rejected');

  // The final report waits. The scientist adds their own hypothesis instead of approving it.
  const [report] = await assistant.workUntilDecision(researchId);
  expect(report?.kind).toBe('final_report');
  await expect(room.inboxItem('final_report')).toBeVisible();
  const form = await room.openAddHypothesisForm(GOAL);
  await room.fillOwnHypothesis(form);
  await room.submitHypothesis(form);
  // The app shows the new hypothesis; back to its project.
  await page.getByTestId(testId.hypothesisBack).click();

  // The report was withdrawn: nothing waits for the scientist, the project says what the assistant has to do.
  await expect(room.inboxCount).toBeHidden();
  await expect(page.getByTestId(testId.detailWaitingAssistant)).toContainText('Claude Desktop has 1 review to do — ask it to continue');
  await room.openDetailTab('timeline');
  await room.scrollTimelineToEnd();
  await expect(room.timelineEntry('Final report withdrawn')).toContainText('H4 was added while this report waited');

  // The assistant reviews and ranks the newcomer; a fresh report follows and says what it replaces.
  const [fresh] = await assistant.workUntilDecision(researchId);
  expect(fresh?.kind).toBe('final_report');
  expect(fresh?.checkpoint_id).not.toBe(report?.checkpoint_id);
  await room.openInbox();
  await expect(room.checkpoint.getByTestId(testId.payloadReplaces)).toContainText('H4 was added while this report waited');
  await page.getByTestId(testId.approveButton).click();
  await expect(room.announcement).toContainText('Approved: Final report');
  // Nothing waits any more: the inbox says the project is complete and offers reopening there too.
  const completed = page.getByTestId(testId.inboxStateCompleted).filter({ hasText: GOAL });
  await expect(completed).toContainText('is complete');
  await expect(completed.getByTestId(testId.reopenProject)).toBeVisible();

  // Completed: the project says what happened and offers reopening with a new budget.
  await room.openProject(GOAL);
  await expect(page.getByTestId(testId.detailStatus)).toHaveText('Completed');
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'project-completed.png') });
  await expect(page.getByTestId(testId.detailWhatHappened)).toContainText(/final report was approved after 1 cycle\(s\): 4 hypotheses, \d+ comparisons/);
  // An action that cannot work is not offered: no new hypothesis on a completed project.
  await room.openDetailTab('hypotheses');
  await expect(page.getByTestId(testId.addHypothesisButton)).toBeDisabled();
  await expect(page.getByTestId(testId.addHypothesisRefused)).toContainText('reopen it');
  const budgetBefore = (await assistant.call('get_research_status', { research_id: researchId })).reasoning_call_budget as number;
  // By keyboard: Reopen… moves the focus into the form it opens (issue 33 item 3).
  await page.getByTestId(testId.reopenProject).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(testId.reopenCalls)).toBeFocused();
  expect(describeFindings(await seriousAxeFindings(page, 'completed project with the reopen form'))).toBe('');
  await page.getByTestId(testId.reopenCalls).fill('0');
  await page.getByTestId(testId.reopenSubmit).click();
  // The browser's own check stops a budget of 0 before it is sent: still completed.
  await expect(page.getByTestId(testId.detailStatus)).toHaveText('Completed');
  await page.getByTestId(testId.reopenCalls).fill('40');
  await page.getByTestId(testId.reopenHypotheses).fill('2');
  await page.getByTestId(testId.reopenSubmit).click();
  await expect(page.getByTestId(testId.reopenToast)).toContainText('Reopened');
  await expect(page.getByTestId(testId.detailStatus)).toHaveText('Active');
  await expect(page.getByTestId(testId.detailWaitingAssistant)).toContainText('Claude Desktop has 1 generation item to do');
  await expect(page.getByTestId(testId.addHypothesisButton)).toBeEnabled();
  const status = await assistant.call('get_research_status', { research_id: researchId });
  expect(status).toMatchObject({ status: 'active', stage: 'generate', iteration: 2, hypothesis_count: 5 });
  expect(status.reasoning_call_budget).toBe(budgetBefore + 40);
});

test('the history shows what an edit changed; an archived project\'s checkpoints are not counted', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  const assistant = await servers.assistant();
  const researchId = await assistant.startResearch(GOAL, 3);
  await assistant.startResearch(OTHER, 3);
  await app.open(webHost.url);
  await expect(room.inboxCount).toHaveText('2');

  // Edit the liver plan's budget in the app.
  await room.openInbox();
  await page.getByTestId(testId.inboxItem).filter({ hasText: GOAL }).click();
  await page.getByTestId(testId.editButton).click();
  await page.getByTestId(testId.editPanel).getByTestId(testIdOf.field('hypothesis_budget')).fill('4');
  await page.getByTestId(testId.editPanel).getByTestId(testId.editSubmit).click();
  await expect(room.announcement).toContainText('Edited and approved: Research plan');

  // The history says who decided and what the edit changed.
  await page.getByTestId(testId.inboxTabHistory).click();
  const edited = page.getByTestId(testId.historyItem).filter({ hasText: GOAL });
  await expect(edited.getByTestId(testId.historyDecidedBy)).toHaveText('You (in the app)');
  await edited.getByTestId(testId.historyDiff).locator('summary').click();
  await expect(edited.getByTestId(testId.diffChange)).toHaveCount(1);
  await expect(edited.getByTestId(testId.diffChange)).toContainText('Hypothesis budget');
  await expect(edited.getByTestId(testId.diffChange)).toContainText('3 → 4');
  expect(describeFindings(await seriousAxeFindings(page, 'decision history with an edit diff'))).toBe('');

  // Archiving the other project takes its waiting plan out of the badge and the inbox.
  await room.openProject(OTHER);
  await page.getByTestId(testId.archiveProject).click();
  await expect(page.getByTestId(testId.archiveToast)).toBeVisible();
  await expect(room.inboxCount).toBeHidden();
  await room.openInbox();
  await expect(page.getByTestId(testId.inboxItem)).toHaveCount(0);
  await expect(page.getByTestId(testId.inboxEmpty)).toBeVisible();
  const overview = await (await servers.scientist()).call('list_project_overview', {});
  expect(overview.pending_total).toBe(0);
  expect((overview.projects as Array<{ id: string; pending_checkpoints: number }>).find((p) => p.id !== researchId)?.pending_checkpoints).toBe(1);
});

test('a near-duplicate the assistant writes is discarded: no batch asks the scientist about it, and its row names its twin', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  const { assistant, shortcut, researchId } = await projectPastItsPlan(servers, 2);
  // The assistant writes the first two hypotheses itself, then is asked for one more that repeats the first.
  const first = (await assistant.continueResearch(researchId)).work_item;
  expect(first?.kind).toBe('generate');
  const original = hypothesisDraft(7001);
  const submitted = await assistant.call('submit_work', { task_id: first?.task_id, result: { hypotheses: [original, hypothesisDraft(7002)] } });
  const [batch] = (submitted.next as { checkpoints: Array<{ checkpoint_id: string; payload: { hypothesis_ids: string[] } }> }).checkpoints;
  await shortcut.call('decide', { checkpoint_id: batch?.checkpoint_id, action: 'approve' });
  const extra = (await assistant.call('generate_hypotheses', { research_id: researchId, count: 1, method: 'debate' })).work_item as { task_id: string };
  const copy = { ...original, summary: (original.summary as string).replace('targeting', 'inhibiting') };
  const stored = await assistant.call('submit_work', { task_id: extra.task_id, result: { hypotheses: [copy] } });
  expect(stored.stored).toContain('discarded as near-duplicates (stored as rejected, out of the run): H3 (of H1)');

  // The generation rules say the proximity check discards it (docs/workflow-rules.md, Near-duplicates): nothing waits for the scientist.
  await app.open(webHost.url);
  await room.openInbox();
  await expect(page.getByTestId(testId.inboxEmpty)).toBeVisible();
  await expect(room.inboxItem('hypothesis_batch')).toHaveCount(0);
  const listed = await shortcut.call('list_hypotheses', { research_id: researchId });
  const rows = listed.hypotheses as Array<{ id: string; number: number; status: string; near_duplicate_of: string | null }>;
  const twin = rows.find((h) => h.number === 1);
  expect(rows.find((h) => h.number === 3)).toMatchObject({ status: 'rejected', near_duplicate_of: twin?.id });
});
