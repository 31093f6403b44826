// Numbered SQL migrations, in order. Each file is applied once, in its own transaction.
// The build (esbuild) and the tests (vitest) both load `.sql` files as text. Each migration has a
// SQLite form (this folder) and a PostgreSQL form (postgres/, same file name): one list, one
// version number per step, for both engines (docs/architecture.md, *PostgreSQL engine*).
import m0001 from './0001_initial.sql';
import m0002 from './0002_research_engine.sql';
import m0003 from './0003_knowledge.sql';
import m0004 from './0004_reasoning_providers.sql';
import m0005 from './0005_project_counts.sql';
import m0006 from './0006_competitor_index.sql';
import m0007 from './0007_hypothesis_digest.sql';
import m0008 from './0008_scientific_integrity.sql';
import m0009 from './0009_leaderboard_version.sql';
import m0010 from './0010_leaderboard_read_model.sql';
import m0011 from './0011_hypothesis_title_edits.sql';
import m0012 from './0012_covering_page_indexes.sql';
import m0013 from './0013_board_page_index.sql';
import m0014 from './0014_task_insertion_order.sql';
import m0015 from './0015_project_counts_reference.sql';
import m0016 from './0016_statement_level_counts.sql';
import m0017 from './0017_usage_totals.sql';
import m0018 from './0018_overview_task_indexes.sql';
import pg0001 from './postgres/0001_initial.sql';
import pg0002 from './postgres/0002_research_engine.sql';
import pg0003 from './postgres/0003_knowledge.sql';
import pg0004 from './postgres/0004_reasoning_providers.sql';
import pg0005 from './postgres/0005_project_counts.sql';
import pg0006 from './postgres/0006_competitor_index.sql';
import pg0007 from './postgres/0007_hypothesis_digest.sql';
import pg0008 from './postgres/0008_scientific_integrity.sql';
import pg0009 from './postgres/0009_leaderboard_version.sql';
import pg0010 from './postgres/0010_leaderboard_read_model.sql';
import pg0011 from './postgres/0011_hypothesis_title_edits.sql';
import pg0012 from './postgres/0012_covering_page_indexes.sql';
import pg0013 from './postgres/0013_board_page_index.sql';
import pg0014 from './postgres/0014_task_insertion_order.sql';
import pg0015 from './postgres/0015_project_counts_reference.sql';
import pg0016 from './postgres/0016_statement_level_counts.sql';
import pg0017 from './postgres/0017_usage_totals.sql';
import pg0018 from './postgres/0018_overview_task_indexes.sql';
import pgBaseline from './postgres/baseline.sql';

export interface Migration {
  version: number;
  name: string;
  /** The SQLite form. */
  sql: string;
  /** The PostgreSQL form of the same step. */
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '0001_initial', sql: m0001, postgres: pg0001 },
  { version: 2, name: '0002_research_engine', sql: m0002, postgres: pg0002 },
  { version: 3, name: '0003_knowledge', sql: m0003, postgres: pg0003 },
  { version: 4, name: '0004_reasoning_providers', sql: m0004, postgres: pg0004 },
  { version: 5, name: '0005_project_counts', sql: m0005, postgres: pg0005 },
  { version: 6, name: '0006_competitor_index', sql: m0006, postgres: pg0006 },
  { version: 7, name: '0007_hypothesis_digest', sql: m0007, postgres: pg0007 },
  { version: 8, name: '0008_scientific_integrity', sql: m0008, postgres: pg0008 },
  { version: 9, name: '0009_leaderboard_version', sql: m0009, postgres: pg0009 },
  { version: 10, name: '0010_leaderboard_read_model', sql: m0010, postgres: pg0010 },
  { version: 11, name: '0011_hypothesis_title_edits', sql: m0011, postgres: pg0011 },
  { version: 12, name: '0012_covering_page_indexes', sql: m0012, postgres: pg0012 },
  { version: 13, name: '0013_board_page_index', sql: m0013, postgres: pg0013 },
  { version: 14, name: '0014_task_insertion_order', sql: m0014, postgres: pg0014 },
  { version: 15, name: '0015_project_counts_reference', sql: m0015, postgres: pg0015 },
  { version: 16, name: '0016_statement_level_counts', sql: m0016, postgres: pg0016 },
  { version: 17, name: '0017_usage_totals', sql: m0017, postgres: pg0017 },
  { version: 18, name: '0018_overview_task_indexes', sql: m0018, postgres: pg0018 },
];

// Versions must run 1, 2, 3… with no gap: a database at version N skips everything ≤ N.
MIGRATIONS.forEach((migration, index) => {
  if (migration.version !== index + 1) throw new Error(`Migration ${migration.name} is out of sequence (expected version ${index + 1}).`);
  if (migration.sql.trim() === '' || migration.postgres.trim() === '') throw new Error(`Migration ${migration.name} lacks its SQLite or PostgreSQL form.`);
});

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/**
 * A new PostgreSQL database is created from the schema the steps up to `version` make, as pg_dump
 * writes it (postgres/baseline.sql), then takes the steps after `version`. The steps rebuild,
 * widen and replace what earlier steps made; the schema they end with is ~195 statements that
 * PostgreSQL applies in ~2/3 of the steps' time (docs/benchmarks.md, *A new database from its
 * schema*). The file is generated, never edited: test/integration/postgres/migrationBaseline.test.ts
 * fails when it is not what pg_dump writes for the steps (`vitest -u` rewrites it), and
 * migrations.test.ts compares a database created from it with one migrated step by step.
 */
export interface PostgresBaseline {
  version: number;
  postgres: string;
}

export const POSTGRES_BASELINE: PostgresBaseline = { version: 17, postgres: pgBaseline };

if (POSTGRES_BASELINE.version < 1 || POSTGRES_BASELINE.version > LATEST_SCHEMA_VERSION) {
  throw new Error(`The PostgreSQL baseline's version ${POSTGRES_BASELINE.version} is not a step of the list (1 to ${LATEST_SCHEMA_VERSION}).`);
}
