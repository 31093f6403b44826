// Rankings a scientist can read (issue 33 items 4–6): the board says in one line what rank
// follows and what the interval and P(top-k) mean; its badge counts the certified top-k members
// the rows mark, and neighbours whose intervals overlap are marked as tied; the Leaderboard opens
// on the project the scientist was viewing, and Compare picks survive a visit elsewhere.
import { expect, test } from './support/fixtures.js';
import { describeFindings, seriousAxeFindingsEverywhere } from './support/axe.js';
import { ControlRoom } from './support/controlRoom.js';
import { testId, testIdOf } from './locators.js';
import { openSession, runResearchToCompletion, type Structured } from './support/researchRun.js';
import { LeaderboardPage } from './support/tournamentPages.js';

// A whole research run, then axe in two schemes at two widths, on a shared machine.
test.setTimeout(420_000);

const VIEWED = 'Find novel therapeutic targets for liver fibrosis';
const NEWEST = 'Explain why perovskite solar cells degrade under humidity';

interface Row { id: string; number: number; rank: number | null; certified_top_k: boolean; ci95: { low: number; high: number } | null }

test('the board explains its ranking, its badge agrees with its marks, ties show, and it follows the project being viewed', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  let expected: { k: number; certified: boolean; rows: Row[] };
  try {
    const researchId = await runResearchToCompletion(assistant, desktop, { goal: VIEWED, hypotheses: 6 });
    const board = (await desktop.call('get_leaderboard', { research_id: researchId, limit: 1000 })) as Structured & typeof expected;
    expected = { k: board.k, certified: board.certified, rows: board.rows };
    // A newer, empty project: the board used to open on it.
    await assistant.call('start_research', { goal: NEWEST, hypothesis_count: 3 });
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }

  const room = new ControlRoom(page);
  const board = new LeaderboardPage(page);
  await app.open(webHost.url);
  await room.openProject(VIEWED);
  await board.open();
  await expect(page.getByTestId(testId.leaderboardProject).locator('option:checked')).toHaveText(VIEWED);
  await board.waitForRows(expected.rows.length);

  // Item 4: one line says what rank follows and what the interval and P(top-k) mean.
  const legend = page.getByTestId(testId.leaderboardLegend);
  await expect(legend).toContainText('Rank follows the Bradley-Terry score');
  await expect(legend).toContainText('95% bootstrap range');
  await expect(legend).toContainText(`P(top-${expected.k}) is the share of bootstrap replicates`);

  // Item 5: the badge counts exactly the top-k rows marked certified.
  const marked = expected.rows.filter((r) => r.certified_top_k && r.rank !== null && r.rank <= expected.k);
  await expect(page.getByTestId(testId.leaderboardCertified)).toHaveText(expected.certified ? `Top-${expected.k} certified` : `${marked.length} of top-${expected.k} certified`);
  await expect(page.getByTestId(testId.certifiedMarker)).toHaveCount(expected.rows.filter((r) => r.certified_top_k).length);
  const ranked = expected.rows.filter((r) => r.rank !== null && r.ci95 !== null).sort((a, b) => (a.rank as number) - (b.rank as number));
  const ties = ranked.slice(1).flatMap((row, i) => {
    const above = ranked[i] as Row;
    const [a, b] = [above.ci95 as NonNullable<Row['ci95']>, row.ci95 as NonNullable<Row['ci95']>];
    return a.low <= b.high && b.low <= a.high ? [{ id: row.id, with: above.number }] : [];
  });
  expect(ties.length).toBeGreaterThan(0);
  await expect(page.getByTestId(testId.tiedMarker)).toHaveCount(ties.length);
  for (const tie of ties) await expect(board.row(tie.id).getByTestId(testId.tiedMarker)).toHaveAttribute('aria-label', `effectively tied with H${tie.with}, ranked just above: their intervals overlap`);
  const findings = await seriousAxeFindingsEverywhere(page, 'leaderboard with legend, badge and ties');

  // Item 6: Compare picks survive a visit to another section.
  const [first, second] = ranked;
  await board.row(first?.id as string).getByTestId(testId.compareToggle).check();
  await board.row(second?.id as string).getByTestId(testId.compareToggle).check();
  await room.openProjects();
  await board.openWhole(expected.rows.length);
  await expect(board.row(first?.id as string).getByTestId(testId.compareToggle)).toBeChecked();
  await expect(board.row(second?.id as string).getByTestId(testId.compareToggle)).toBeChecked();
  await expect(page.getByTestId(testIdOf.tab('compare'))).toContainText('2/2');

  // Viewing the newest project, then the Leaderboard: it follows.
  await room.openProject(NEWEST);
  await board.open();
  await expect(page.getByTestId(testId.leaderboardProject).locator('option:checked')).toHaveText(NEWEST);
  expect(findings, describeFindings(findings)).toEqual([]);
});
