// How tournament facts read in the GUI, so every tournament view says the same thing.
import type { LeaderboardRow } from '../../../src-shared/routes/index';

// One wording of a hypothesis's status in every view (docs/glossary.md).
export { STATUS_LABELS } from '../../common/hypotheses/labels';

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
