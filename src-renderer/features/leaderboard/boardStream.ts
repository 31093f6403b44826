// The pages of a whole leaderboard as the table receives them: one screen first, then the rest in
// large pages, handed on in few batches. Pure (the page fetch and the clock are parameters), so
// its timing rules are unit tested without a browser; queries.ts streams it into TanStack Query.
import type { LeaderboardPage, MAX_LEADERBOARD_PAGE_ROWS } from '../../../src-shared/routes/index';
import { rowsOf } from './leaderboardModel';

/** The first page: more rows than a tall window shows (44 px rows), so the first screen waits for no more. */
export const FIRST_SCREEN_ROWS = 50;
/**
 * Rows per page after the first: the largest the route allows, 5 pages for 10,000 hypotheses (why
 * so large: MAX_LEADERBOARD_PAGE_ROWS). Its type is that constant's, so the two cannot drift apart.
 */
export const LEADERBOARD_CHUNK: typeof MAX_LEADERBOARD_PAGE_ROWS = 2000;
/**
 * Pages received after the first are handed on at most this often (and the last at once): each
 * hand-over re-renders the growing table (filter, sort, layout of up to 10,000 rows), work that
 * otherwise competes with receiving the next page on the same main thread.
 */
export const BATCH_INTERVAL_MS = 250;

export type FetchPage = (request: { cursor: string | null; limit: number; nextLimit?: number }) => Promise<LeaderboardPage>;

export interface BoardStreamOptions {
  signal?: AbortSignal | undefined;
  now?: () => number;
  batchIntervalMs?: number;
}

/**
 * Yields the first page as soon as it arrives, then the pages after it merged into batches (one
 * page-shaped value each: the batch's rows in order, the last page's cursor), so the stream's
 * consumer sees every row once, in the server's order, and knows it is complete when a yielded
 * value's next_cursor is null. Pages by column become rows on arrival.
 */
export async function* boardPages(fetchPage: FetchPage, options: BoardStreamOptions = {}): AsyncGenerator<LeaderboardPage> {
  const now = options.now ?? (() => performance.now());
  const interval = options.batchIntervalMs ?? BATCH_INTERVAL_MS;
  const first = asRows(await fetchPage({ cursor: null, limit: FIRST_SCREEN_ROWS, nextLimit: LEADERBOARD_CHUNK }));
  yield first;
  let cursor = first.next_cursor;
  let handedOver = now();
  let batch: LeaderboardPage[] = [];
  while (cursor !== null && options.signal?.aborted !== true) {
    const page = asRows(await fetchPage({ cursor, limit: LEADERBOARD_CHUNK }));
    batch.push(page);
    cursor = page.next_cursor;
    if (cursor === null || now() - handedOver >= interval) {
      yield merged(batch);
      batch = [];
      handedOver = now();
    }
  }
}

function asRows(page: LeaderboardPage): LeaderboardPage {
  const { columns, ...rest } = page;
  return columns === undefined ? page : { ...rest, rows: rowsOf(columns) };
}

function merged(pages: readonly LeaderboardPage[]): LeaderboardPage {
  const last = pages.at(-1) as LeaderboardPage;
  return pages.length === 1 ? last : { ...last, rows: pages.flatMap((page) => page.rows) };
}
