// The one hypothesis side panel beyond the leaderboard (issue 18, item 1): opened from the
// hypotheses a checkpoint names in the inbox, and from the arena (without the standings, so the
// judge is not anchored); the scientist renames a hypothesis there, with a bad title refused and
// a rename made meanwhile reported instead of overwritten, and every rename listed in its history.
// Real web host, real servers.
import { expect, test } from './support/fixtures.js';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { ControlRoom } from './support/controlRoom.js';
import { testId } from './locators.js';
import { sixtyWordSummary } from './support/researchAssistant.js';
import { openSession, runResearchToCompletion } from './support/researchRun.js';
import { hypothesisDraft } from '../../support/fakeAssistant.js';
import { LeaderboardPage } from './support/tournamentPages.js';

const GOAL = 'Identify drug repurposing candidates for acute myeloid leukaemia';

test('the inbox opens the hypotheses a checkpoint names in the side panel, where the scientist renames one', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  const scientist = await servers.scientist();
  const researchId = await assistant.startResearch(GOAL, 4);
  const [plan] = await assistant.workUntilDecision(researchId);
  await scientist.call('decide', { checkpoint_id: plan?.checkpoint_id, action: 'approve' });
  const [batch] = await assistant.workUntilDecision(researchId);
  expect(batch?.kind).toBe('hypothesis_batch');
  const summaries = await assistant.summaries(researchId);

  await room.openInbox();
  await room.inboxItem('hypothesis_batch').click();
  const named = page.getByTestId(testId.checkpointHypothesisOpen);
  await expect(named).toHaveCount(summaries.size);
  const first = named.first();
  const id = (await first.getAttribute('data-hypothesis-id')) as string;
  await first.click();

  const panel = page.getByTestId(testId.hypothesisPanel);
  await expect(panel.getByTestId(testId.hypothesisSummary)).toHaveText(summaries.get(id) as string);
  await expect(panel.getByTestId(testId.hypothesisTitle)).toContainText(/^H\d+ · .+/);
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`#/inbox\\?.*hypothesis=${id}`));
  await expect(page).toHaveURL(new RegExp(`#/inbox\\?.*checkpoint=${batch?.checkpoint_id}`));
  // The decision stays in reach beside the panel.
  await expect(page.getByTestId(testId.approveButton)).toBeVisible();
  const findings = await seriousAxeFindings(page, 'inbox with hypothesis panel');
  expect(findings, describeFindings(findings)).toEqual([]);

  // Rename: a bad title is refused before it is sent, with what to change.
  await panel.getByTestId(testId.hypothesisRename).click();
  const input = panel.getByTestId(testId.hypothesisTitleInput);
  await input.fill('x'.repeat(101));
  await expect(panel.getByTestId(testId.hypothesisTitleHint)).toHaveText('101 of at most 100 characters.');
  await expect(panel.getByTestId(testId.hypothesisTitleSave)).toBeDisabled();
  await input.fill('   ');
  await expect(panel.getByTestId(testId.hypothesisTitleHint)).toHaveText('Write a few words.');
  await input.fill('Venetoclax plus metformin starves AML stem cells');
  await panel.getByTestId(testId.hypothesisTitleSave).click();
  await expect(panel.getByTestId(testId.hypothesisTitle)).toHaveText(/· Venetoclax plus metformin starves AML stem cells$/);
  await expect(panel.getByTestId(testId.hypothesisTitleDerived)).toHaveCount(0);
  // Only the title changed.
  await expect(panel.getByTestId(testId.hypothesisSummary)).toHaveText(summaries.get(id) as string);

  // Renamed elsewhere while the form is open: saving says so and overwrites nothing.
  await panel.getByTestId(testId.hypothesisRename).click();
  await scientist.call('set_hypothesis_title', { hypothesis_id: id, title: 'Renamed in another window', expected_title: 'Venetoclax plus metformin starves AML stem cells' });
  // The form learns of it at once (the change feed) and says what saving would do.
  await expect(panel.getByTestId(testId.hypothesisTitleChanged)).toContainText('Renamed elsewhere meanwhile to “Renamed in another window”');
  await panel.getByTestId(testId.hypothesisTitleInput).fill('My third title');
  await panel.getByTestId(testId.hypothesisTitleSave).click();
  await expect(panel.getByTestId(testId.hypothesisTitleError)).toContainText('was renamed meanwhile to “Renamed in another window”; nothing was changed');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByTestId(testId.hypothesisTitle)).toHaveText(/· Renamed in another window$/);
  const stored = (await scientist.call('get_hypothesis', { hypothesis_id: id })).hypothesis as { title: string };
  expect(stored.title).toBe('Renamed in another window');
  // The panel's history lists both renames, newest first: who, when, old → new.
  const edits = panel.getByTestId(testId.titleEdit);
  await expect(edits).toHaveCount(2);
  // (The quotation marks around each title are drawn by <q>, not part of the text.)
  await expect(edits.nth(0)).toContainText('renamed by you: Venetoclax plus metformin starves AML stem cells → Renamed in another window');
  await expect(edits.nth(1)).toContainText(/renamed by you: .+ → Venetoclax plus metformin starves AML stem cells$/);
  await expect(panel.getByTestId(testId.hypothesisCreated)).toContainText('written by');
  const historyFindings = await seriousAxeFindings(page, 'hypothesis panel with its rename history');
  expect(historyFindings, describeFindings(historyFindings)).toEqual([]);

  // Esc closes the panel; the checkpoint stays selected.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/inbox\\?checkpoint=${batch?.checkpoint_id}$`));
  await expect(page.getByTestId(testId.checkpointDetail)).toHaveAttribute('data-kind', 'hypothesis_batch');
});

test('the arena opens a hypothesis in the side panel without its standings; the leaderboard search opens it with them', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(150_000);
  const mcpAssistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  let total: number;
  try {
    const researchId = await runResearchToCompletion(mcpAssistant, desktop, { goal: 'Explain why perovskite solar cells degrade under humid conditions', hypotheses: 6 });
    total = (await desktop.call('get_leaderboard', { research_id: researchId })).total as number;
  } finally {
    await Promise.all([mcpAssistant.close(), desktop.close()]);
  }
  await app.open(webHost.url);
  const board = new LeaderboardPage(page);
  await board.openWhole(total);

  await board.tab('arena');
  const left = page.getByTestId(testId.arenaCardLeft);
  const leftId = (await left.getAttribute('data-id')) as string;
  await page.getByTestId(testId.arenaReadLeft).click();
  const panel = page.getByTestId(testId.hypothesisPanel);
  await expect(panel.getByTestId(testId.hypothesisDetail)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`hypothesis=${leftId}`));
  await expect(panel.getByTestId(testId.review).first()).toBeVisible();
  await expect(panel.getByTestId(testId.hypothesisElo)).toHaveCount(0);
  await expect(panel.getByTestId(testId.match)).toHaveCount(0);
  // Still judging: the pair is where it was.
  await expect(page.getByTestId(testId.arenaPair)).toHaveAttribute('data-first', leftId);
  await panel.getByTestId(testId.hypothesisBack).click();
  await expect(panel).toHaveCount(0);

  // From the leaderboard's search results, the same panel with the standings.
  await board.tab('table');
  const firstSummary = (await board.shown())[0]?.summary ?? '';
  const word = firstSummary.split(/\s+/).find((w) => w.length > 6) ?? firstSummary.slice(0, 8);
  await page.getByTestId(testId.leaderboardSearch).fill(word);
  await board.rows.first().getByTestId(testId.rowRank).click();
  await expect(panel.getByTestId(testId.hypothesisElo)).toBeVisible();
  await expect(panel.getByTestId(testId.match).first()).toBeVisible();
});

test('the final report shows one rank and the score it comes from, with intervals, the same as the panel', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const scientist = await servers.scientist();
  const assistant = await servers.assistant();
  const started = await scientist.call('start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3, pause_at: ['final_report'] });
  const waiting = await assistant.workUntilDecision(started.research_id as string);
  expect(waiting.map((c) => c.kind)).toEqual(['final_report']);

  const room = new ControlRoom(page);
  await app.open(webHost.url);
  await room.openInbox();
  await room.inboxItem('final_report').click();
  const items = page.getByTestId(testId.reportHypothesis);
  await expect(items.first()).toBeVisible();
  const shown = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const text = element.textContent ?? '';
      const score = /Bradley-Terry (-?[\d.]+) \(95% interval (-?[\d.]+)–(-?[\d.]+)\)/.exec(text);
      return { rank: Number(/^#(\d+)/.exec(text)?.[1]), score: Number(score?.[1]), low: Number(score?.[2]), high: Number(score?.[3]), elo: /Elo/.test(text) };
    }),
  );
  expect(shown.length).toBeGreaterThan(0);
  shown.forEach((row, index) => {
    expect(row.rank).toBe(index + 1);
    expect(row.elo).toBe(false);
    expect(row.low).toBeLessThanOrEqual(row.score);
    expect(row.high).toBeGreaterThanOrEqual(row.score);
    // Ordered by the score it shows: nothing looks mis-sorted.
    if (index > 0) expect(row.score).toBeLessThanOrEqual(shown[index - 1]?.score as number);
  });

  // The panel says the same of the top hypothesis.
  await page.getByTestId(testId.checkpointHypothesisOpen).first().click();
  const panel = page.getByTestId(testId.hypothesisPanel);
  await expect(panel.getByTestId(testId.hypothesisRank)).toHaveText('1');
  await expect(panel.getByTestId(testId.hypothesisBt)).toContainText(`${shown[0]?.score}95% interval ${shown[0]?.low}–${shown[0]?.high}`);
});

test('the inbox card of a hypothesis shows its stored core claim, with the full text on demand', async ({ app, page, webHost, servers }) => {
  test.setTimeout(90_000);
  const assistant = await servers.assistant();
  const scientist = await servers.scientist();
  const researchId = await assistant.startResearch(GOAL, 2);
  const [plan] = await assistant.workUntilDecision(researchId);
  await scientist.call('decide', { checkpoint_id: plan?.checkpoint_id, action: 'approve' });
  const item = (await assistant.continueResearch(researchId)).work_item;
  expect(item?.kind).toBe('generate');
  // One hypothesis with a core claim of its own (not the summary's first sentence), one without.
  const claimedDraft = hypothesisDraft(31, 'acute myeloid leukaemia');
  const claimedSummary = claimedDraft.summary as string;
  const claimed = { ...claimedDraft, core_claim: 'Blocking BCL-2 and complex I together starves leukaemic stem cells of energy.' };
  // Worded differently, so neither is held as a near-duplicate of the other.
  const plain = { ...hypothesisDraft(32), summary: sixtyWordSummary('regulator R32') };
  await assistant.call('submit_work', { task_id: item?.task_id, result: { hypotheses: [claimed, plain] } });

  const room = new ControlRoom(page);
  await app.open(webHost.url);
  await room.openInbox();
  await room.inboxItem('hypothesis_batch').click();
  const cards = room.checkpoint.getByTestId('payload-named-hypothesis');
  await expect(cards).toHaveCount(2);
  const first = cards.filter({ hasText: 'H1' });
  await expect(first.getByTestId(testId.namedClaim)).toHaveText(claimed.core_claim);
  await expect(first.getByTestId(testId.namedClaim)).toHaveAttribute('data-given', 'true');
  await expect(first).not.toContainText(claimedSummary);
  // Without a stored one, the claim derived from the summary's first sentences.
  const second = cards.filter({ hasText: 'H2' });
  await expect(second.getByTestId(testId.namedClaim)).toHaveAttribute('data-given', 'false');
  await expect(second.getByTestId(testId.namedClaim)).toContainText('Inhibiting regulator R32 in activated hepatic stellate cells');
  // The full text, summary first, on request.
  await expect(first.getByTestId(testId.namedFullText)).toHaveCount(0);
  await first.locator('summary').click();
  await expect(first.getByTestId(testId.namedSummary)).toHaveText(claimedSummary);
  await expect(first.getByTestId(testId.namedFullText)).toContainText('Experimental protocol');
  const findings = await seriousAxeFindings(page, 'inbox cards with core claims and full text');
  expect(findings, describeFindings(findings)).toEqual([]);
});
