// A board larger than one screen loads in pages (src-renderer/features/leaderboard/boardStream.ts):
// the first page is one screen of rows, shown before the rest arrive, and the board says honestly
// how far it is (data-state, data-loaded-rows, the progress line) until every row is in. A
// tournament of one screen and two large pages and a bit is seeded straight into the data dir (the
// benchmark's seeder).
import { FIRST_SCREEN_ROWS, LEADERBOARD_CHUNK } from '../../../src-renderer/features/leaderboard/boardStream.js';
import { expect, test } from './support/fixtures.js';
import { testId } from './locators.js';
import { recordBoardPages, tamperWithLaterPages, withSeededBoard } from './support/seededBoard.js';
import { LeaderboardPage } from './support/tournamentPages.js';

const HYPOTHESES = FIRST_SCREEN_ROWS + LEADERBOARD_CHUNK + 50;

test.setTimeout(120_000);

interface BoardState {
  state: string | null;
  rows: number;
}

test('a large board shows its first screen from a small first page, then says how many rows are in until all are', async ({ app, page, workspace }) => {
  await withSeededBoard(workspace, HYPOTHESES, async (host) => {
    // Every state the board is committed in, as the page sees it (a mutation observer reads the
    // attributes after each commit), so no intermediate state can be missed between two polls.
    await page.addInitScript(() => {
      const seen: Array<{ state: string | null; rows: number }> = [];
      (window as unknown as { boardStates: typeof seen }).boardStates = seen;
      new MutationObserver(() => {
        const board = document.querySelector('[data-testid="project-leaderboard"]');
        if (board === null) return;
        const now = { state: board.getAttribute('data-state'), rows: Number(board.getAttribute('data-loaded-rows')) };
        const last = seen.at(-1);
        if (last?.state !== now.state || last.rows !== now.rows) seen.push(now);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state', 'data-loaded-rows'] });
    });
    const pageRequests = recordBoardPages(page);

    await app.open(host.url);
    const board = new LeaderboardPage(page);
    await board.openWhole(HYPOTHESES);
    await expect(page.getByTestId(testId.leaderboardProgress)).toHaveCount(0);
    await expect(board.rows.first()).toBeVisible();

    const states = await page.evaluate(() => (window as unknown as { boardStates: BoardState[] }).boardStates);
    const shown = states.filter((s) => s.state !== 'loading');
    // One screen first, then more, never fewer, and complete only with every row.
    expect(shown[0]).toEqual({ state: 'partial', rows: 50 });
    expect(shown.at(-1)).toEqual({ state: 'complete', rows: HYPOTHESES });
    for (const [i, s] of shown.entries()) {
      if (i > 0) expect(s.rows).toBeGreaterThanOrEqual((shown[i - 1] as BoardState).rows);
      if (s.state === 'partial') expect(s.rows).toBeLessThan(HYPOTHESES);
    }
    // One screen announcing large pages after it, then large pages to the end.
    expect(pageRequests.map((input) => [input.limit, input.next_limit, input.cursor === undefined])).toEqual([
      [FIRST_SCREEN_ROWS, LEADERBOARD_CHUNK, true],
      [LEADERBOARD_CHUNK, undefined, false],
      [LEADERBOARD_CHUNK, undefined, false],
    ]);
  });
});

test('a page that fails mid-board leaves the board partial with the error and how much is in, and "Try again" loads it whole', async ({ app, page, workspace }) => {
  await withSeededBoard(workspace, HYPOTHESES, async (host) => {
    // Every page after the first fails the way the web host answers a handler that crashed
    // (webServer.ts: HTTP 500, plain text), until the scientist tries again.
    let failing = true;
    await tamperWithLaterPages(page, () => failing, async (route) => {
      await route.fulfill({ status: 500, contentType: 'text/plain; charset=utf-8', body: 'Internal error.\n' });
    });

    await app.open(host.url);
    const board = new LeaderboardPage(page);
    await board.open();
    const error = page.getByTestId(testId.leaderboardError);
    await expect(error).toBeVisible();
    await board.expectPartial(50);
    await expect(page.getByTestId(testId.leaderboardProgress)).toHaveText(`Only ${FIRST_SCREEN_ROWS} of ${HYPOTHESES.toLocaleString('en')} loaded`);
    await expect(board.rows.first()).toBeVisible();

    failing = false;
    await board.tryAgain(HYPOTHESES);
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId(testId.leaderboardProgress)).toHaveCount(0);
  });
});

test("pressing the Leaderboard nav item starts the board's load, and the section opened by the click joins it instead of loading again", async ({ app, page, workspace }) => {
  await withSeededBoard(workspace, HYPOTHESES, async (host) => {
    const pageRequests = recordBoardPages(page);
    await app.open(host.url);
    const board = new LeaderboardPage(page);
    const nav = page.getByTestId(testId.navLeaderboard);

    // The press alone: the first page is asked for while the section is not open yet.
    const firstPage = page.waitForRequest((request) => (request.postDataJSON() as { route?: string } | null)?.route === 'leaderboard.page');
    await nav.dispatchEvent('pointerdown', { button: 0, isPrimary: true, pointerType: 'mouse' });
    await firstPage;
    await expect(board.section).toHaveCount(0);

    await nav.click();
    await board.waitForRows(HYPOTHESES);
    // One load of the board: the section's view took the pressed load's pages.
    expect(pageRequests.filter((input) => input.cursor === undefined)).toHaveLength(1);
    expect(pageRequests).toHaveLength(3);
  });
});
