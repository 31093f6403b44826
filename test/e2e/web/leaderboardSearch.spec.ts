// The board is read with table-length summaries (queries.ts, BOARD_SUMMARY_CHARS) and searched in
// the server (serverSearch.ts): a word that is only in the tail of a summary, past the cut, is
// still found; the search's rows agree with the other filters; a cut summary is marked, and the
// hypothesis panel shows the whole text. The seeder's summaries name their readout near the end.
import { loadSeeder } from '../../../bench/leaderboard.js';
import { searchTerms, searchText, matchesTerms } from '../../../src-shared/leaderboardSearch.js';
import { expect, test } from './support/fixtures.js';
import { testId } from './locators.js';
import { openSession } from './support/researchRun.js';
import { LeaderboardPage } from './support/tournamentPages.js';
import { startWebHost } from './support/webHost.js';

const HYPOTHESES = 120;
const TAIL_WORD = 'elastography';

test.setTimeout(120_000);

interface FullRow {
  id: string;
  number: number;
  summary: string;
  origin: string;
}

test('a word only in the tail of a cut summary is found by the server, agrees with the filters, and reads in full in the panel', async ({ app, page, workspace }) => {
  const { seedTournament } = await loadSeeder();
  const seeded = await seedTournament(workspace.dataDir, { hypotheses: HYPOTHESES, rounds: 2, seed: 3 });
  // The whole summaries, as an assistant's client reads them, decide which rows a search must find.
  const reader = await openSession(workspace.dataDir, 'desktop');
  let full: FullRow[];
  try {
    full = ((await reader.call('get_leaderboard', { research_id: seeded.projectId, limit: 1000 })) as unknown as { rows: FullRow[] }).rows;
  } finally {
    await reader.close();
  }
  const withWord = full.filter((row) => matchesTerms(searchText(row), searchTerms(TAIL_WORD)));
  expect(withWord.length).toBeGreaterThan(2);
  for (const row of withWord) expect(row.summary.indexOf(TAIL_WORD)).toBeGreaterThan(120);

  const host = await startWebHost(workspace);
  try {
    await app.open(host.url);
    const board = new LeaderboardPage(page);
    await board.openWhole(HYPOTHESES);
    const target = withWord[0] as FullRow;

    await page.getByTestId(testId.leaderboardSearch).fill(TAIL_WORD.toUpperCase());
    await expect(page.getByTestId(testId.leaderboardTab)).toHaveAttribute('data-search', 'settled');
    await expect(page.getByTestId(testId.leaderboardCount)).toHaveText(`Showing ${withWord.length} of ${HYPOTHESES} hypotheses`);
    // The row carries the summary's start only, marked as cut, without the word the search found.
    const summaryCell = board.row(target.id).getByTestId(testId.rowSummary);
    const shownSummary = (await summaryCell.getAttribute('title')) ?? '';
    expect(shownSummary.endsWith('…')).toBe(true);
    expect(shownSummary).not.toContain(TAIL_WORD);
    expect(target.summary.startsWith(shownSummary.slice(0, -1))).toBe(true);

    // With a filter, the rows are those both the search and the filter let through.
    const evolved = withWord.filter((row) => row.origin === 'evolved');
    expect(evolved.length).toBeGreaterThan(0);
    await page.getByTestId(testId.filterOrigin).selectOption('evolved');
    await expect(page.getByTestId(testId.leaderboardCount)).toHaveText(`Showing ${evolved.length} of ${HYPOTHESES} hypotheses`);
    expect((await board.shown()).map((row) => row.id).sort()).toEqual(evolved.map((row) => row.id).sort());
    await page.getByTestId(testId.filterOrigin).selectOption('all');

    // Where the scientist reads it, the summary is whole.
    await board.row(target.id).click();
    await expect(page.getByTestId(testId.hypothesisPanel).getByTestId(testId.hypothesisSummary)).toHaveText(target.summary);
  } finally {
    await host.stop();
  }
});
