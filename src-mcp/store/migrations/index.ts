// Numbered SQL migrations, in order. Each file is applied once, in its own transaction.
// The build (esbuild) and the tests (vitest) both load `.sql` files as text.
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

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '0001_initial', sql: m0001 },
  { version: 2, name: '0002_research_engine', sql: m0002 },
  { version: 3, name: '0003_knowledge', sql: m0003 },
  { version: 4, name: '0004_reasoning_providers', sql: m0004 },
  { version: 5, name: '0005_project_counts', sql: m0005 },
  { version: 6, name: '0006_competitor_index', sql: m0006 },
  { version: 7, name: '0007_hypothesis_digest', sql: m0007 },
  { version: 8, name: '0008_scientific_integrity', sql: m0008 },
  { version: 9, name: '0009_leaderboard_version', sql: m0009 },
  { version: 10, name: '0010_leaderboard_read_model', sql: m0010 },
  { version: 11, name: '0011_hypothesis_title_edits', sql: m0011 },
  { version: 12, name: '0012_covering_page_indexes', sql: m0012 },
  { version: 13, name: '0013_board_page_index', sql: m0013 },
];

// Versions must run 1, 2, 3… with no gap: a database at version N skips everything ≤ N.
MIGRATIONS.forEach((migration, index) => {
  if (migration.version !== index + 1) throw new Error(`Migration ${migration.name} is out of sequence (expected version ${index + 1}).`);
});

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
