// A read answered while another process held the write lock has its audit row queued
// (mcp/audit/readAudit.ts). When the client then ends the session, the server must append those rows
// before it exits, however long the lock stays held — and must not simply run out of work and exit
// mid-close (the WAL checkpoint thread and its timers do not keep the process alive): that lost
// 2–10 rows per run in the concurrency and fuzz tests, with exit code 0 and nothing on stderr.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { startRawServer, type RawServer } from '../support/rawServer.js';
import { tempDataDir } from '../support/server.js';

const READS = 5;
/** Long enough for the queued rows to be waiting on the lock when the session ends. */
const LOCK_HELD_AFTER_CLOSE_MS = 1_500;
/** Committed just before: the server's checkpoint thread is busy copying it when the session ends. */
const BALLAST_MB = 48;

let server: RawServer | undefined;
afterEach(async () => {
  await server?.kill();
  server = undefined;
});

describe('queued read audit rows at the end of a session', () => {
  it('are all appended before the server exits, once the other process lets go of the lock', async () => {
    const dataDir = tempDataDir('cosci-readaudit-close');
    server = await startRawServer({ dataDir, client: 'claude-desktop' });
    const file = path.join(dataDir, 'co-scientist.db');
    const other = new Database(file);
    try {
      // This connection must not checkpoint the ballast itself: the server's thread is to do it.
      other.pragma('wal_autocheckpoint = 0');
      other.exec('CREATE TABLE ballast (b BLOB)');
      const insert = other.prepare('INSERT INTO ballast VALUES (zeroblob(1048576))');
      other.transaction(() => {
        for (let i = 0; i < BALLAST_MB; i += 1) insert.run();
      })();
      other.exec('BEGIN IMMEDIATE');
      for (let i = 0; i < READS; i += 1) await server.call('list_research_projects', { limit: 1 });
      const exited = server.close(20_000);
      await new Promise((resolve) => setTimeout(resolve, LOCK_HELD_AFTER_CLOSE_MS));
      other.exec('COMMIT');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(server.stderr()).not.toMatch(/could not be appended at exit/);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    }
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare("SELECT COUNT(*) FROM audit_log WHERE client_id = 'claude-desktop' AND action = 'tool:list_research_projects'").pluck().get();
      expect(rows).toBe(READS);
    } finally {
      db.close();
    }
  }, 30_000);
});
