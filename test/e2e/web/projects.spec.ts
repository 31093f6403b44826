// Research projects in the GUI, driven through the real web host, the real research servers and
// a shared SQLite database: what a scientist sees when an assistant or they themselves start research.
import path from 'node:path';
import { connectAssistant } from './support/assistant.js';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { ControlRoom } from './support/controlRoom.js';
import { connectResearchAssistant, connectScientistShortcut } from './support/researchAssistant.js';
import { driveResearchToCompletion, openSession, type Structured } from './support/researchRun.js';
import { LeaderboardPage, ProjectTopBoard } from './support/tournamentPages.js';
import { appState, testId } from './locators.js';

test('a project an assistant starts appears in the open GUI without a reload', async ({ app, page, webHost, workspace }) => {
  await app.open(webHost.url);
  await expect(app.serverState).toHaveAttribute('data-state', 'ready');
  await expect(app.emptyState).toContainText('Ask Claude');
  // The access token is moved out of the address bar as soon as the page has it.
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);

  const assistant = await connectAssistant(workspace.dataDir);
  const goal = 'Identify repurposable drugs that slow liver fibrosis progression';
  let started;
  try {
    started = await assistant.startResearch({ goal, domain: 'Pharmacology', hypothesis_count: 12 });
  } finally {
    await assistant.close();
  }

  // Pushed through the change feed: Claude's server → database → our server → host → page.
  const item = app.projectItem(goal);
  await expect(item).toBeVisible({ timeout: 5_000 });
  await expect(item.getByTestId(testId.projectStatus)).toHaveText('Initializing');
  await expect(item.getByTestId(testId.projectDomain)).toHaveText('pharmacology');
  await expect(item.getByTestId(testId.projectHypotheses)).toHaveText('aims for 12 hypotheses');
  await expect(item.getByTestId(testId.projectProgress)).toHaveAttribute('aria-valuenow', '0');
  await expect(item.getByTestId(testId.projectCreated)).toHaveText(/just now|second|minute/);
  await expect(app.emptyState).toBeHidden();

  await item.click();
  await expect(app.detail).toBeVisible();
  await expect(app.detailField('goal')).toHaveText(goal);
  await expect(app.detailField('research-id')).toHaveText(started.research_id);
  await expect(app.detailField('status')).toHaveText('Initializing');
  await expect(app.detailField('domain')).toHaveText('pharmacology');
  await expect(app.detailField('hypothesis-count')).toHaveText('12');
  await expect(app.detailField('generated')).toHaveText('0');
  await expect(app.detailField('reviewed')).toHaveText('0');
  await expect(app.detailField('in-tournament')).toHaveText('0');
  await expect(app.detailField('created-by')).toHaveText('claude-desktop');
  await expect(app.detailField('progress')).toHaveText('0% complete');
  await expect(app.detailField('estimated-completion')).toHaveText(/^about \d+ h( \d+ min)?$|^about \d+ min$/);
  await expect(app.detailField('top-hypothesis')).toContainText('None yet');

  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'projects-live.png') });
});

test('a scientist starts research with the New research form', async ({ app, webHost }) => {
  await app.open(webHost.url);
  const goal = 'Explain why perovskite solar cells degrade under humid conditions';

  await app.startResearchFromForm({ goal, domain: 'Materials science', budget: 5 });

  // The new project opens at once and joins the list.
  await expect(app.detailField('goal')).toHaveText(goal);
  await expect(app.detailField('domain')).toHaveText('materials science');
  await expect(app.detailField('hypothesis-count')).toHaveText('5');
  await expect(app.detailField('created-by')).toHaveText('desktop');
  await expect(app.page.getByTestId(testId.newResearchForm)).toBeHidden();
  await expect(app.projectItem(goal)).toHaveAttribute('aria-current', 'true');
  await expect(app.page.getByTestId(testId.projectCount)).toHaveText('1');
});

test('the New research form shows the server’s reason when it refuses a goal', async ({ app, webHost }) => {
  await app.open(webHost.url);

  await app.startResearchFromForm({ goal: 'Fibrosis' });

  const error = app.page.getByTestId(testId.newResearchError);
  await expect(error).toBeVisible();
  await expect(error.getByTestId(testId.newResearchErrorMessage)).toContainText('too short');
  await expect(app.page.getByTestId(testId.newResearchForm)).toBeVisible();
  await expect(app.emptyState).toBeVisible();
});

test('a page opened without the access token explains how to get in', async ({ page, webHost }) => {
  await page.goto(`${webHost.origin}/`);

  await expect(page.locator(appState('error'))).toBeVisible();
  await expect(page.getByTestId(testId.projectsError)).toContainText('not authorised');
});

test('the project view shows plan, budget, waiting approvals and a timeline of who did what', async ({ app, page, webHost, workspace }) => {
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  const assistant = await connectResearchAssistant(workspace.dataDir);
  const scientist = await connectScientistShortcut(workspace.dataDir);
  try {
    const goal = 'Find novel therapeutic targets for liver fibrosis';
    const researchId = await assistant.startResearch(goal, 3);
    const [plan] = await assistant.workUntilDecision(researchId);
    await scientist.call('decide', { checkpoint_id: plan?.checkpoint_id, action: 'approve' });
    await assistant.workUntilDecision(researchId);

    await expect(app.projectItem(goal).getByTestId(testId.projectPending)).toHaveText('1 waiting for you');
    await room.openProject(goal);
    await expect(page.getByTestId(testId.detailPending)).toContainText('A checkpoint waits for your decision');
    await expect(page.getByTestId(testId.detailBudgetUsed)).toHaveText('1 of 52 reasoning calls');
    await expect(page.getByTestId(testId.detailPlan)).toContainText(goal);
    await expect(page.getByTestId(testId.detailPauseAt)).toHaveText('Pauses for your decision at: Research plan, New hypotheses, Evolution plan, Final report and safety reviews.');
    await expect(page.getByTestId(testId.detailMetaReview)).toContainText('None yet');
    await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'project-overview.png') });

    await room.openDetailTab('timeline');
    await expect(room.timelineEntry('Project started')).toContainText('by Claude Desktop');
    await expect(room.timelineEntry('Research plan approved')).toContainText('by you');
    await expect(room.timelineEntry(/Generate 3 hypotheses \(/)).toContainText('done by Claude Desktop (in its chat)');
    await expect(room.timelineEntry('Batch of new hypotheses: waiting for your decision')).toBeVisible();
    await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'project-timeline.png') });

    await page.getByRole('button', { name: 'Open in Checkpoints' }).click();
    await expect(room.inboxItem('hypothesis_batch')).toHaveAttribute('aria-current', 'true');
  } finally {
    await Promise.all([assistant.close(), scientist.close()]);
  }
});

test('delete can be undone while its toast shows; when the toast runs out the project is deleted', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(60_000);
  await app.open(webHost.url);
  const assistant = await connectResearchAssistant(workspace.dataDir);
  try {
    const kept = 'Explain why perovskite solar cells degrade under humidity';
    const doomed = 'Identify drug repurposing candidates for acute myeloid leukaemia';
    await assistant.startResearch(kept, 4);
    await assistant.startResearch(doomed, 4);
    await expect(page.getByTestId(testId.projectCount)).toHaveText('2');

    await app.projectItem(doomed).click();
    await page.getByTestId(testId.deleteProject).click();
    await expect(app.projectItem(doomed)).toBeHidden();
    await expect(page.getByTestId(testId.projectCount)).toHaveText('1');
    await expect(page.getByTestId(testId.deleteToast)).toContainText(`Deleted “${doomed}”`);
    await page.getByTestId(testId.deleteToastAction).click();
    await expect(app.projectItem(doomed)).toBeVisible();
    await expect(page.getByTestId(testId.deleteToast)).toBeHidden();

    // Undo took it back out of the research server's trash.
    const listed = await assistant.call('list_research_projects', {});
    expect(listed.total).toBe(2);

    await app.projectItem(doomed).click();
    await page.getByTestId(testId.deleteProject).click();
    await expect(page.getByTestId(testId.deleteToast)).toBeVisible();
    // The undo window is 8 s; the project is purged when the toast leaves.
    await expect(page.getByTestId(testId.deleteToast)).toBeHidden({ timeout: 15_000 });
    await expect.poll(async () => (await assistant.call('list_research_projects', {})).total).toBe(1);
    await page.reload();
    await expect(page.locator(appState('ready'))).toBeVisible();
    await expect(app.projectItem(kept)).toBeVisible();
    await expect(app.projectItem(doomed)).toHaveCount(0);
  } finally {
    await assistant.close();
  }
});

test('archive moves a project out of the list; restore brings it back', async ({ app, page, webHost, workspace }) => {
  await app.open(webHost.url);
  const assistant = await connectResearchAssistant(workspace.dataDir);
  try {
    const goal = 'Explain why perovskite solar cells degrade under humidity';
    await assistant.startResearch(goal, 4);
    await app.projectItem(goal).click();
    await page.getByTestId(testId.archiveProject).click();
    await expect(page.getByTestId(testId.archiveToast)).toContainText(`Archived “${goal}”`);
    await expect(page.getByTestId(testId.detailArchived)).toBeVisible();
    await expect(app.projectItem(goal)).toBeHidden();
    await expect(page.getByTestId(testId.projectsAllArchived)).toBeVisible();

    await page.getByTestId(testId.toggleArchived).click();
    await expect(app.projectItem(goal)).toBeVisible();
    await page.getByTestId(testId.restoreProject).click();
    await expect(page.getByTestId(testId.restoreToast)).toBeVisible();
    await expect(page.getByTestId(testId.detailArchived)).toBeHidden();
    await page.getByTestId(testId.toggleArchived).click();
    await expect(app.projectItem(goal)).toBeVisible();
    await expect(page.getByTestId(testId.projectCount)).toHaveText('1');
  } finally {
    await assistant.close();
  }
});

test('the project view shows the top of its leaderboard, filling live as the assistant judges; rows open hypotheses and the full tournament', async ({ app, page, webHost, workspace }) => {
  // A whole research workflow runs over real stdio while the page watches.
  test.setTimeout(120_000);
  const room = new ControlRoom(page);
  const top = new ProjectTopBoard(page);
  await app.open(webHost.url);
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  type Row = { id: string; number: number; elo_score: number; certified_top_k: boolean; rank: number | null };
  let researchId: string;
  let expected: Structured & { k: number; total: number; certified: boolean; rows: Row[] };
  const goal = 'Find novel therapeutic targets for liver fibrosis';
  try {
    researchId = (await assistant.call('start_research', { goal, hypothesis_count: 6 })).research_id as string;
    await room.openProject(goal);
    await expect(page.getByTestId(testId.projectTopBoardEmpty)).toContainText('No hypotheses yet');

    // The project stays open; everything below arrives through the change feed, no reload or click.
    await driveResearchToCompletion(assistant, desktop, researchId);
    expected = (await desktop.call('get_leaderboard', { research_id: researchId, limit: 10 })) as typeof expected;
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }

  await expect(top.board).toHaveAttribute('data-total', String(expected.total));
  await expect.poll(() => top.shown()).toEqual(expected.rows.map((r) => ({ id: r.id, elo: Math.round(r.elo_score) })));
  await expect(page.getByTestId(testId.projectTopBoardCertified)).toHaveText(expected.certified ? `Top-${expected.k} certified` : `${expected.rows.filter((r) => r.certified_top_k && r.rank !== null && r.rank <= expected.k).length} of top-${expected.k} certified`);
  const certified = expected.rows.filter((r) => r.certified_top_k);
  await expect(top.board.getByTestId(testId.certifiedMarker)).toHaveCount(certified.length);
  for (const row of certified) await expect(top.row(row.id).getByTestId(testId.certifiedMarker)).toBeVisible();
  await top.board.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'project-top-board.png') });

  // A row opens that hypothesis; its back link returns to the project.
  const leader = expected.rows[0] as Row;
  await top.row(leader.id).getByTestId(testId.rowOpen).click();
  await expect(page.getByTestId(testId.hypothesisDetail)).toContainText(leader.id);
  await page.getByTestId(testId.hypothesisBack).click();
  await expect(top.rows).toHaveCount(expected.rows.length);

  // The full tournament opens on this project.
  await page.getByTestId(testId.openFullLeaderboard).click();
  const board = new LeaderboardPage(page);
  await expect(board.section).toBeVisible();
  await expect(page.getByTestId(testId.leaderboardProject)).toHaveValue(researchId);
  await board.waitForRows(expected.total);
  await expect(board.row(leader.id)).toHaveAttribute('data-rank', '1');
});
