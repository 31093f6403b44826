// How the GUI receives a whole leaderboard (boardStream.ts): one screen first, the rest in large
// pages handed on in batches, every row once and in order; and the search text a row is found by,
// computed once per row and only when searched.
import { describe, expect, it } from 'vitest';
import type { LeaderboardColumns, LeaderboardPage, LeaderboardRow } from '../../../../../src-shared/routes/index.js';
import { BATCH_INTERVAL_MS, boardPages, FIRST_SCREEN_ROWS, LEADERBOARD_CHUNK, type FetchPage } from '../../../../../src-renderer/features/leaderboard/boardStream.js';
import { applyFilters, memoisedSearchText, NO_FILTERS, searchText } from '../../../../../src-renderer/features/leaderboard/leaderboardModel.js';

function row(number: number): LeaderboardRow {
  return {
    id: `hyp_${number}`, number, summary: `Hypothesis ${number} about Stellate cells`, status: 'in_tournament', origin: 'generated', method: 'literature_based',
    iteration: 1, parents: [], in_tournament: true, rank: number, previous_rank: null, movement: null, elo_score: 1000, bt_score: 0, ci95: { low: -1, high: 1 },
    p_top_k: 0.1, matches_played: 2, wins: 1, certified_top_k: false,
  };
}

function byColumn(rows: readonly LeaderboardRow[]): LeaderboardColumns {
  const fields = Object.keys(row(0)) as Array<keyof LeaderboardRow>;
  return Object.fromEntries(fields.map((field) => [field, rows.map((r) => r[field])])) as unknown as LeaderboardColumns;
}

/** A server of `total` rows answering by column; cursors are row offsets. Records every request. */
function board(total: number) {
  const requests: Array<Parameters<FetchPage>[0]> = [];
  const fetchPage: FetchPage = async (request) => {
    requests.push(request);
    const start = request.cursor === null ? 0 : Number(request.cursor);
    const end = Math.min(total, start + request.limit);
    const rows = Array.from({ length: end - start }, (_, i) => row(start + i + 1));
    const page: LeaderboardPage = {
      research_id: 'res_1', k: 5, certified: false, certify_threshold: 0.9, matches: 10, total, movement_window: { matches: 0, judge: null },
      rows: [], columns: byColumn(rows), next_cursor: end < total ? String(end) : null,
    };
    return page;
  };
  return { fetchPage, requests };
}

async function collect(stream: AsyncGenerator<LeaderboardPage>): Promise<LeaderboardPage[]> {
  const out: LeaderboardPage[] = [];
  for await (const page of stream) out.push(page);
  return out;
}

describe('boardPages', () => {
  it('asks for one screen first, announcing large pages after it, then large pages to the end', async () => {
    // One screen, two full pages and a partial one.
    const { fetchPage, requests } = board(FIRST_SCREEN_ROWS + 2.5 * LEADERBOARD_CHUNK);
    await collect(boardPages(fetchPage, { now: () => 0 }));
    expect(requests).toEqual([
      { cursor: null, limit: FIRST_SCREEN_ROWS, nextLimit: LEADERBOARD_CHUNK },
      { cursor: String(FIRST_SCREEN_ROWS), limit: LEADERBOARD_CHUNK },
      { cursor: String(FIRST_SCREEN_ROWS + LEADERBOARD_CHUNK), limit: LEADERBOARD_CHUNK },
      { cursor: String(FIRST_SCREEN_ROWS + 2 * LEADERBOARD_CHUNK), limit: LEADERBOARD_CHUNK },
    ]);
  });

  it('hands on the first screen at once and the rest as one batch when the pages come quickly: every row once, in order, as rows', async () => {
    const total = FIRST_SCREEN_ROWS + 2.5 * LEADERBOARD_CHUNK;
    const { fetchPage } = board(total);
    const pages = await collect(boardPages(fetchPage, { now: () => 0 }));
    expect(pages.map((p) => p.rows.length)).toEqual([FIRST_SCREEN_ROWS, total - FIRST_SCREEN_ROWS]);
    expect(pages.flatMap((p) => p.rows).map((r) => r.number)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(pages.every((p) => p.columns === undefined)).toBe(true);
    expect(pages.map((p) => p.next_cursor)).toEqual([String(FIRST_SCREEN_ROWS), null]);
    expect(pages[1]?.rows[0]).toEqual(row(51));
  });

  it('hands on what has arrived once the batch interval has passed, so the table and its progress keep moving', async () => {
    const { fetchPage } = board(FIRST_SCREEN_ROWS + 4 * LEADERBOARD_CHUNK);
    let clock = 0;
    // Each page takes 100 ms to arrive.
    const slow: FetchPage = async (request) => {
      clock += 100;
      return fetchPage(request);
    };
    const pages = await collect(boardPages(slow, { now: () => clock }));
    // First screen at 100 ms; pages at 200, 300, 400 (≥ 250 ms after 100: handed on), 500 (the last).
    expect(pages.map((p) => p.rows.length)).toEqual([FIRST_SCREEN_ROWS, 3 * LEADERBOARD_CHUNK, LEADERBOARD_CHUNK]);
    expect(BATCH_INTERVAL_MS).toBe(250);
  });

  it('a board of one screen is one page; an empty board is one empty page', async () => {
    expect((await collect(boardPages(board(30).fetchPage))).map((p) => [p.rows.length, p.next_cursor])).toEqual([[30, null]]);
    expect((await collect(boardPages(board(0).fetchPage))).map((p) => [p.rows.length, p.total])).toEqual([[0, 0]]);
  });

  it('a page that fails mid-board ends the stream with that error, and nothing handed on before it claims to be the end', async () => {
    const { fetchPage, requests } = board(5_050);
    const failing: FetchPage = async (request) => {
      if (request.cursor === String(FIRST_SCREEN_ROWS + 2 * LEADERBOARD_CHUNK)) throw new Error('The research server stopped while answering.');
      return fetchPage(request);
    };
    const handed: LeaderboardPage[] = [];
    await expect(
      (async () => {
        for await (const page of boardPages(failing, { now: () => 0 })) handed.push(page);
      })(),
    ).rejects.toThrow('The research server stopped while answering.');
    expect(requests).toHaveLength(3);
    expect(handed.map((p) => p.rows.length)).toEqual([FIRST_SCREEN_ROWS]);
    expect(handed.every((p) => p.next_cursor !== null)).toBe(true);
  });

  it('stops asking once its signal is aborted', async () => {
    const { fetchPage, requests } = board(5_050);
    const abort = new AbortController();
    const stream = boardPages(fetchPage, { signal: abort.signal, now: () => 0 });
    await stream.next();
    abort.abort();
    const rest = await collect(stream);
    expect(rest).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('memoisedSearchText', () => {
  it('finds what searchText finds, computing each row once and only when searched', () => {
    const rows = [row(1), row(12)];
    let computed = 0;
    const text = memoisedSearchText();
    const counted = (r: LeaderboardRow): string => {
      computed += 1;
      return text(r);
    };
    expect(applyFilters(rows, NO_FILTERS, counted)).toHaveLength(2);
    expect(computed).toBe(0);
    expect(applyFilters(rows, { ...NO_FILTERS, search: 'h12 stellate' }, text).map((r) => r.number)).toEqual([12]);
    expect(text(rows[0] as LeaderboardRow)).toBe(searchText(rows[0] as LeaderboardRow));
    const spy = { ...rows[0] } as LeaderboardRow;
    Object.defineProperty(spy, 'summary', { get: () => { computed += 1; return 'x'; } });
    text(spy);
    text(spy);
    expect(computed).toBe(1);
  });
});
