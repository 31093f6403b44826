// Numbered SQL migrations, in order. Each file is applied once, in its own transaction.
// The build (esbuild) and the tests (vitest) both load `.sql` files as text.
import m0001 from './0001_initial.sql';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [{ version: 1, name: '0001_initial', sql: m0001 }];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
