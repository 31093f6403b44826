// The leaderboard's rows by column (format="columns"): one array per field of LeaderboardRowSchema,
// in the schema's order, the i-th entries making the i-th row.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { leaderboardColumns } from '../../../../../../src-mcp/mcp/tools/desktop/tournamentRows.js';
import { LeaderboardColumnsSchema, LeaderboardRowSchema } from '../../../../../../src-shared/schemas/tournament.js';

type Row = z.input<typeof LeaderboardRowSchema>;

const rowOf = (i: number): Row => ({
  id: `hyp_${i}`, number: i + 1, summary: `Summary ${i} — β`, status: 'reviewed', origin: 'generated', method: 'literature', iteration: i % 3,
  parents: i % 2 === 0 ? [] : [`hyp_${i - 1}`], in_tournament: i % 4 !== 0, rank: i % 4 === 0 ? null : i, previous_rank: i % 5 === 0 ? null : i + 1,
  movement: i % 5 === 0 ? null : -1, elo_score: 1000 + i / 10, bt_score: i % 4 === 0 ? null : 1200.5 - i, ci95: i % 4 === 0 ? null : { low: 1100, high: 1300 },
  p_top_k: i % 4 === 0 ? null : 0.5, matches_played: i, wins: Math.floor(i / 2), certified_top_k: i === 1,
});

describe('leaderboardColumns', () => {
  it('has every field of a row, in the schema\'s order, and the i-th entries make the i-th row', () => {
    const rows = Array.from({ length: 7 }, (_, i) => rowOf(i));
    const columns = leaderboardColumns(rows);
    const fields = LeaderboardRowSchema.keyof().options;
    expect(Object.keys(columns)).toEqual(fields);
    const back = rows.map((_, i) => Object.fromEntries(fields.map((field) => [field, (columns[field] as unknown[])[i]])));
    expect(back).toEqual(rows);
    expect(LeaderboardColumnsSchema.parse(columns)).toEqual(columns);
  });

  it('fills every index of every column: no holes, and each column serialises as the rows\' values mapped', () => {
    const rows = Array.from({ length: 33 }, (_, i) => rowOf(i));
    const columns = leaderboardColumns(rows);
    for (const field of LeaderboardRowSchema.keyof().options) {
      const column = columns[field] as unknown[];
      expect(column).toHaveLength(rows.length);
      expect(Object.keys(column)).toHaveLength(rows.length);
      expect(JSON.stringify(column)).toBe(JSON.stringify(rows.map((row) => row[field])));
    }
  });

  it('gives empty columns for no rows', () => {
    const columns = leaderboardColumns([]);
    expect(Object.values(columns).every((column) => Array.isArray(column) && column.length === 0)).toBe(true);
    expect(Object.keys(columns)).toHaveLength(LeaderboardRowSchema.keyof().options.length);
  });
});
