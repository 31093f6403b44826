// The read-ahead's schedule (src-main/host/leaderboardReadAhead.ts) with a tool call whose answers
// the test releases one by one, so what has been asked for at each moment is exact: the rest of a
// board is read ahead page after page, and a new load of the same board ends the chain of the one
// before it. Against the real server: test/integration/leaderboard-read-ahead.test.ts.
import { describe, expect, it } from 'vitest';
import { leaderboardPageWithReadAhead, type ToolPageInput } from '../../../../src-main/host/leaderboardReadAhead.js';
import type { ToolOutcome } from '../../../../src-main/host/toolResult.js';

/** A board of `total` rows whose cursors are row offsets; each call waits until the test releases it. */
function heldBoard(total: number) {
  const calls: Array<{ input: ToolPageInput; release: () => void }> = [];
  const call = (input: ToolPageInput): Promise<ToolOutcome> =>
    new Promise((resolve) => {
      const start = input.cursor === undefined ? 0 : Number(input.cursor);
      const end = Math.min(total, start + (input.limit ?? 1));
      const ids = Array.from({ length: end - start }, (_, i) => `hyp_${start + i + 1}`);
      calls.push({ input, release: () => resolve({ ok: true, data: { columns: { id: ids }, next_cursor: end < total ? String(end) : null } }) });
    });
  const cursorsAsked = (): Array<string | undefined> => calls.map((c) => c.input.cursor);
  /** Lets every pending answer's follow-up (the next read-ahead) happen. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { call, calls, cursorsAsked, settle };
}

describe('leaderboardPageWithReadAhead', () => {
  it('reads the rest of the board ahead page after page, and answers each request from what it read', async () => {
    const board = heldBoard(7);
    const page = leaderboardPageWithReadAhead(board.call);
    const first = page({ research_id: 'res_1', limit: 1, format: 'columns', next_limit: 2 });
    board.calls[0]?.release();
    expect(await first).toMatchObject({ ok: true, data: { next_cursor: '1' } });
    // Released one by one, each page read ahead asks for the one after it, nobody asking.
    for (let i = 1; i <= 3; i++) {
      await board.settle();
      expect(board.calls).toHaveLength(i + 1);
      board.calls[i]?.release();
    }
    await board.settle();
    expect(board.cursorsAsked()).toEqual([undefined, '1', '3', '5']);
    expect(board.calls.slice(1).map((c) => c.input.limit)).toEqual([2, 2, 2]);
    const ids: unknown[] = [];
    for (const cursor of ['1', '3', '5']) {
      const answer = (await page({ research_id: 'res_1', limit: 2, format: 'columns', cursor })) as { ok: true; data: { columns: { id: string[] } } };
      ids.push(...answer.data.columns.id);
    }
    expect(ids).toEqual(['hyp_2', 'hyp_3', 'hyp_4', 'hyp_5', 'hyp_6', 'hyp_7']);
    expect(board.calls).toHaveLength(4);
  });

  it('a new load of the same board ends the read-ahead of the load before it', async () => {
    const board = heldBoard(9);
    const page = leaderboardPageWithReadAhead(board.call);
    const first = page({ research_id: 'res_1', limit: 1, format: 'columns', next_limit: 2 });
    board.calls[0]?.release();
    await first;
    await board.settle();
    board.calls[1]?.release();
    await board.settle();
    expect(board.cursorsAsked()).toEqual([undefined, '1', '3']);
    // A refresh asks for the first page again while page '3' of the old load is still on its way.
    const again = page({ research_id: 'res_1', limit: 1, format: 'columns', next_limit: 2 });
    board.calls[2]?.release();
    await board.settle();
    expect(board.cursorsAsked()).toEqual([undefined, '1', '3', undefined]);
    board.calls[3]?.release();
    await again;
    await board.settle();
    // The new load's own read-ahead starts; the old chain stopped at '3'.
    expect(board.cursorsAsked()).toEqual([undefined, '1', '3', undefined, '1']);
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
