// Which hypotheses the Elo chart draws: the top N by rank (the scientist picks N), the ones ticked
// for comparison, and any added by hand, minus those removed from the legend. Capped at what
// get_elo_history accepts in one call, so the chart never asks for more than it can draw.
import type { LeaderboardRow } from '../../../src-shared/routes/index';

/** get_elo_history's limit on hypothesis_ids (tools/tournamentDesktop.ts). */
export const MAX_CHARTED = 20;
export const DEFAULT_TOP = 5;
/** The choices of "how many from the top"; 0 draws only the ones picked by hand or ticked. */
export const TOP_CHOICES = [0, 3, 5, 10, 20] as const;

export interface EloChoice {
  top: number;
  added: readonly string[];
  removed: readonly string[];
}

export const INITIAL_ELO_CHOICE: EloChoice = { top: DEFAULT_TOP, added: [], removed: [] };

export interface EloSelection {
  ids: string[];
  /** Hypotheses the choice named that the cap left out. */
  leftOut: number;
}

export function chartedIds(rows: readonly LeaderboardRow[], choice: EloChoice, ticked: readonly string[]): EloSelection {
  const top = rows
    .filter((row) => row.rank !== null)
    .sort((a, b) => (a.rank as number) - (b.rank as number))
    .slice(0, choice.top)
    .map((row) => row.id);
  const known = new Set(rows.map((row) => row.id));
  const removed = new Set(choice.removed);
  const wanted = [...new Set([...top, ...ticked, ...choice.added])].filter((id) => known.has(id) && !removed.has(id));
  return { ids: wanted.slice(0, MAX_CHARTED), leftOut: Math.max(0, wanted.length - MAX_CHARTED) };
}

/** Adds a hypothesis by hand (and undoes an earlier removal of it). */
export function addCharted(choice: EloChoice, id: string): EloChoice {
  return { ...choice, added: choice.added.includes(id) ? choice.added : [...choice.added, id], removed: choice.removed.filter((r) => r !== id) };
}

/** Takes a hypothesis off the chart, whichever way it got there. */
export function removeCharted(choice: EloChoice, id: string): EloChoice {
  return { ...choice, added: choice.added.filter((a) => a !== id), removed: choice.removed.includes(id) ? choice.removed : [...choice.removed, id] };
}
