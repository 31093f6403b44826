// The background half of walCheckpointer.ts: a worker thread with its own connection that copies
// the write-ahead log back into the database file, so that no tool call pays for it.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
}

export type CheckpointWorkerMessage = { type: 'ready' } | { type: 'checkpointed' } | { type: 'failed'; message: string };

const port = parentPort;
if (port === null) throw new Error('walCheckpointWorker runs only as a worker thread.');
const { file, intervalMs } = workerData as CheckpointWorkerData;
const post = (message: CheckpointWorkerMessage): void => port.postMessage(message);

const db = new Database(file, { fileMustExist: true });
// Never waits: a PASSIVE checkpoint copies what no reader still needs and leaves the rest for next time.
db.pragma('busy_timeout = 0');
const walFile = `${file}-wal`;
let lastSeen = '';
let lastFailure = '';

function walSignature(): string {
  try {
    const stat = fs.statSync(walFile);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'none';
  }
}

const timer = setInterval(() => {
  // A stat is far cheaper than asking SQLite: most ticks find nothing written since the last one.
  const signature = walSignature();
  if (signature === lastSeen || signature === 'none') return;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
    lastSeen = result !== undefined && result.log === result.checkpointed ? signature : '';
    if (result !== undefined && result.checkpointed > 0) post({ type: 'checkpointed' });
  } catch (error) {
    // Busy or locked: another process is checkpointing; try again on the next tick.
    lastSeen = '';
    const { code, message } = error as { code?: string; message: string };
    // Reported once per kind of failure, not on every tick.
    if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED' && message !== lastFailure) post({ type: 'failed', message });
    lastFailure = message;
  }
}, intervalMs);

port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  port.close();
});

post({ type: 'ready' });
