// Which hypotheses the Elo chart draws (issue 18 item 2): the top N the scientist picks, the ticked
// ones, those added by hand, minus those removed; never more than get_elo_history accepts.
import { describe, expect, it } from 'vitest';
import type { LeaderboardRow } from '../../../../../src-shared/routes/index.js';
import { eloDomain } from '../../../../../src-renderer/features/leaderboard/chartMath.js';
import { addCharted, chartedIds, INITIAL_ELO_CHOICE, MAX_CHARTED, removeCharted } from '../../../../../src-renderer/features/leaderboard/eloSelection.js';

function row(number: number, rank: number | null): LeaderboardRow {
  return {
    id: `hyp_${number}`, number, summary: `Hypothesis ${number}.`, status: 'in_tournament', origin: 'generated', method: 'literature_based', iteration: 0, parents: [],
    in_tournament: rank !== null, rank, previous_rank: null, movement: null, elo_score: 1000, bt_score: null, ci95: null, p_top_k: null, matches_played: 0, wins: 0, certified_top_k: false,
  };
}

// Listed out of rank order, with one unranked hypothesis, as the board can be after a sort.
const rows = [row(1, 3), row(2, 1), row(3, null), ...Array.from({ length: 30 }, (_, i) => row(4 + i, 2 + (i < 1 ? 0 : i + 2)))];

describe('chartedIds', () => {
  it('draws the top five by rank by default, then the ticked ones', () => {
    expect(chartedIds(rows, INITIAL_ELO_CHOICE, []).ids).toEqual(['hyp_2', 'hyp_4', 'hyp_1', 'hyp_5', 'hyp_6']);
    expect(chartedIds(rows, INITIAL_ELO_CHOICE, ['hyp_3', 'hyp_2']).ids).toEqual(['hyp_2', 'hyp_4', 'hyp_1', 'hyp_5', 'hyp_6', 'hyp_3']);
  });

  it('follows the chosen count, including none', () => {
    expect(chartedIds(rows, { ...INITIAL_ELO_CHOICE, top: 3 }, []).ids).toEqual(['hyp_2', 'hyp_4', 'hyp_1']);
    expect(chartedIds(rows, { ...INITIAL_ELO_CHOICE, top: 0 }, []).ids).toEqual([]);
  });

  it('adds and removes by hand, and a removed one comes back when added again', () => {
    const added = addCharted({ ...INITIAL_ELO_CHOICE, top: 3 }, 'hyp_3');
    expect(chartedIds(rows, added, []).ids).toEqual(['hyp_2', 'hyp_4', 'hyp_1', 'hyp_3']);
    const removed = removeCharted(removeCharted(added, 'hyp_4'), 'hyp_3');
    expect(chartedIds(rows, removed, ['hyp_4']).ids).toEqual(['hyp_2', 'hyp_1']);
    expect(chartedIds(rows, addCharted(removed, 'hyp_4'), []).ids).toEqual(['hyp_2', 'hyp_4', 'hyp_1']);
  });

  it('never asks for more than the tool accepts, and says how many it left out', () => {
    let choice = { ...INITIAL_ELO_CHOICE, top: 20 };
    for (const r of rows.slice(20)) choice = addCharted(choice, r.id);
    const selection = chartedIds(rows, choice, []);
    expect(selection.ids).toHaveLength(MAX_CHARTED);
    // Every ranked hypothesis was chosen (the unranked H3 was not).
    expect(selection.leftOut).toBe(rows.length - 1 - MAX_CHARTED);
  });

  it('ignores ids that are no longer on the board', () => {
    expect(chartedIds(rows, addCharted({ ...INITIAL_ELO_CHOICE, top: 0 }, 'hyp_gone'), ['hyp_gone_too']).ids).toEqual([]);
  });
});

describe('eloDomain with intervals', () => {
  it('widens the range to the ends of the 95% intervals', () => {
    expect(eloDomain([{ points: [{ match: 0, elo: 1000 }, { match: 3, elo: 1100 }], ci95: { low: 900, high: 1250 } }])).toEqual([872, 1278]);
    expect(eloDomain([{ points: [{ match: 0, elo: 1000 }], ci95: null }])).toEqual([990, 1010]);
  });
});
