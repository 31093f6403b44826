// How tournament facts read in the GUI, so every tournament view says the same thing.
import type { LeaderboardRow } from '../../../src-main/host/contract';

export const STATUS_LABELS: Record<LeaderboardRow['status'], string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  in_tournament: 'In tournament',
  // Status "evolved": variants were evolved from it (it still competes).
  evolved: 'Parent',
  rejected: 'Rejected',
};

export const ORIGIN_LABELS: Record<LeaderboardRow['origin'], string> = {
  generated: 'Generated',
  evolved: 'Evolved',
  human: 'By the scientist',
};

/** "literature_based" → "literature based", "paradigm_shift" → "paradigm shift". */
export function methodLabel(method: string): string {
  return method.replace(/_/g, ' ');
}

export function eloText(elo: number): string {
  return String(Math.round(elo));
}
