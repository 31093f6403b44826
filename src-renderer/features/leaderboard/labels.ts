// How tournament facts read in the GUI, so every tournament view says the same thing.

// One wording of a hypothesis's status and origin in every view (docs/glossary.md).
export { methodLabel, ORIGIN_LABELS, STATUS_LABELS } from '../../common/hypotheses/labels';

export function eloText(elo: number): string {
  return String(Math.round(elo));
}
