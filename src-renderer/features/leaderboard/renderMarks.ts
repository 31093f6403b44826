// Performance marks of the leaderboard's first render, which bench/leaderboard.ts reads: from the
// arrival of the data (queries.ts marks it) to the first painted frame that shows it.
import { useLayoutEffect, useRef } from 'react';
import { MARK_ALL_DATA, MARK_FIRST_DATA, MARK_OPENING } from './queries';

export const MEASURE_FIRST_RENDER = 'leaderboard:first-render';
export const MEASURE_FULL_RENDER = 'leaderboard:full-render';

/** Runs after the browser painted the frame with the current DOM (rAF, then the next task). */
function afterPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * A press of the nav item that started the board's load (prefetchLeaderboardPages) opened this
 * mount if it came at most this long before it; its first page may then arrive before the mount.
 */
const OPENING_WINDOW_MS = 1_000;

/** Measures from `start` to now, unless `start` predates this view's opening (data served from the cache). */
function measure(name: string, start: string, mountedAt: number): void {
  const started = performance.getEntriesByName(start, 'mark').at(-1);
  if (started === undefined || started.startTime < mountedAt) return;
  const end = `${name}:end`;
  performance.clearMarks(end);
  performance.mark(end);
  performance.clearMeasures(name);
  performance.measure(name, start, end);
}

/**
 * Measures once per mount: first rows shown (after the first chunk arrived) and all rows shown
 * (after the last chunk arrived). Later refreshes are not first renders.
 */
export function useRenderMarks(shownRows: number, complete: boolean): void {
  const done = useRef({ first: false, full: false });
  const mountedAt = useRef(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const now = performance.now();
    const opening = performance.getEntriesByName(MARK_OPENING, 'mark').at(-1);
    performance.clearMarks(MARK_OPENING);
    mountedAt.current = opening !== undefined && now - opening.startTime <= OPENING_WINDOW_MS ? opening.startTime : now;
  }, []);
  useLayoutEffect(() => {
    if (!done.current.first && shownRows > 0) {
      done.current.first = true;
      afterPaint(() => measure(MEASURE_FIRST_RENDER, MARK_FIRST_DATA, mountedAt.current));
    }
    if (!done.current.full && complete && shownRows > 0) {
      done.current.full = true;
      afterPaint(() => measure(MEASURE_FULL_RENDER, MARK_ALL_DATA, mountedAt.current));
    }
  }, [shownRows, complete]);
}
