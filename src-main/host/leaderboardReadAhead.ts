// The leaderboard.page route with read-ahead. A page asked for by column is the app's load of a
// whole board, which follows next_cursor to the end: as soon as the server answers one such page,
// the host asks it for the next, and as soon as that one is in, for the one after it, to the end of
// the board. So the server cuts and serialises pages back to back while the host and the renderer
// pass earlier ones on and parse them (over HTTP, or IPC in Electron), instead of the server idling
// for a round trip to the renderer per page (a whole board is ~3.4 MB held for a moment). The page read ahead is handed to the request that asks for its
// cursor; it is the same tool call that request would have made, one hop earlier, and audited the
// same. Cursor pages were never one snapshot (a judgement between two requests shows in the later
// one), so reading one a hop earlier changes nothing a reader relies on.
import type { ToolOutcome } from './toolResult.js';

export type PageInput = {
  research_id: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  format?: 'rows' | 'columns' | undefined;
  /** Rows of the page read ahead after this one (default: limit): the app's first page is small, the rest large. */
  next_limit?: number | undefined;
};

/** What reaches get_leaderboard: the route's input without the host's own next_limit. */
export type ToolPageInput = Omit<PageInput, 'next_limit'>;

/** A page nobody asked for within this time is dropped (the view was closed mid-load). */
export const READ_AHEAD_TTL_MS = 10_000;
/** Pages held at once: a whole 10,000-row board is 10 pages, and one board loads per open view. */
const MAX_HELD = 24;

interface Held {
  researchId: string;
  outcome: Promise<ToolOutcome>;
  timer: NodeJS.Timeout;
}

/** `call` is one get_leaderboard call; it answers failures as values (the router's tool wrapper). */
export function leaderboardPageWithReadAhead(call: (input: ToolPageInput) => Promise<ToolOutcome>, ttlMs = READ_AHEAD_TTL_MS): (input: PageInput) => Promise<ToolOutcome> {
  const held = new Map<string, Held>();
  const keyOf = (input: ToolPageInput): string => JSON.stringify([input.research_id, input.cursor ?? null, input.limit ?? null, input.format ?? null]);

  const readAhead = (input: ToolPageInput): void => {
    const key = keyOf(input);
    if (held.has(key)) return;
    // The oldest load was abandoned if this many are in flight.
    const oldest = held.keys().next();
    if (held.size >= MAX_HELD && oldest.done !== true) drop(oldest.value);
    const outcome = call(input);
    held.set(key, { researchId: input.research_id, outcome, timer: setTimeout(() => drop(key), ttlMs).unref() });
    // The page after this one is read ahead as soon as this one is in, while it is still held
    // (not dropped as abandoned, not evicted): the chain stops with the board or the view.
    void outcome.then((answered) => {
      if (held.get(key)?.outcome === outcome) readAheadAfter(input, answered, input.limit);
    });
  };
  const readAheadAfter = (input: ToolPageInput, outcome: ToolOutcome, limit: number | undefined): void => {
    if (!outcome.ok || input.format !== 'columns') return;
    const next = (outcome.data as { next_cursor?: unknown }).next_cursor;
    if (typeof next === 'string') readAhead({ ...input, cursor: next, limit });
  };
  const drop = (key: string): void => {
    const entry = held.get(key);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    held.delete(key);
  };

  return async ({ next_limit: nextLimit, ...input }) => {
    // A board's first page starts a new load of it (a refresh after a vote): the pages read ahead
    // for the load before it are abandoned, and dropping them ends their chain.
    if (input.cursor === undefined && input.format === 'columns') {
      for (const [key, entry] of held) if (entry.researchId === input.research_id) drop(key);
    }
    const key = keyOf(input);
    const entry = held.get(key);
    drop(key);
    let outcome = entry === undefined ? await call(input) : await entry.outcome;
    // A page read ahead that failed (the server restarting) is asked for again, now that it is wanted.
    if (entry !== undefined && !outcome.ok) outcome = await call(input);
    readAheadAfter(input, outcome, nextLimit ?? input.limit);
    return outcome;
  };
}
