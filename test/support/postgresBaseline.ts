// The PostgreSQL baseline (src-mcp/store/migrations/postgres/baseline.sql, POSTGRES_BASELINE) is
// generated, never edited: the schema the steps up to its version make, as the cluster's pg_dump
// writes it, less what pg_dump adds for a restore (session settings, psql's \restrict lines, its
// comments), less the schema itself (pg_dump --schema writes it; the database has it) and less the
// schema qualifier, so that, like the steps, it makes its objects in the schema the connection's
// search_path names.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { MIGRATIONS } from '../../src-mcp/store/migrations/index.js';
import { migratePostgres, SCHEMA_VERSION_TABLE } from '../../src-mcp/store/postgres/migrate.js';
import { findPostgresBinDir } from './postgresCluster.js';

/** The test that keeps the file current, and so the command that rewrites it. */
export const BASELINE_TEST = 'test/integration/postgres/migrationBaseline.test.ts';

/** Migrates the empty database at `url` step by step to `version` and returns the baseline's text for it. */
export async function generateBaseline(url: string, version: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let schema: string;
  try {
    await migratePostgres(client, 'the baseline source', { target: version, baseline: null });
    schema = ((await client.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0] as { schema: string }).schema;
  } finally {
    await client.end();
  }
  const binDir = findPostgresBinDir();
  if (binDir === undefined) throw new Error('pg_dump not found: install Debian\'s postgresql package.');
  const { stdout } = await promisify(execFile)(
    path.join(binDir, 'pg_dump'),
    ['--schema-only', '--no-owner', '--no-privileges', `--schema=${schema}`, `--exclude-table=${schema}.${SCHEMA_VERSION_TABLE}`, `--dbname=${url}`],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return baselineText(stdout, schema, version);
}

/** Lines pg_dump writes for a restore into a new cluster, not for making the schema in a database. */
const RESTORE_ONLY = ['--', '\\', 'SET ', 'SELECT pg_catalog.set_config(', 'CREATE SCHEMA ', 'COMMENT ON SCHEMA '];

function baselineText(dump: string, schema: string, version: number): string {
  const first = MIGRATIONS[0]?.name ?? '';
  const last = MIGRATIONS[version - 1]?.name ?? '';
  const header = [
    `-- The schema migrations ${first} to ${last} make, as pg_dump writes it:`,
    `-- a new database is created from it (store/postgres/migrate.ts). Generated; do not edit.`,
    `-- After a new step, or to move POSTGRES_BASELINE.version, rewrite it with a cluster running:`,
    `--   npx vitest run ${BASELINE_TEST} -u`,
  ];
  const qualifier = new RegExp(`\\b${schema}\\.`, 'g');
  const body = dump
    .split('\n')
    .filter((line) => !RESTORE_ONLY.some((prefix) => line.startsWith(prefix)))
    .map((line) => line.replace(qualifier, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${header.join('\n')}\n\n${body}\n`;
}
