// The store on real SQLite files with the production migrations.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { closeDatabase, openDatabase, schemaVersion } from '../../../../src-mcp/store/database.js';
import { LATEST_SCHEMA_VERSION } from '../../../../src-mcp/store/migrations/index.js';
import { databasePath } from '../../../../src-shared/node/dataDir.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';

function tempDir(): string {
  return makeTempDir('cosci-store-');
}

describe('openDatabase', () => {
  it('creates the data dir and database, applies every migration, and uses WAL with a busy timeout', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const db = await openDatabase(dir);
    try {
      expect(fs.existsSync(databasePath(dir))).toBe(true);
      expect(await schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      expect(sqlite(db).pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite(db).pragma('busy_timeout', { simple: true })).toBe(5000);
      const tables = sqlite(db).prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
      expect(tables).toEqual(expect.arrayContaining(['audit_log', 'client_policies', 'events', 'projects']));
    } finally {
      await closeDatabase(db);
    }
  });

  it('is idempotent: reopening applies nothing twice and keeps data', async () => {
    const dir = tempDir();
    const first = await openDatabase(dir);
    sqlite(first).prepare("INSERT INTO events (at, client_id, kind, subject_uri) VALUES ('t', 'c', 'k', 'u')").run();
    await closeDatabase(first);
    const second = await openDatabase(dir);
    try {
      expect(sqlite(second).prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(1);
      expect(await schemaVersion(second)).toBe(LATEST_SCHEMA_VERSION);
    } finally {
      await closeDatabase(second);
    }
  });

  it('refuses a database from a newer version with a clear message and leaves the file byte-for-byte untouched', async () => {
    const dir = tempDir();
    const file = databasePath(dir);
    const future = new Database(file);
    future.exec('CREATE TABLE from_the_future (x TEXT)');
    future.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 5}`);
    future.close();
    const before = fs.readFileSync(file);
    const mtime = fs.statSync(file).mtimeMs;

    await expect(openDatabase(dir)).rejects.toThrow(/newer version of Co-Scientist \(schema \d+; this version understands up to \d+\).*has not been changed/s);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a newer version that is still only in the write-ahead log, and leaves file and log untouched', async () => {
    const source = tempDir();
    const sourceFile = databasePath(source);
    await closeDatabase(await openDatabase(source));
    const future = new Database(sourceFile);
    // A newer app migrated, then died before any checkpoint: its version is in the log only, the
    // file's header still says ours. Its files, copied while it ran, are what it leaves behind.
    const dir = tempDir();
    const file = databasePath(dir);
    try {
      future.pragma('wal_autocheckpoint = 0');
      future.exec('CREATE TABLE from_the_future (x TEXT)');
      future.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
      fs.copyFileSync(sourceFile, file);
      fs.copyFileSync(`${sourceFile}-wal`, `${file}-wal`);
    } finally {
      future.close();
    }
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(fs.readFileSync(file).readInt32BE(60)).toBe(LATEST_SCHEMA_VERSION);
    const before = fs.readFileSync(file);
    const logBefore = fs.readFileSync(`${file}-wal`);

    await expect(openDatabase(dir)).rejects.toThrow(/newer version of Co-Scientist \(schema \d+;.*has not been changed/s);
    // Trusting the header would have opened it for writing, and closing that connection would have
    // checkpointed the newer app's log into the file.
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readFileSync(`${file}-wal`).equals(logBefore)).toBe(true);
  });

  it('refuses a file that is not a database without touching it', async () => {
    const dir = tempDir();
    const file = databasePath(dir);
    fs.writeFileSync(file, 'this is a text file, not SQLite');
    await expect(openDatabase(dir)).rejects.toThrow(/could not be read.*has not been changed/s);
    expect(fs.readFileSync(file, 'utf8')).toBe('this is a text file, not SQLite');
  });

  it('lets two connections migrate the same fresh file concurrently without error', async () => {
    const dir = tempDir();
    const a = await openDatabase(dir);
    const b = await openDatabase(dir);
    try {
      expect(await schemaVersion(a)).toBe(LATEST_SCHEMA_VERSION);
      expect(await schemaVersion(b)).toBe(LATEST_SCHEMA_VERSION);
    } finally {
      await closeDatabase(a);
      await closeDatabase(b);
    }
  });
});
