// How a leaderboard row's derived facts read (the interval scale, the rank movement), for every
// view that shows rows: the desktop's board, its project view and the chat's leaderboard.
import type { LeaderboardRow } from '../../../src-shared/routes/index';

/** The span of all intervals, so every row's CI bar is drawn on one shared scale. */
export function ciDomain(rows: readonly { ci95: { low: number; high: number } | null }[]): [number, number] | null {
  let low = Infinity;
  let high = -Infinity;
  for (const row of rows) {
    if (row.ci95 === null) continue;
    low = Math.min(low, row.ci95.low);
    high = Math.max(high, row.ci95.high);
  }
  if (!Number.isFinite(low)) return null;
  return low === high ? [low - 1, high + 1] : [low, high];
}

export type Movement = Pick<LeaderboardRow, 'rank' | 'previous_rank' | 'movement'>;

/** "▲ 3", "▼ 2", "new" or "" for the rank movement column. */
export function movementLabel(row: Movement): { text: string; description: string; kind: 'up' | 'down' | 'same' | 'new' | 'none' } {
  if (row.rank === null) return { text: '', description: '', kind: 'none' };
  if (row.previous_rank === null) return { text: 'new', description: 'New in the latest round', kind: 'new' };
  const movement = row.movement ?? 0;
  const places = (n: number): string => `${n} place${n === 1 ? '' : 's'}`;
  if (movement > 0) return { text: `▲${movement}`, description: `Up ${places(movement)} in the latest round`, kind: 'up' };
  if (movement < 0) return { text: `▼${-movement}`, description: `Down ${places(-movement)} in the latest round`, kind: 'down' };
  return { text: '–', description: 'Unchanged in the latest round', kind: 'same' };
}
