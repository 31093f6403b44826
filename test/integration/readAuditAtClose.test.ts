// A read answered while another process held the write lock has its audit row queued
// (mcp/audit/readAudit.ts). When the client then ends the session, the server must append those rows
// before it exits, however long the lock stays held — and must not simply run out of work and exit
// mid-close (the WAL checkpoint thread and its timers do not keep the process alive): that lost
// 2–10 rows per run in the concurrency and fuzz tests, with exit code 0 and nothing on stderr.
import { afterEach, describe, expect, it } from 'vitest';
import { sqlite } from '../../src-mcp/store/handle.js';
import { startRawServer, type Exit, type RawServer } from '../support/rawServer.js';
import { tempDataDir } from '../support/server.js';
import { inspectStore, storeScalar } from '../support/storeInspector.js';

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
    let exited: Promise<Exit> | undefined;
    const running = server;
    await inspectStore(dataDir, async (other) => {
      // SQLite: commit ballast first, so the server's checkpoint thread is busy copying it when the
      // session ends (the case that lost rows). PostgreSQL keeps its own log: the lock alone is the case.
      if (other.dialect.engine === 'sqlite') {
        const connection = sqlite(other.db);
        // This connection must not checkpoint the ballast itself: the server's thread is to do it.
        connection.pragma('wal_autocheckpoint = 0');
        connection.exec('CREATE TABLE ballast (b BLOB)');
        const insert = connection.prepare('INSERT INTO ballast VALUES (zeroblob(1048576))');
        connection.transaction(() => {
          for (let i = 0; i < BALLAST_MB; i += 1) insert.run();
        })();
      }
      await other.holdingWriteLock(async () => {
        for (let i = 0; i < READS; i += 1) await running.call('list_research_projects', { limit: 1 });
        exited = running.close(20_000);
        await new Promise((resolve) => setTimeout(resolve, LOCK_HELD_AFTER_CLOSE_MS));
      });
    });
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).not.toMatch(/could not be appended at exit/);
    const rows = await storeScalar(dataDir, "SELECT COUNT(*) FROM audit_log WHERE client_id = 'claude-desktop' AND action = 'tool:list_research_projects'");
    expect(rows).toBe(READS);
  }, 30_000);
});
