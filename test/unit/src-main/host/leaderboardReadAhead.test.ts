// The read-ahead's schedule (src-main/host/leaderboardReadAhead.ts) with a tool call whose answers
// the test releases one by one, so what has been asked for at each moment is exact: two pages ahead
// of the app, and a new load of the same board (a refresh after a vote) never handed a page read
// ahead for the load before it. Against the real server: test/integration/leaderboard-read-ahead.test.ts.
import { describe, expect, it } from 'vitest';
import { leaderboardPageWithReadAhead, type ToolPageInput } from '../../../../src-main/host/leaderboardReadAhead.js';
import type { ToolOutcome } from '../../../../src-main/host/toolResult.js';

/** A board of `total` rows whose cursors are row offsets; each call waits until the test releases it. */
function heldBoard(total: number) {
  let version = 1;
  const calls: Array<{ input: ToolPageInput; release: () => void }> = [];
  const call = (input: ToolPageInput): Promise<ToolOutcome> =>
    new Promise((resolve) => {
      const start = input.cursor === undefined ? 0 : Number(input.cursor);
      const end = Math.min(total, start + (input.limit ?? 1));
      // The board as it is when the server reads the page: a vote changes it (`version`).
      const ids = Array.from({ length: end - start }, (_, i) => `hyp_${start + i + 1}@v${version}`);
      calls.push({ input, release: () => resolve({ ok: true, data: { columns: { id: ids }, next_cursor: end < total ? String(end) : null } }) });
    });
  const cursorsAsked = (): Array<string | undefined> => calls.map((c) => c.input.cursor);
  /** Lets every pending answer's follow-up (a read-ahead) happen. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { call, calls, cursorsAsked, settle, vote: () => (version += 1) };
}

type Answer = { ok: true; data: { columns: { id: string[] }; next_cursor: string | null } };

describe('leaderboardPageWithReadAhead', () => {
  it('reads two pages ahead of the app, the first in next_limit rows, and answers the request for one from what it read', async () => {
    const board = heldBoard(9);
    const page = leaderboardPageWithReadAhead(board.call);
    const first = page({ research_id: 'res_1', limit: 1, format: 'columns', next_limit: 2 });
    board.calls[0]?.release();
    expect(await first).toMatchObject({ ok: true, data: { next_cursor: '1' } });
    await board.settle();
    expect(board.calls.map((c) => [c.input.cursor, c.input.limit])).toEqual([[undefined, 1], ['1', 2]]);
    // The page read ahead, once answered, starts the one after it: two ahead of the app, no more.
    board.calls[1]?.release();
    await board.settle();
    expect(board.calls.map((c) => [c.input.cursor, c.input.limit])).toEqual([[undefined, 1], ['1', 2], ['3', 2]]);
    board.calls[2]?.release();
    await board.settle();
    expect(board.calls).toHaveLength(3);
    const second = (await page({ research_id: 'res_1', limit: 2, format: 'columns', cursor: '1' })) as Answer;
    expect(second.data.columns.id).toEqual(['hyp_2@v1', 'hyp_3@v1']);
    await board.settle();
    expect(board.cursorsAsked()).toEqual([undefined, '1', '3', '5']);
  });

  it('a new load of the same board (a refresh after a vote) is never handed a page read ahead for the load before it', async () => {
    const board = heldBoard(9);
    const page = leaderboardPageWithReadAhead(board.call);
    const first = page({ research_id: 'res_1', limit: 1, format: 'columns', next_limit: 2 });
    board.calls[0]?.release();
    await first;
    board.calls[1]?.release();
    await board.settle();
    // Pages '1' and '3' are read ahead, then a vote changes the board and the view loads it again.
    board.vote();
    const again = page({ research_id: 'res_1', limit: 1, format: 'columns', next_limit: 2 });
    board.calls[3]?.release();
    await again;
    await board.settle();
    expect(board.cursorsAsked()).toEqual([undefined, '1', '3', undefined, '1']);
    // The old load's page '3', answered late, starts nothing for the new one.
    board.calls[2]?.release();
    await board.settle();
    expect(board.cursorsAsked()).toEqual([undefined, '1', '3', undefined, '1']);
    board.calls[4]?.release();
    const second = (await page({ research_id: 'res_1', limit: 2, format: 'columns', cursor: '1' })) as Answer;
    expect(second.data.columns.id).toEqual(['hyp_2@v2', 'hyp_3@v2']);
  });

  it('pages by row are not read ahead', async () => {
    const board = heldBoard(5);
    const page = leaderboardPageWithReadAhead(board.call);
    const top = page({ research_id: 'res_1', limit: 2 });
    board.calls[0]?.release();
    await top;
    await board.settle();
    expect(board.calls).toHaveLength(1);
  });
});
