// `co-scientist db migrate`: brings the chosen database (src-shared/node/databaseUrl.ts) to this
// program's schema on either engine, and says from which version to which. The migrators are the
// ones every start uses (database.ts for SQLite, postgres/migrate.ts for PostgreSQL).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseLocation } from '../../src-shared/node/databaseUrl.js';
import { closeDatabase, openDatabase, schemaVersion } from './database.js';
import { MIGRATIONS } from './migrations/index.js';
import { connectPostgres } from './postgres/connection.js';
import { migratePostgres, type MigrationOutcome } from './postgres/migrate.js';

export type { MigrationOutcome } from './postgres/migrate.js';

export async function migrateDatabase(location: DatabaseLocation): Promise<MigrationOutcome> {
  if (location.engine === 'postgres') {
    const client = await connectPostgres(location.url);
    try {
      return await migratePostgres(client, location.display);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const from = fs.existsSync(location.file) ? sqliteUserVersion(location.file) : 0;
  // openDatabase migrates (and refuses a newer schema) exactly as a server start does.
  const db = await openDatabase(path.dirname(location.file));
  try {
    const to = await schemaVersion(db);
    // Steps between the two versions; with another process migrating at the same moment some of
    // them may have been its work, which changes nothing for the schema reached.
    return { from, to, applied: MIGRATIONS.filter((m) => m.version > from && m.version <= to).map((m) => m.name) };
  } finally {
    await closeDatabase(db);
  }
}

function sqliteUserVersion(file: string): number {
  const probe = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return probe.pragma('user_version', { simple: true }) as number;
  } finally {
    probe.close();
  }
}
