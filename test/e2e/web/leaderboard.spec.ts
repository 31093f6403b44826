// The tournament in the GUI, on a project an assistant runs while the scientist watches: the
// leaderboard fills live, shows ranks, interval bars and the certified top-k, sorts, filters and
// searches; compare shows two hypotheses in full; the lineage links evolved hypotheses to their
// parents; the Elo chart draws the top five with their 95% intervals, and the scientist changes
// how many and which it draws.
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { testId, testIdWith, withAttributes } from './locators.js';
import { REPO_ROOT } from './support/paths.js';
import { openSession, runResearchToCompletion, type Structured } from './support/researchRun.js';
import { LeaderboardPage } from './support/tournamentPages.js';

const shot = (name: string): string => path.join(REPO_ROOT, 'test-results', `${name}.png`);

// Each test runs a whole research workflow over real stdio before it looks at the GUI.
test.setTimeout(120_000);

interface Row { id: string; number: number; rank: number | null; origin: string; parents: string[]; certified_top_k: boolean; elo_score: number; bt_score: number | null; ci95: { low: number; high: number } | null }

test('the leaderboard of a project run by an assistant: live, ranked, certified, sortable, searchable, with compare, lineage and Elo history', async ({ app, page, webHost, workspace }) => {
  await app.open(webHost.url);
  const board = new LeaderboardPage(page);
  await board.open();
  await expect(page.getByTestId(testId.leaderboardNoProjects)).toContainText('No research projects yet');

  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  let expected: { k: number; rows: Row[] };
  try {
    const researchId = await runResearchToCompletion(assistant, desktop, { goal: 'Find novel therapeutic targets for liver fibrosis', hypotheses: 6 });
    const page1 = (await desktop.call('get_leaderboard', { research_id: researchId, limit: 1000 })) as Structured & { k: number; rows: Row[] };
    expected = { k: page1.k, rows: page1.rows };
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }

  // Pushed through the change feed: no reload, no click.
  await board.waitForRows(expected.rows.length);
  await expect(page.getByTestId(testId.leaderboardCertified)).toHaveText(`Top-${expected.k} certified`);
  const shown = await board.shown();
  expect(shown.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
  expect(shown.filter((r) => r.rank !== '—').map((r) => r.rank)).toEqual(expected.rows.filter((r) => r.rank !== null).map((r) => String(r.rank)));
  await expect(page.getByTestId(testId.certifiedMarker)).toHaveCount(expected.k);
  for (const row of expected.rows.filter((r) => r.certified_top_k)) await expect(board.row(row.id).getByTestId(testId.certifiedMarker)).toBeVisible();
  const ranked = expected.rows.filter((r) => r.rank !== null);
  await expect(page.getByTestId(testId.ciBar)).toHaveCount(ranked.length);
  await expect(board.row(ranked[0]?.id as string).getByTestId(testId.ciBar)).toHaveAttribute('aria-label', /Bradley-Terry score \d+, 95% interval \d+ to \d+/);
  await page.screenshot({ path: shot('leaderboard-table') });

  // Sorting: by Elo, highest first; clicking again flips it; by number, H1 first.
  await page.getByTestId(testId.sortElo).click();
  const byElo = (await board.shown()).map((r) => r.elo);
  expect(byElo).toEqual([...byElo].sort((a, b) => b - a));
  await expect(page.locator(withAttributes({ role: 'columnheader', 'aria-sort': 'descending' }))).toContainText('Elo');
  await page.getByTestId(testId.sortElo).click();
  const byEloAsc = (await board.shown()).map((r) => r.elo);
  expect(byEloAsc).toEqual([...byEloAsc].sort((a, b) => a - b));
  await page.getByTestId(testId.sortNumber).click();
  expect((await board.shown())[0]?.id).toBe(expected.rows.find((r) => r.number === 1)?.id);
  await page.getByTestId(testId.sortRank).click();

  // Filters: origin, minimum Elo, search; and the state that says what to do when nothing matches.
  const evolved = expected.rows.filter((r) => r.origin === 'evolved');
  await page.getByTestId(testId.filterOrigin).selectOption('evolved');
  await expect(board.rows).toHaveCount(evolved.length);
  await expect(page.getByTestId(testId.leaderboardCount)).toHaveText(`Showing ${evolved.length} of ${expected.rows.length} hypotheses`);
  await page.getByTestId(testId.filterOrigin).selectOption('all');
  const threshold = Math.round([...ranked].sort((a, b) => b.elo_score - a.elo_score)[2]?.elo_score ?? 1000);
  await page.getByTestId(testId.filterMinElo).fill(String(threshold));
  await expect(board.rows).toHaveCount(expected.rows.filter((r) => r.elo_score >= threshold).length);
  await page.getByTestId(testId.filtersClear).click();
  const target = ranked[1] as Row;
  await page.getByTestId(testId.leaderboardSearch).fill(target.id);
  await expect(board.rows).toHaveCount(1);
  await expect(board.row(target.id)).toBeVisible();
  await page.getByTestId(testId.leaderboardSearch).fill('no hypothesis says this');
  await expect(page.getByTestId(testId.leaderboardNoMatch)).toContainText('No hypothesis matches');
  await page.getByTestId(testId.leaderboardNoMatch).getByRole('button', { name: 'Clear filters' }).click();
  await expect(board.rows).toHaveCount(expected.rows.length);

  // Compare: tick two rows, then see both in full with their latest review.
  const [a, b] = ranked as [Row, Row];
  await board.row(a.id).getByTestId(testId.compareToggle).check();
  await board.row(b.id).getByTestId(testId.compareToggle).check();
  await board.tab('compare');
  const sides = page.getByTestId(testId.compareSide);
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0)).toHaveAttribute('data-id', a.id);
  await expect(sides.nth(1)).toHaveAttribute('data-id', b.id);
  await expect(sides.nth(0).getByTestId(testId.compareScores)).toContainText('overall');
  await expect(sides.nth(0)).toContainText('Experimental protocol');
  await expect(page.getByTestId(testId.compareH2h)).toContainText(`H${a.number}`);
  await page.screenshot({ path: shot('leaderboard-compare'), fullPage: true });

  // Lineage: every evolved hypothesis is linked to each of its parents.
  await board.tab('lineage');
  const child = evolved[0] as Row;
  await expect(page.locator(testIdWith(testId.lineageNode, { 'data-id': child.id }))).toBeVisible();
  for (const parent of child.parents) {
    await expect(page.locator(testIdWith(testId.lineageEdge, { 'data-from': parent, 'data-to': child.id }))).toHaveCount(1);
    await expect(page.locator(testIdWith(testId.lineageNode, { 'data-id': parent }))).toBeVisible();
  }
  await page.locator(testIdWith(testId.lineageNode, { 'data-id': child.id })).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(testId.lineageDetail)).toContainText('Evolved');
  await page.screenshot({ path: shot('leaderboard-lineage') });

  // Elo over time: the top five (and the two ticked ones, already among them), each with the
  // 95% interval of the score its rank comes from — the leaderboard's own numbers.
  await board.tab('history');
  const series = page.getByTestId(testId.eloSeries);
  await expect(series).toHaveCount(Math.min(5, ranked.length));
  await expect(page.getByTestId(testId.eloChart).locator('title')).toContainText('Elo over the');
  await expect(page.getByTestId(testId.eloInterval)).toHaveCount(Math.min(5, ranked.length));
  for (const row of ranked.slice(0, 5)) {
    const ci = row.ci95 as { low: number; high: number };
    const interval = page.locator(testIdWith(testId.eloSeries, { 'data-id': row.id })).getByTestId(testId.eloInterval);
    await expect(interval).toHaveAttribute('data-low', String(ci.low));
    await expect(interval).toHaveAttribute('data-high', String(ci.high));
    await expect(page.locator(testIdWith(testId.eloLegendItem, { 'data-id': row.id }))).toContainText(`rank ${row.rank}, score ${Math.round(row.bt_score as number)}, 95% interval ${ci.low}–${ci.high}`);
  }
  await page.screenshot({ path: shot('leaderboard-elo-history') });

  // How many: the top three (the ticked two are among them).
  await page.getByTestId(testId.eloTop).selectOption('3');
  await expect(series).toHaveCount(3);
  expect(await series.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-id')))).toEqual(ranked.slice(0, 3).map((r) => r.id));
  // Which: take one off from its legend, add another from the list; the choice survives a look at the table.
  const dropped = ranked[2] as Row;
  await page.locator(testIdWith(testId.eloLegendItem, { 'data-id': dropped.id })).getByTestId(testId.eloRemove).click();
  await expect(series).toHaveCount(2);
  await expect(page.locator(testIdWith(testId.eloSeries, { 'data-id': dropped.id }))).toHaveCount(0);
  const extra = expected.rows[expected.rows.length - 1] as Row;
  await page.getByTestId(testId.eloAdd).selectOption(extra.id);
  await expect(series).toHaveCount(3);
  await expect(page.locator(testIdWith(testId.eloSeries, { 'data-id': extra.id }))).toHaveCount(1);
  await expect(page.getByTestId(testId.eloNote)).toContainText('those you added');
  await board.tab('table');
  await board.tab('history');
  await expect(series).toHaveCount(3);
  for (const colorScheme of ['light', 'dark'] as const) {
    // Without motion: a colour transition caught halfway is not what the scientist reads.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `Elo chart with intervals, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
});
