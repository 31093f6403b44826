// The two forms of each migration (SQLite and PostgreSQL, paired in migrations/index.ts) create the
// same tables, indexes and triggers under the same names, and spell out the same CHECK lists, apart
// from the differences docs/architecture.md (*PostgreSQL engine*) names, listed here one by one: a
// step written for one engine only fails this test.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src-mcp/store/migrations/index.js';

type Form = 'sql' | 'postgres';

/** Names created by CREATE <kind> across every step of one form (IF NOT EXISTS, UNIQUE, VIRTUAL allowed). */
function created(form: Form, kind: 'TABLE' | 'INDEX' | 'TRIGGER'): Set<string> {
  const pattern = new RegExp(`CREATE (?:UNIQUE |VIRTUAL )?${kind} (?:IF NOT EXISTS )?(\\w+)`, 'g');
  return new Set(MIGRATIONS.flatMap((m) => [...m[form].matchAll(pattern)].map((match) => match[1]!)));
}

/** Every `CHECK (<column> IN (...))` of one form, as "column: list", whitespace squeezed. */
function checkLists(form: Form): Set<string> {
  return new Set(MIGRATIONS.flatMap((m) => [...m[form].matchAll(/CHECK \((\w+) IN \(([^)]*)\)\)/g)].map((match) => `${match[1]}: ${match[2]!.replace(/\s+/g, ' ')}`)));
}

function onlyIn(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((name) => !b.has(name)).sort();
}

describe('the SQLite and PostgreSQL forms of the migrations', () => {
  it('create the same tables, except the FTS5 index and the table rebuilt by 0008', () => {
    expect(onlyIn(created('sql', 'TABLE'), created('postgres', 'TABLE'))).toEqual(['checkpoints_0008', 'knowledge_fts']);
    expect(onlyIn(created('postgres', 'TABLE'), created('sql', 'TABLE'))).toEqual([]);
  });

  it('create the same indexes, except the case-insensitive name (COLLATE NOCASE in SQLite) and the full-text GIN index', () => {
    expect(onlyIn(created('sql', 'INDEX'), created('postgres', 'INDEX'))).toEqual([]);
    expect(onlyIn(created('postgres', 'INDEX'), created('sql', 'INDEX'))).toEqual(['knowledge_chunks_search', 'knowledge_collections_name_nocase']);
  });

  it('create the same triggers, except the two that keep FTS5 in step (a generated column does it in PostgreSQL) and the statement-level counting of 0016', () => {
    expect(onlyIn(created('sql', 'TRIGGER'), created('postgres', 'TRIGGER'))).toEqual(['knowledge_chunks_indexed', 'knowledge_chunks_unindexed']);
    // PostgreSQL counts per statement what SQLite's row triggers count per row (postgres/0016).
    expect(onlyIn(created('postgres', 'TRIGGER'), created('sql', 'TRIGGER'))).toEqual([
      'project_counts_go_first',
      'project_counts_on_hypotheses_inserted',
      'project_counts_on_matches_deleted',
      'project_counts_on_matches_inserted',
    ]);
  });

  it('spell out the same CHECK lists', () => {
    expect(checkLists('postgres')).toEqual(checkLists('sql'));
    expect(checkLists('sql').size).toBeGreaterThan(15);
  });
});
