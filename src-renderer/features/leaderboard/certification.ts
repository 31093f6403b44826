// What the board says about how sure its ranking is (issue 33 items 4–5), in one place so the
// badge and the row marks cannot contradict each other: the badge counts the top-k members that
// are certified (the rows that carry ✓), and a row whose interval overlaps the one ranked just
// above it is marked as effectively tied with it.
import type { LeaderboardRow } from '../../../src-shared/routes/index';

type Ranked = Pick<LeaderboardRow, 'id' | 'number' | 'rank' | 'ci95' | 'certified_top_k'>;

/** "Top-5 certified", "3 of top-5 certified", or "Not ranked yet" for a board without ranks. */
export function certificationBadge(rows: readonly Ranked[], k: number, allCertified: boolean): string {
  if (k === 0 || !rows.some((row) => row.rank !== null)) return 'Not ranked yet';
  if (allCertified) return `Top-${k} certified`;
  const certified = rows.filter((row) => row.rank !== null && row.rank <= k && row.certified_top_k).length;
  return `${certified} of top-${k} certified`;
}

/** Per ranked row whose 95% interval overlaps that of the row ranked just above: that row's number. */
export function tiesWithAbove(rows: readonly Ranked[]): Map<string, number> {
  const ranked = rows.filter((row) => row.rank !== null && row.ci95 !== null).sort((a, b) => (a.rank as number) - (b.rank as number));
  const ties = new Map<string, number>();
  for (let i = 1; i < ranked.length; i += 1) {
    const above = ranked[i - 1] as Ranked;
    const row = ranked[i] as Ranked;
    const [a, b] = [above.ci95 as { low: number; high: number }, row.ci95 as { low: number; high: number }];
    if (a.low <= b.high && b.low <= a.high) ties.set(row.id, above.number);
  }
  return ties;
}
