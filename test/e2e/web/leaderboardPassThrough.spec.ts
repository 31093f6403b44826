// A leaderboard page reaches the browser as the JSON the research server checked and wrote, passed
// through the web host unparsed (src-main/host/checkedJson.ts). What the scientist sees when that
// goes wrong mid-board: a page the server refuses shows the server's own words, and a broken answer
// is refused whole: the board keeps the rows it had, says how many, and "Try again" loads it all.
import { expect, test } from './support/fixtures.js';
import { testId } from './locators.js';
import { tamperWithLaterPages, withSeededBoard } from './support/seededBoard.js';
import { LeaderboardPage } from './support/tournamentPages.js';

const HYPOTHESES = 1_100;

test.setTimeout(120_000);

test("a page the server refuses mid-board shows the server's own error, and the rows before it stay", async ({ app, page, workspace }) => {
  await withSeededBoard(workspace, HYPOTHESES, async (host) => {
    // Every page after the first is asked for with a cursor the server never issued, until the scientist tries again.
    let refusing = true;
    await tamperWithLaterPages(page, () => refusing, async (route, body) => {
      await route.continue({ postData: JSON.stringify({ ...body, input: { ...body.input, cursor: 'WzAsOTk5OTk5XQ' } }) });
    });

    await app.open(host.url);
    const board = new LeaderboardPage(page);
    await board.open();
    await expect(page.getByTestId(`${testId.leaderboardError}-message`)).toHaveText(/The cursor is not one this server issued/);
    await board.expectPartial(50);
    await expect(page.getByTestId(testId.leaderboardProgress)).toHaveText('Only 50 of 1,100 loaded');

    refusing = false;
    await board.tryAgain(HYPOTHESES);
  });
});

test('a page whose answer arrives broken is refused whole: no row of it is shown', async ({ app, page, workspace }) => {
  await withSeededBoard(workspace, HYPOTHESES, async (host) => {
    // The second page's real answer, cut off in the middle of its rows.
    let breaking = true;
    await tamperWithLaterPages(page, () => breaking, async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      expect(text.startsWith('{"ok":true,"data":{')).toBe(true);
      await route.fulfill({ response, body: text.slice(0, Math.floor(text.length / 2)) });
    });

    await app.open(host.url);
    const board = new LeaderboardPage(page);
    await board.open();
    await expect(page.getByTestId(`${testId.leaderboardError}-message`)).toHaveText(/The web host's answer to leaderboard\.page is not valid JSON .*; nothing of it is shown\./);
    await board.expectPartial(50);

    breaking = false;
    await board.tryAgain(HYPOTHESES);
  });
});
