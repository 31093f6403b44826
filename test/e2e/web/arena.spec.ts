// Arena mode in the GUI: the scientist judges a pair the tournament proposes; the vote is stored
// as a human match, shows in the match list marked as such, and moves both ratings at once; it is
// sent after a few seconds in which it can be taken back; the reason box is never under the votes.
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { openSession, runResearchToCompletion } from './support/researchRun.js';
import { LeaderboardPage } from './support/tournamentPages.js';
import { testId, testIdWith } from './locators.js';
import { describeFindings, seriousAxeFindings, seriousAxeFindingsEverywhere, type AxeFinding } from './support/axe.js';

const shot = (name: string): string => path.join(REPO_ROOT, 'test-results', `${name}.png`);

/** Runs a six-hypothesis project to completion over real stdio; returns how many hypotheses its leaderboard holds. */
async function hypothesesOfCompletedProject(dataDir: string): Promise<number> {
  const assistant = await openSession(dataDir, 'claude-desktop');
  const desktop = await openSession(dataDir, 'desktop');
  try {
    const researchId = await runResearchToCompletion(assistant, desktop, { goal: 'Explain why perovskite solar cells degrade under humid conditions', hypotheses: 6 });
    return (await desktop.call('get_leaderboard', { research_id: researchId })).total as number;
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }
}

// Each test runs a whole research workflow over real stdio before it looks at the GUI.
test.setTimeout(120_000);

test('a vote in the arena is recorded as human, listed in the matches and moves the ratings; it can be taken back before it is sent', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(240_000);
  const findings: AxeFinding[] = [];
  const total = await hypothesesOfCompletedProject(workspace.dataDir);

  // A controllable clock: the held vote waits while axe looks at it, and its countdown is skipped.
  await page.clock.install();
  await app.open(webHost.url);
  const board = new LeaderboardPage(page);
  await board.openWhole(total);

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

  findings.push(...(await seriousAxeFindingsEverywhere(page, 'arena with its reason box docked by the votes')));
  // The held vote lasts seconds, but stands still while the focus is in its toast (where Tab
  // reaches): axe looks at the whole page then, in each scheme and width, and Enter on Undo takes it back.
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1440, 800]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId(testId.tabArena).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId(testId.arenaVotePending)).toBeVisible();
      await page.getByTestId(testId.arenaVotePendingUndo).focus();
      findings.push(...(await seriousAxeFindings(page, `arena with a vote held (${colorScheme}, ${width} px)`)));
      await expect(page.getByTestId(testId.arenaVotePending)).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId(testId.arenaVoteUndone).last()).toBeVisible();
      await expect(pair).toHaveAttribute('data-first', first);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The right-hand hypothesis wins, by keyboard: → is "Right is better", even with the focus
  // still on the Arena tab (the arrows choose a side there, they do not switch tabs). The vote is
  // held for a few seconds: u takes it back, nothing is sent and the same pair is shown again.
  await page.getByTestId(testId.tabArena).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId(testId.tabArena)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(testId.arenaVoteHeld)).toContainText('is sent in 5 seconds');
  await expect(page.getByTestId(testId.arenaVotePending)).toBeVisible();
  await page.keyboard.press('u');
  await expect(page.getByTestId(testId.arenaVoteUndone).last()).toContainText('nothing was sent');
  await expect(page.getByTestId(testId.arenaVoteHeld)).toBeHidden();
  await expect(pair).toHaveAttribute('data-first', first);
  await expect(pair).toHaveAttribute('data-second', second);
  // Sent seconds later, not before: the vote counter waits for the server's answer.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId(testId.arenaVoteHeld)).toBeVisible();
  await expect(page.getByTestId(testId.arenaVotes)).toHaveText('No votes yet this session');
  await page.clock.fastForward(6_000);
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
  // The taken-back vote was never sent: one human match, not two.
  await board.tab('matches');
  await page.getByTestId(testId.matchesJudge).selectOption('human');
  await expect(humanRows).toHaveCount(1);
  expect(findings, describeFindings(findings)).toEqual([]);
});

test('the reason box is never under the vote buttons, at 1440 and 800 px; a vote taken back by mouse is not sent', async ({ app, page, webHost, workspace }) => {
  const total = await hypothesesOfCompletedProject(workspace.dataDir);
  await app.open(webHost.url);
  const board = new LeaderboardPage(page);
  await board.openWhole(total);
  await board.tab('arena');
  const why = page.getByTestId(testId.arenaWhy);
  const bar = page.getByTestId(testId.arenaActions);
  await expect(why).toBeVisible();

  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 640 });
    // Every scroll position of the view, top to bottom: the box never meets the bar, and a click
    // at its centre lands in it wherever it is visible.
    const positions = await why.evaluate((box) => {
      let scroller: HTMLElement | null = box.parentElement;
      while (scroller !== null && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
      const element = scroller ?? document.scrollingElement ?? document.documentElement;
      const steps = Math.max(1, Math.ceil((element.scrollHeight - element.clientHeight) / 60));
      return Array.from({ length: steps + 1 }, (_, i) => Math.round((i * (element.scrollHeight - element.clientHeight)) / steps));
    });
    expect(positions.length).toBeGreaterThan(1);
    for (const top of positions) {
      await why.evaluate((box, y) => {
        let scroller: HTMLElement | null = box.parentElement;
        while (scroller !== null && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
        (scroller ?? document.scrollingElement ?? document.documentElement).scrollTop = y;
      }, top);
      const boxRect = await why.boundingBox();
      const barRect = await bar.boundingBox();
      if (boxRect === null || barRect === null) throw new Error('the reason box or the vote bar is not rendered');
      const overlaps = boxRect.y < barRect.y + barRect.height && barRect.y < boxRect.y + boxRect.height && boxRect.x < barRect.x + barRect.width && barRect.x < boxRect.x + boxRect.width;
      expect(overlaps, `at ${width} px, scrolled to ${top}: box ${JSON.stringify(boxRect)}, bar ${JSON.stringify(barRect)}`).toBe(false);
      const viewportHeight = page.viewportSize()?.height ?? 640;
      const centreY = boxRect.y + boxRect.height / 2;
      if (centreY > 0 && centreY < viewportHeight) {
        await page.mouse.click(boxRect.x + boxRect.width / 2, centreY);
        await expect(why, `at ${width} px, scrolled to ${top}`).toBeFocused();
        await page.mouse.click(1, 1);
      }
    }
  }

  // By mouse: a vote, then Undo in the note; nothing is sent and the pair is back.
  await page.setViewportSize({ width: 1440, height: 800 });
  const pair = page.getByTestId(testId.arenaPair);
  const first = (await pair.getAttribute('data-first')) as string;
  await why.fill('The left one names a mechanism');
  await page.getByTestId(testId.arenaVoteFirst).click();
  await expect(page.getByTestId(testId.arenaVoteHeld)).toBeVisible();
  await expect(why).toHaveValue('');
  await page.getByTestId(testId.arenaVoteUndo).click();
  await expect(pair).toHaveAttribute('data-first', first);
  await expect(why).toHaveValue('The left one names a mechanism');
  await board.tab('matches');
  await page.getByTestId(testId.matchesJudge).selectOption('human');
  await expect(page.getByTestId(testId.matchesEmpty)).toContainText('You have not judged any pair yet');
});
