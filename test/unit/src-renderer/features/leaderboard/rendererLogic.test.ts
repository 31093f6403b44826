// The renderer's pure view logic: filtering, search and sort of leaderboard rows, rank-movement
// labels, the lineage layout, chart axes, and how the audit filter form becomes a query.
import { describe, expect, it } from 'vitest';
import type { LeaderboardRow } from '../../../../../src-shared/routes/index.js';
import { applyFilters, nextSort, NO_FILTERS, shownSummary, sortRows } from '../../../../../src-renderer/features/leaderboard/leaderboardModel.js';
import { ciDomain, movementLabel } from '../../../../../src-renderer/common/leaderboard/boardFacts.js';
import { CUT_MARK, summaryPrefix } from '../../../../../src-shared/leaderboardSearch.js';
import { layoutLineage, NODE_WIDTH } from '../../../../../src-renderer/features/leaderboard/lineageLayout.js';
import { eloDomain, niceTicks, stepPath, linearScale } from '../../../../../src-renderer/features/leaderboard/chartMath.js';
import { EMPTY_FILTER_FORM, toAuditFilter } from '../../../../../src-renderer/features/audit/useAudit.js';

function row(number: number, patch: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    id: `hyp_${number}`, number, summary: `Hypothesis ${number} about stellate cells`, status: 'in_tournament', origin: 'generated', method: 'literature_based',
    iteration: 1, parents: [], in_tournament: true, rank: number, previous_rank: number, movement: 0, elo_score: 1100 - number * 10, bt_score: 1100 - number * 10,
    ci95: { low: 1050 - number * 10, high: 1150 - number * 10 }, p_top_k: 0.5, matches_played: 4, wins: 2, certified_top_k: false, ...patch,
  };
}

describe('leaderboard rows', () => {
  const rows = [
    row(1),
    row(2, { origin: 'evolved', method: 'refine', parents: ['hyp_1'], summary: 'Collagen cross-linking variant' }),
    row(3, { status: 'rejected', in_tournament: false, rank: null, previous_rank: null, movement: null, elo_score: 1200, bt_score: null, ci95: null }),
    row(4, { rank: 3, previous_rank: 1, movement: -2 }),
  ];

  it('shows the server\'s ASCII cut mark as "…" and leaves an uncut summary as it is', () => {
    const whole = 'Inhibiting LOXL2 slows fibrosis by interrupting collagen crosslinking';
    const wire = summaryPrefix(whole, 30);
    expect(wire.endsWith(CUT_MARK)).toBe(true);
    expect(/^[\x20-\x7e]*$/.test(wire)).toBe(true);
    const shown = shownSummary(wire);
    expect(shown).toBe('Inhibiting LOXL2 slows…');
    expect(whole.startsWith(shown.slice(0, -1))).toBe(true);
    expect(shownSummary(summaryPrefix(whole, 200))).toBe(whole);
  });

  it('filters by status, origin, method and minimum Elo together', () => {
    expect(applyFilters(rows, { ...NO_FILTERS, origin: 'evolved' }).map((r) => r.number)).toEqual([2]);
    expect(applyFilters(rows, { ...NO_FILTERS, status: 'rejected' }).map((r) => r.number)).toEqual([3]);
    expect(applyFilters(rows, { ...NO_FILTERS, method: 'literature_based', minElo: 1070 }).map((r) => r.number)).toEqual([1, 3]);
  });

  it('searches number, id and summary, all terms required, case-insensitively', () => {
    expect(applyFilters(rows, { ...NO_FILTERS, search: 'H2' }).map((r) => r.number)).toEqual([2]);
    expect(applyFilters(rows, { ...NO_FILTERS, search: 'hyp_4' }).map((r) => r.number)).toEqual([4]);
    expect(applyFilters(rows, { ...NO_FILTERS, search: 'STELLATE cells' }).map((r) => r.number)).toEqual([1, 3, 4]);
    expect(applyFilters(rows, { ...NO_FILTERS, search: 'stellate collagen' })).toEqual([]);
  });

  it('sorts by any column with unranked rows last, whichever the direction', () => {
    expect(sortRows(rows, { column: 'rank', direction: 'asc' }).map((r) => r.number)).toEqual([1, 2, 4, 3]);
    expect(sortRows(rows, { column: 'rank', direction: 'desc' }).map((r) => r.number)).toEqual([4, 2, 1, 3]);
    expect(sortRows(rows, { column: 'elo', direction: 'desc' }).map((r) => r.number)).toEqual([3, 1, 2, 4]);
    expect(sortRows(rows, { column: 'movement', direction: 'asc' }).map((r) => r.number)).toEqual([4, 1, 2, 3]);
  });

  it('sorts a new column best-first and flips on a second click', () => {
    expect(nextSort({ column: 'rank', direction: 'asc' }, 'elo')).toEqual({ column: 'elo', direction: 'desc' });
    expect(nextSort({ column: 'elo', direction: 'desc' }, 'elo')).toEqual({ column: 'elo', direction: 'asc' });
    expect(nextSort({ column: 'elo', direction: 'desc' }, 'number')).toEqual({ column: 'number', direction: 'asc' });
  });

  it('labels movement up, down, unchanged, new, or nothing for unranked rows', () => {
    expect(movementLabel(row(1, { previous_rank: 4, movement: 3 }))).toMatchObject({ text: '▲3', kind: 'up' });
    expect(movementLabel(row(5, { previous_rank: 2, movement: -3 }))).toMatchObject({ text: '▼3', kind: 'down' });
    expect(movementLabel(row(2))).toMatchObject({ kind: 'same' });
    expect(movementLabel(row(2, { previous_rank: null, movement: null }))).toMatchObject({ text: 'new', kind: 'new' });
    expect(movementLabel(rows[2] as LeaderboardRow)).toMatchObject({ text: '', kind: 'none' });
  });

  it('puts every interval on one shared scale', () => {
    expect(ciDomain(rows)).toEqual([1010, 1140]);
    expect(ciDomain([rows[2] as LeaderboardRow])).toBeNull();
  });
});

describe('lineage layout', () => {
  it('places each child right of its deepest parent, links every parent, and leaves unrelated rows out', () => {
    const rows = [row(1), row(2), row(3, { parents: ['hyp_1', 'hyp_2'], origin: 'evolved' }), row(4, { parents: ['hyp_3'], origin: 'evolved' }), row(5)];
    const layout = layoutLineage(rows);
    const depth = new Map(layout.nodes.map((n) => [n.row.id, n.depth]));
    expect([...depth.entries()].sort()).toEqual([['hyp_1', 0], ['hyp_2', 0], ['hyp_3', 1], ['hyp_4', 2]]);
    expect(layout.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual(['hyp_1>hyp_3', 'hyp_2>hyp_3', 'hyp_3>hyp_4']);
    const x = new Map(layout.nodes.map((n) => [n.row.id, n.x]));
    expect((x.get('hyp_4') as number) - (x.get('hyp_3') as number)).toBeGreaterThan(NODE_WIDTH);
    expect(layout.width).toBeGreaterThanOrEqual((x.get('hyp_4') as number) + NODE_WIDTH);
    expect(layout.omitted).toBe(0);
  });

  it('keeps whole families under the node budget, best-ranked first, and says how many it left out', () => {
    const rows = [row(1), row(2, { parents: ['hyp_1'] }), row(3, { rank: 10 }), row(4, { rank: 9, parents: ['hyp_3'] })];
    const layout = layoutLineage(rows, 2);
    expect(layout.nodes.map((n) => n.row.id).sort()).toEqual(['hyp_1', 'hyp_2']);
    expect(layout.omitted).toBe(2);
  });

  it('is empty without evolution', () => {
    expect(layoutLineage([row(1), row(2)]).nodes).toEqual([]);
  });
});

describe('chart helpers', () => {
  it('puts ticks on round numbers inside the range', () => {
    expect(niceTicks(0, 50, 5)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(953, 1097, 5)).toEqual([960, 980, 1000, 1020, 1040, 1060, 1080]);
    expect(niceTicks(7, 7)).toEqual([7]);
  });

  it('draws Elo as steps and pads the Elo range', () => {
    const x = linearScale([0, 10], [0, 100]);
    const y = linearScale([0, 10], [100, 0]);
    expect(stepPath([{ match: 0, elo: 0 }, { match: 5, elo: 10 }], x, y)).toBe('M0.0,100.0H50.0V0.0');
    expect(eloDomain([{ points: [{ match: 0, elo: 1000 }, { match: 3, elo: 1100 }] }])).toEqual([990, 1110]);
    expect(eloDomain([{ points: [{ match: 0, elo: 800 }] }, { points: [{ match: 2, elo: 1300 }] }])).toEqual([760, 1340]);
    expect(eloDomain([])).toEqual([950, 1050]);
  });
});

describe('audit filter form', () => {
  it('leaves out what is "any", turns local times into UTC instants, and hides the app’s own reads unless asked', () => {
    expect(toAuditFilter(EMPTY_FILTER_FORM)).toEqual({ hide_app_reads: true });
    expect(toAuditFilter({ ...EMPTY_FILTER_FORM, showAppReads: true })).toEqual({});
    const filter = toAuditFilter({ client: 'cursor', action: 'tool:decide', outcome: 'denied', since: '2026-05-01T09:30', until: 'not a time', project: 'res_1', showAppReads: true });
    expect(filter).toEqual({ client: 'cursor', action: 'tool:decide', outcome: 'denied', since: new Date('2026-05-01T09:30').toISOString(), research_id: 'res_1' });
  });
});
