// The migration runner on real SQLite files: a current database opens without the write lock,
// an older one is brought up to date from where it stands.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { openDatabase, schemaVersion } from '../../../../src-mcp/store/database.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../../src-mcp/store/migrations/index.js';
import { databasePath } from '../../../../src-mcp/store/dataDir.js';
import { makeTempDir } from '../../../support/tempDirs.js';

function tempDir(): string {
  return makeTempDir('cosci-migrate-');
}

describe('migrate', () => {
  it('opens a current database while another process holds the write lock (no lock is needed)', () => {
    const dir = tempDir();
    openDatabase(dir).close();
    const writer = new Database(databasePath(dir));
    writer.exec('BEGIN IMMEDIATE');
    try {
      // With a write lock to wait for, this would fail with SQLITE_BUSY after 50 ms.
      const db = openDatabase(dir, { busyTimeoutMs: 50 });
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      db.close();
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it('applies only the migrations after the version a database already has', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    const old = new Database(databasePath(dir));
    for (const migration of MIGRATIONS.slice(0, 2)) old.exec(migration.sql);
    old.pragma('user_version = 2');
    old.prepare("INSERT INTO events (at, client_id, kind, subject_uri) VALUES ('t', 'c', 'k', 'u')").run();
    old.close();

    const db = openDatabase(dir);
    try {
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      // Data written at version 2 survives: nothing before version 3 ran again.
      expect(db.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });
});
