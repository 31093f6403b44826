// The background half of walCheckpointer.ts: a worker thread with its own connection that copies
// the write-ahead log back into the database file, so that no tool call pays for it.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
}

export type CheckpointWorkerMessage = { type: 'ready' } | { type: 'checkpointed'; finished: boolean } | { type: 'failed'; message: string };

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

// Writers keep appending while a pass copies, so one pass rarely finishes the log during a burst,
// and only a finished log is started over (a log that is never restarted grows, and with it the
// cost of finding a page in it). A pass that made progress is followed at once by a short one,
// which usually has only the last few frames left.
const FOLLOW_UP_MS = 2;
const MAX_FOLLOW_UPS = 8;
let followUps = 0;
let timer = setTimeout(tick, intervalMs);

function tick(): void {
  timer = setTimeout(tick, checkpointPass() ? FOLLOW_UP_MS : intervalMs);
}

/** One PASSIVE checkpoint when the log changed; true when another pass should follow at once. */
function checkpointPass(): boolean {
  // A stat is far cheaper than asking SQLite: most ticks find nothing written since the last one.
  const signature = walSignature();
  if (signature === lastSeen || signature === 'none') return false;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
    if (result === undefined) return false;
    const finished = result.log === result.checkpointed;
    if (result.checkpointed > 0) post({ type: 'checkpointed', finished });
    lastSeen = finished ? signature : '';
    followUps = finished ? 0 : followUps + 1;
    if (followUps > MAX_FOLLOW_UPS) followUps = 0;
    return followUps > 0;
  } catch (error) {
    // Busy or locked: another process is checkpointing; try again on the next tick.
    lastSeen = '';
    followUps = 0;
    const { code, message } = error as { code?: string; message: string };
    // Reported once per kind of failure, not on every tick.
    if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED' && message !== lastFailure) post({ type: 'failed', message });
    lastFailure = message;
    return false;
  }
}

port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  db.close();
  port.close();
});

post({ type: 'ready' });
