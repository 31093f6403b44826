// The leaderboard.page route with read-ahead. A page asked for by column is the app's load of a
// whole board, which follows next_cursor to the end: as soon as the server answers one such page,
// the host asks it for the next two, one after the other, so the server reads and serialises pages
// i+1 and i+2 while the host and the renderer pass page i on and parse it (over HTTP, or IPC in
// Electron), instead of each process waiting for the others in turn. Two pages, not the whole
// board: reading every page ahead made the first screen's render slower (it competes for the same
// cores) and the whole load no faster (docs/benchmarks-history.md, the 19:00 notes). One page
// ahead left the server idle while the renderer drew the first screen (a 60-90 ms gap before it
// asked for the third page); with the host passing pages on unparsed (checkedJson.ts), two ahead read whole
// boards in 0.91, 1.00 and 0.87 of the time of one ahead, first screen 0.87-0.92 (paired, 16-24
// loads each, load 5-6, 2026-11-27). The pages read ahead are handed to the requests that ask for
// their cursors; each is the same tool call that request would have made, earlier, and audited
// the same. Cursor pages were never one snapshot (a judgement between two requests shows in the
// later one), so reading one earlier changes nothing a reader relies on.
import type { ToolOutcome } from './toolResult.js';
import { answerMember } from './checkedJson.js';

export type PageInput = {
  research_id: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  format?: 'rows' | 'columns' | undefined;
  search?: string | undefined;
  summary_chars?: number | undefined;
  /** Rows of the page read ahead after this one (default: limit): the app's first page is small, the rest large. */
  next_limit?: number | undefined;
};

/** What reaches get_leaderboard: the route's input without the host's own next_limit. */
export type ToolPageInput = Omit<PageInput, 'next_limit'>;

/** A page nobody asked for within this time is dropped (the view was closed mid-load). */
export const READ_AHEAD_TTL_MS = 10_000;
/** Pages read ahead of the app's latest request (see above for why two). */
const READ_AHEAD_PAGES = 2;
/** Boards loading at once: one per open view is plenty. */
const MAX_HELD = 4;

interface Held {
  researchId: string;
  outcome: Promise<ToolOutcome>;
  timer: NodeJS.Timeout;
}

/** `call` is one get_leaderboard call; it answers failures as values (the router's tool wrapper). */
export function leaderboardPageWithReadAhead(call: (input: ToolPageInput) => Promise<ToolOutcome>, ttlMs = READ_AHEAD_TTL_MS): (input: PageInput) => Promise<ToolOutcome> {
  const held = new Map<string, Held>();
  const keyOf = (input: ToolPageInput): string => JSON.stringify([input.research_id, input.cursor ?? null, input.limit ?? null, input.format ?? null, input.search ?? null, input.summary_chars ?? null]);

  const readAhead = (input: ToolPageInput, depth: number): void => {
    const key = keyOf(input);
    let entry = held.get(key);
    if (entry === undefined) {
      // The oldest load was abandoned if this many are in flight.
      const oldest = held.keys().next();
      if (held.size >= MAX_HELD && oldest.done !== true) drop(oldest.value);
      entry = { researchId: input.research_id, outcome: call(input), timer: setTimeout(() => drop(key), ttlMs).unref() };
      held.set(key, entry);
    }
    if (depth > 1) {
      const mine = entry;
      void mine.outcome.then((outcome) => {
        if (held.get(key) === mine) readAheadAfter(input, outcome, input.limit, depth - 1);
      });
    }
  };
  const readAheadAfter = (input: ToolPageInput, outcome: ToolOutcome, limit: number | undefined, depth = READ_AHEAD_PAGES): void => {
    if (!outcome.ok || input.format !== 'columns') return;
    const next = answerMember(outcome.data, 'next_cursor');
    if (typeof next === 'string') readAhead({ ...input, cursor: next, limit }, depth);
  };
  const drop = (key: string): void => {
    const entry = held.get(key);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    held.delete(key);
  };

  return async ({ next_limit: nextLimit, ...input }) => {
    // A board's first page starts a new load of it (a refresh after a vote): a page read ahead for
    // the load before it may predate the change, and must not be handed to the new load.
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
