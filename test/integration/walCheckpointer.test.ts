// WAL checkpoints in a helper thread (store/walCheckpointer.ts), with the built worker the server
// ships: the server's connection stops checkpointing only while the thread does it, and gets
// SQLite's own checkpointing back whenever the thread cannot start or dies.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, type Db, openDatabase, writeTransaction } from '../../src-mcp/store/database.js';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, SQLITE_AUTOCHECKPOINT_PAGES, WalCheckpointer } from '../../src-mcp/store/walCheckpointer.js';
import { assertServerBuilt, REPO_ROOT, tempDataDir, waitFor } from '../support/server.js';
import { sqlite } from '../../src-mcp/store/handle.js';
import { testEngine } from '../support/testEngine.js';

const BUILT_WORKER = pathToFileURL(path.join(REPO_ROOT, 'dist/mcp/walCheckpointWorker.js'));

let db: Db;
let checkpointer: WalCheckpointer | undefined;
const autocheckpoint = (): number => sqlite(db).pragma('wal_autocheckpoint', { simple: true }) as number;

beforeAll(() => assertServerBuilt());

afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = undefined;
  if (sqlite(db).open) await closeDatabase(db);
});

/** Enough writes to pass SQLite's 1,000-page trigger several times over. */
async function writeMany(rows: number): Promise<void> {
  sqlite(db).exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  for (let i = 0; i < rows; i += 1) await writeTransaction(db, () => sqlite(db).prepare('INSERT INTO filler (body) VALUES (?)').run('x'.repeat(4000)));
}

// SQLite's write-ahead log and its checkpoints: PostgreSQL keeps its own log, and a server on it runs no checkpointer.
describe.skipIf(testEngine() === 'postgres')('WalCheckpointer', () => {
  it('takes over checkpointing once its thread is ready, copies the log back in the background, and hands back on stop', async () => {
    db = await openDatabase(tempDataDir('cosci-wal'));
    expect(autocheckpoint()).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    checkpointer = new WalCheckpointer(db, { workerUrl: BUILT_WORKER, intervalMs: 20, onFailure: (message) => expect.fail(message) }).start();
    expect(await checkpointer.ready).toBe(true);
    expect(checkpointer.active).toBe(true);
    expect(autocheckpoint()).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);

    await writeMany(3000);
    await waitFor(() => checkpointer!.checkpointsRun > 0, 10_000, 'the thread to checkpoint the writes');
    // Once the writes stop, a pass copies the whole log, so the next write can start it over.
    await waitFor(() => checkpointer!.caughtUp, 10_000, 'the thread to copy the whole log');
    expect(sqlite(db).prepare('SELECT COUNT(*) FROM filler').pluck().get()).toBe(3000);

    await checkpointer.stop();
    expect(checkpointer.active).toBe(false);
    expect(autocheckpoint()).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    await closeDatabase(db);
    // The last connection's close checkpoints and removes the log: nothing the thread held stays open.
    expect(fs.existsSync(`${sqlite(db).name}-wal`)).toBe(false);
  });

  it('leaves SQLite checkpointing by itself when there is no built worker (run from source)', async () => {
    db = await openDatabase(tempDataDir('cosci-wal'));
    checkpointer = new WalCheckpointer(db, { workerUrl: pathToFileURL(path.join(REPO_ROOT, 'dist/mcp/no-such-worker.js')) }).start();
    expect(await checkpointer.ready).toBe(false);
    expect(autocheckpoint()).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
  });

  it('gives checkpointing back to SQLite, and says so, when its thread dies', async () => {
    const dir = tempDataDir('cosci-wal');
    db = await openDatabase(dir);
    // A worker that reports ready and then crashes, as a thread hit by an unexpected error would.
    const crashing = path.join(dir, 'crashing-worker.mjs');
    fs.writeFileSync(crashing, "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ type: 'ready' });\nsetTimeout(() => process.exit(3), 50);\n");
    const reports: string[] = [];
    checkpointer = new WalCheckpointer(db, { workerUrl: pathToFileURL(crashing), onFailure: (message) => reports.push(message) }).start();
    expect(await checkpointer.ready).toBe(true);
    expect(autocheckpoint()).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);
    await waitFor(() => !checkpointer!.active, 10_000, 'the crash to be noticed');
    expect(autocheckpoint()).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    expect(reports).toEqual(['background WAL checkpoints stopped (the checkpoint thread exited (code 3)); SQLite checkpoints by itself again']);
  });

  it('does not start its thread before the delay, and never when stopped first', async () => {
    db = await openDatabase(tempDataDir('cosci-wal'));
    // Fake timers decide when the delay has passed, instead of a sleep that guesses it has not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      checkpointer = new WalCheckpointer(db, { workerUrl: BUILT_WORKER, delayMs: 60_000 }).start();
      vi.advanceTimersByTime(59_999);
      expect(checkpointer.active).toBe(false);
      expect(autocheckpoint()).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
      await checkpointer.stop();
      vi.runAllTimers();
      expect(checkpointer.active).toBe(false);
      expect(await checkpointer.ready).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
