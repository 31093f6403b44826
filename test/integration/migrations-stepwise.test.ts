// SQLite: a database migrated step by step (one run per version, rows written along the way) ends
// with the same schema and the same derived values as one created fresh at the latest version
// (test/support/stepwiseSqlite.ts says what each means). The PostgreSQL form of the same list is
// checked the same way in test/integration/postgres/migrations.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { makeTempDir } from '../support/tempDirs.js';
import { catalogDifference, sqliteCatalog } from '../support/schemaCatalog.js';
import { freshSqlite, sqliteDerivedState, stepwiseSqlite } from '../support/stepwiseSqlite.js';
import {
  DERIVED_STATE_QUERIES,
  EXPECTED_COUNTS_AFTER_FIXTURE,
  EXPECTED_COUNTS_AFTER_MULTI_ROW_WRITES,
  EXPECTED_USAGE_AFTER_FIXTURE,
  EXPECTED_USAGE_AFTER_MULTI_ROW_WRITES,
  MULTI_ROW_WRITES,
} from '../support/migrationFixture.js';

const open: Database.Database[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});
const keep = (connection: Database.Database): Database.Database => (open.push(connection), connection);

describe('SQLite migrations: step by step equals fresh', () => {
  it('has the same tables, columns, indexes and triggers either way', async () => {
    const fresh = keep(await freshSqlite(makeTempDir('cosci-fresh-')));
    const stepwise = keep(await stepwiseSqlite(makeTempDir('cosci-stepwise-')));
    expect(catalogDifference(sqliteCatalog(fresh), sqliteCatalog(stepwise))).toEqual([]);
    expect(sqliteCatalog(fresh).length).toBeGreaterThan(100);
  });

  it('derives the same counts, board keys, citation counts, title edits and usage totals either way, the ones worked out by hand', async () => {
    const fresh = keep(await freshSqlite(makeTempDir('cosci-fresh-')));
    const stepwise = keep(await stepwiseSqlite(makeTempDir('cosci-stepwise-')));
    const state = sqliteDerivedState(fresh, DERIVED_STATE_QUERIES);
    expect(sqliteDerivedState(stepwise, DERIVED_STATE_QUERIES)).toEqual(state);
    expect(state.counts).toEqual([EXPECTED_COUNTS_AFTER_FIXTURE]);
    expect(state.hypotheses).toEqual([
      { id: 'hyp_1', status: 'reviewed', gate: 'approved', rank: 1, board_bucket: 0, board_value: 1, unverified_citations: 2 },
      { id: 'hyp_2', status: 'in_tournament', gate: 'approved', rank: 2, board_bucket: 0, board_value: 2, unverified_citations: 0 },
      { id: 'hyp_3', status: 'pending', gate: 'new', rank: null, board_bucket: 1, board_value: -990, unverified_citations: 1 },
      { id: 'hyp_4', status: 'reviewed', gate: 'approved', rank: null, board_bucket: 1, board_value: -1010, unverified_citations: 0 },
    ]);
    expect(state.titleEdits).toEqual([{ hypothesis_id: 'hyp_1', at: '2026-01-04T00:00:00Z', client_id: 'tester', from_title: 'Old title', to_title: 'New title' }]);
    expect(state.usage).toEqual(EXPECTED_USAGE_AFTER_FIXTURE);
    for (const statement of MULTI_ROW_WRITES) fresh.exec(statement);
    const after = sqliteDerivedState(fresh, DERIVED_STATE_QUERIES);
    expect(after.counts).toEqual([EXPECTED_COUNTS_AFTER_MULTI_ROW_WRITES]);
    expect(after.usage).toEqual(EXPECTED_USAGE_AFTER_MULTI_ROW_WRITES);
  });

  it('reports a schema that differs (the comparison can fail)', async () => {
    const fresh = keep(await freshSqlite(makeTempDir('cosci-fresh-')));
    const altered = keep(await freshSqlite(makeTempDir('cosci-altered-')));
    altered.exec('DROP TRIGGER leaderboard_version_on_match_delete; CREATE INDEX extra_index ON matches (winner_id); ALTER TABLE projects ADD COLUMN extra TEXT');
    const difference = catalogDifference(sqliteCatalog(fresh), sqliteCatalog(altered));
    expect(difference).toContainEqual(expect.stringMatching(/^- trigger leaderboard_version_on_match_delete /));
    expect(difference).toContainEqual(expect.stringMatching(/^\+ index extra_index /));
    expect(difference).toContainEqual(expect.stringMatching(/^\+ column projects\.extra /));
  });
});
