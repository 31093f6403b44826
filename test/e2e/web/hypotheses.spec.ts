// Hypothesis detail: everything about one hypothesis after an assistant ran the research through
// reviews and a tournament, and what the scientist can do with it.
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { REPO_ROOT } from './support/paths.js';
import { connectResearchAssistant, connectScientistShortcut, sixtyWordSummary } from './support/researchAssistant.js';
import { testId, testIdWith } from './locators.js';

const GOAL = 'Find novel therapeutic targets for liver fibrosis';

/** A project researched up to its final report (the only kind it pauses at), with reviews and matches. */
async function researchedProject(dataDir: string): Promise<void> {
  const scientist = await connectScientistShortcut(dataDir);
  const assistant = await connectResearchAssistant(dataDir);
  try {
    const started = await scientist.call('start_research', { goal: GOAL, hypothesis_count: 3, pause_at: ['final_report'] });
    const waiting = await assistant.workUntilDecision(started.research_id as string);
    expect(waiting.map((c) => c.kind)).toEqual(['final_report']);
  } finally {
    await Promise.all([scientist.close(), assistant.close()]);
  }
}

test('a hypothesis shows every field, its reviews as score bars and its matches; the scientist queues work and reviews it', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  await researchedProject(workspace.dataDir);
  await app.open(webHost.url);
  await room.openProject(GOAL);
  // After a tournament round the meta-review sums up the research.
  await expect(page.getByTestId(testId.detailResearchOverview)).toContainText('Epigenetic regulators of stellate cell activation');
  await expect(page.getByTestId(testId.detailMetaReview)).toContainText('Human relevance is rarely tested');
  await page.getByTestId(testId.detailMetaReview).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'project-meta-review.png') });
  await room.openDetailTab('hypotheses');
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'project-hypotheses.png') });
  await room.hypothesisItem(1).click();

  const detail = room.hypothesis;
  await expect(detail.getByTestId(testId.hypothesisSummary)).toContainText('Variant');
  // The scripted assistant words each draft's rationale apart (test/support/fakeAssistant.ts), so none is a near-duplicate.
  await expect(detail.getByTestId(testId.hypothesisRationale)).toHaveText(/^Variant \d+ rationale\. \w+/);
  await expect(detail.getByTestId(testId.hypothesisProtocol)).toContainText('CCl4');
  await expect(detail.getByTestId(testId.hypothesisPredictions)).toContainText('hydroxyproline');
  await expect(detail.getByTestId(testId.hypothesisAssumptions)).toContainText('required for stellate cell activation');
  await expect(detail.getByTestId(testId.hypothesisOrigin)).toHaveText('Generated');
  // Cited from "memory": not a knowledge-base document this project read.
  const citation = detail.getByTestId(testId.citation).first();
  await expect(citation.getByTestId(testId.citationUnverified)).toBeVisible();
  await expect(citation.getByRole('link', { name: /^doi:10\.1000\/r\d+$/ })).toHaveAttribute('href', /^https:\/\/doi\.org\/10\.1000\/r\d+$/);

  const review = detail.getByTestId(testId.review).first();
  await expect(review).toHaveAttribute('data-judge', 'model');
  await expect(review.getByTestId(testId.scorePlausibility)).toHaveAttribute('aria-valuenow', '0.7');
  await expect(review.getByTestId(testId.scoreSafety)).toHaveAttribute('aria-valuenow', '0.95');
  await expect(review.getByTestId(testId.reviewStrengthsList)).toContainText('Clear mechanism');
  const matches = detail.getByTestId(testId.match);
  expect(await matches.count()).toBeGreaterThan(0);
  await expect(matches.first().getByTestId(testId.matchRationale)).toContainText('names a specific mechanism');
  await expect(detail.getByTestId(testId.hypothesisMatchesPlayed)).toHaveText(new RegExp(`^${await matches.count()} \\(\\d+\\)$`));
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'hypothesis-detail.png') });

  // The app does no reasoning itself: asked-for work is queued for the assistant.
  await detail.getByTestId(testId.reviewType).selectOption('deep_verification');
  await detail.getByTestId(testId.requestReview).click();
  await expect(detail.getByTestId(testId.queuedNotice)).toContainText('queued for your assistant — ask Claude to continue the research');

  // The scientist's own review joins the others, marked as theirs.
  await detail.getByTestId(testId.writeReview).click();
  const dialog = page.getByTestId(testId.reviewDialog);
  await dialog.getByTestId(testId.reviewScorePlausibility).fill('0.35');
  await dialog.getByTestId(testId.reviewStrengths).fill('Uses an existing inhibitor\nCheap readout');
  await dialog.getByTestId(testId.reviewWeaknesses).fill('The mouse models may not translate to humans');
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'hypothesis-review-dialog.png') });
  await dialog.getByTestId(testId.reviewSubmit).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByTestId(testId.reviewSaved)).toBeVisible();
  const mine = detail.locator(testIdWith(testId.review, { 'data-judge': 'human' }));
  await expect(mine).toContainText('by you');
  await expect(mine.getByTestId(testId.scorePlausibility)).toHaveAttribute('aria-valuenow', '0.35');
  await expect(mine.getByTestId(testId.reviewStrengthsList).locator('li')).toHaveText(['Uses an existing inhibitor', 'Cheap readout']);
  await mine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'hypothesis-reviews.png') });

  // The queued review is on the project's timeline, waiting for an assistant.
  await detail.getByTestId(testId.hypothesisBack).click();
  await room.openDetailTab('timeline');
  // Oldest first: the latest entries are at the end of a long timeline, rendered once in view.
  await expect(async () => {
    await room.scrollTimelineToEnd();
    await expect(room.timelineEntry('The scientist wrote a review')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'project-timeline-end.png') });
  await expect(room.timelineEntry('Review 1 hypothesis (deep verification)')).toContainText('waiting for an assistant · asked for by you');
  await expect(room.timelineEntry('The scientist wrote a review')).toContainText('by you');
});

test('the scientist adds their own hypothesis; the server’s rules show in the form', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(90_000);
  const room = new ControlRoom(page);
  await researchedProject(workspace.dataDir);
  await app.open(webHost.url);
  const form = await room.openAddHypothesisForm(GOAL);
  await form.getByTestId(testId.addHypothesisSummary).fill('BRD4 inhibition reverses liver fibrosis in mice.');
  await expect(form.getByTestId(testId.addHypothesisWords)).toContainText('7 words');
  await form.getByTestId(testId.addHypothesisRationale).fill('BRD4 drives the super-enhancers of the fibrogenic programme of activated hepatic stellate cells.');
  await form.getByTestId(testId.addHypothesisProtocol).fill('Treat CCl4-injured mice with JQ1 or vehicle for six weeks; quantify collagen by hydroxyproline and Sirius red.');
  await form.getByTestId(testId.addHypothesisPredictions).fill('JQ1 lowers hydroxyproline by at least 30%\nFewer alpha-SMA positive cells');
  await form.getByTestId(testId.addHypothesisSubmit).click();
  await expect(form.getByTestId(testId.addHypothesisError)).toContainText('50-100 words');

  await form.getByTestId(testId.addHypothesisSummary).fill(sixtyWordSummary('the bromodomain protein BRD4'));
  await expect(form.getByTestId(testId.addHypothesisWords)).toContainText('60 words');
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'hypothesis-add.png') });
  await form.getByTestId(testId.addHypothesisSubmit).click();

  await expect(page.getByTestId(testId.addHypothesisDialog)).toBeHidden();
  const detail = room.hypothesis;
  await expect(detail.getByTestId(testId.hypothesisSummary)).toContainText('the bromodomain protein BRD4');
  await expect(detail.getByTestId(testId.hypothesisOrigin)).toHaveText('Written by you');
  await expect(detail.getByTestId(testId.hypothesisStatus)).toHaveText('Not yet reviewed');
  await expect(detail.getByText('awaiting your approval')).toHaveCount(0);
  await expect(detail.getByTestId(testId.hypothesisPredictions).locator('li')).toHaveCount(2);

  await detail.getByTestId(testId.hypothesisBack).click();
  await room.openDetailTab('hypotheses');
  await expect(page.getByTestId(testId.hypothesisItem).filter({ hasText: 'the bromodomain protein BRD4' }).getByTestId(testId.hypothesisOrigin)).toHaveText('Written by you');
});
