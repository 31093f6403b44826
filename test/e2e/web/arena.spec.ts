// Arena mode in the GUI: the scientist judges a pair the tournament proposes; the vote is stored
// as a human match, shows in the match list marked as such, and moves both ratings at once.
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { openSession, runResearchToCompletion } from './support/researchRun.js';
import { LeaderboardPage } from './support/tournamentPages.js';
import { testId, testIdWith } from './locators.js';

const shot = (name: string): string => path.join(REPO_ROOT, 'test-results', `${name}.png`);

// Each test runs a whole research workflow over real stdio before it looks at the GUI.
test.setTimeout(120_000);

test('a vote in the arena is recorded as human, listed in the matches and moves the ratings', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  let total: number;
  try {
    const researchId = await runResearchToCompletion(assistant, desktop, { goal: 'Explain why perovskite solar cells degrade under humid conditions', hypotheses: 6 });
    total = (await desktop.call('get_leaderboard', { research_id: researchId })).total as number;
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }

  await app.open(webHost.url);
  const board = new LeaderboardPage(page);
  await board.open();
  await board.waitForRows(total);

  await board.tab('matches');
  await page.getByTestId(testId.matchesJudge).selectOption('human');
  await expect(page.getByTestId(testId.matchesEmpty)).toContainText('You have not judged any pair yet');

  await board.tab('arena');
  const pair = page.getByTestId(testId.arenaPair);
  await expect(pair).toBeVisible();
  const first = (await pair.getAttribute('data-first')) as string;
  const second = (await pair.getAttribute('data-second')) as string;
  expect(first).not.toBe(second);
  await expect(page.getByTestId(testId.arenaCardLeft)).toHaveAttribute('data-id', first);
  await expect(page.getByTestId(testId.arenaCardRight)).toHaveAttribute('data-id', second);
  await page.screenshot({ path: shot('arena') });

  // Ratings before, as the table shows them.
  await board.tab('table');
  const before = { first: await board.eloOf(first), second: await board.eloOf(second) };
  await board.tab('arena');
  await expect(pair).toHaveAttribute('data-first', first);

  // The right-hand hypothesis wins, by keyboard: → is "Right is better", even with the focus
  // still on the Arena tab (the arrows choose a side there, they do not switch tabs).
  await page.getByTestId(testId.tabArena).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId(testId.tabArena)).toHaveAttribute('aria-selected', 'true');
  const recorded = page.getByTestId(testId.arenaRecorded);
  await expect(recorded).toContainText('Recorded:');
  await expect(page.getByTestId(testId.arenaVotes)).toHaveText('1 vote this session');
  // The refitted ratings arrive with the refreshed leaderboard.
  await expect(page.getByTestId(testId.arenaRecordedRatings)).toContainText('→');
  // The next pair is another one: the scientist's view of the pair just judged has not changed.
  const shownPair = async (): Promise<string> => [await pair.getAttribute('data-first'), await pair.getAttribute('data-second')].sort().join('|');
  await expect.poll(shownPair).not.toBe([first, second].sort().join('|'));
  await page.screenshot({ path: shot('arena-recorded') });

  // Outside the arena the arrow keys move between tabs; they never vote.
  await board.tab('table');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId(testId.tabHistory)).toHaveAttribute('aria-selected', 'true');

  await board.tab('matches');
  const humanRows = page.locator(testIdWith(testId.matchRow, { 'data-judge': 'human' }));
  await expect(humanRows).toHaveCount(1);
  await expect(humanRows.getByTestId(testId.matchJudge)).toHaveText('Human');
  await expect(humanRows.locator('.match-winner')).toContainText('won');
  await page.getByTestId(testId.matchesJudge).selectOption('all');
  await expect(page.getByTestId(testId.matchRow).first()).toHaveAttribute('data-judge', 'human');
  await page.screenshot({ path: shot('arena-matches') });

  await board.tab('table');
  await expect.poll(() => board.eloOf(second)).toBeGreaterThan(before.second);
  await expect.poll(() => board.eloOf(first)).toBeLessThan(before.first);
  await expect(page.getByTestId(testId.leaderboardSummary)).toContainText('movement since the last human vote');
});
