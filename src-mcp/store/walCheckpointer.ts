// Moves WAL checkpoints off the tool-call path.
//
// SQLite's automatic checkpoint runs inside the commit that pushes the log past 1,000 pages, so
// every fiftieth or so write call paid several milliseconds for copying the log back into the
// database file (measured in-process: start_research p99 5.2 ms with it, 0.7 ms with it off). Here a
// worker thread with its own connection runs PASSIVE checkpoints a few times a second instead,
// and the server's connection checkpoints by itself only as a backstop, once the worker is ready:
// if the worker cannot start, or dies, SQLite's usual checkpointing stays (or is put back) on.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { engineOf, sqlite, type Db } from './handle.js';
import type { CheckpointWorkerData, CheckpointWorkerMessage } from './walCheckpointWorker.js';

/** SQLite's default: checkpoint when the log reaches this many pages. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/**
 * While the thread checkpoints, the connection still checkpoints by itself at this size (64 MB of
 * 4 KB pages). A PASSIVE checkpoint never waits for the writer, so during a long burst of back-to-
 * back writes it rarely catches up, and the log is only started over once it has: SQLite's own
 * checkpoint is the backstop, and by then the thread has already copied most of the log.
 */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 16_384;
const DEFAULT_INTERVAL_MS = 100;
// After a checkpoint the next writer starts the log over; this trims a log a burst made large.
const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

export interface WalCheckpointerOptions {
  /** The built worker script; by default the one next to this module (dist/mcp). */
  workerUrl?: URL;
  intervalMs?: number;
  /**
   * Wait this long before starting the thread: a server's first 100 ms belong to its handshake
   * (a thread's start-up would compete with it on a 2-core machine), and SQLite checkpoints as
   * usual until then.
   */
  delayMs?: number;
  onFailure?: (message: string) => void;
}

/** Background checkpoints for one connection: `start`, then `stop` before closing the connection. */
export class WalCheckpointer {
  private worker: Worker | null = null;
  private delay: NodeJS.Timeout | null = null;
  private stopped = false;
  private isActive = false;
  private runs = 0;
  private finished = false;
  private exited = false;
  private settleReady: (ready: boolean) => void = () => undefined;
  /** Resolves once the worker is ready (true) or will not run (false). */
  readonly ready = new Promise<boolean>((resolve) => (this.settleReady = resolve));
  private readonly workerUrl: URL;
  private readonly report: (message: string) => void;

  constructor(
    private readonly db: Db,
    private readonly options: WalCheckpointerOptions = {},
  ) {
    this.workerUrl = options.workerUrl ?? new URL('./walCheckpointWorker.js', import.meta.url);
    this.report = options.onFailure ?? ((message) => console.error(`[co-scientist] ${message}`));
  }

  /** True while the worker does the checkpoints (false before it is ready and after it failed). */
  get active(): boolean {
    return this.isActive;
  }

  /** True when the worker's latest checkpoint copied the whole log (the next write starts it over). */
  get caughtUp(): boolean {
    return this.finished;
  }

  /** How many of the worker's checkpoints found something to copy into the database file. */
  get checkpointsRun(): number {
    return this.runs;
  }

  start(): this {
    // PostgreSQL checkpoints its own write-ahead log. Run from source (tests, tsx) there is no built
    // worker: SQLite keeps checkpointing as usual.
    if (engineOf(this.db) === 'postgres' || sqlite(this.db).memory || !fs.existsSync(this.workerUrl)) {
      this.settleReady(false);
      return this;
    }
    sqlite(this.db).pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    const delayMs = this.options.delayMs ?? 0;
    if (delayMs <= 0) this.spawn();
    else {
      this.delay = setTimeout(() => this.spawn(), delayMs);
      this.delay.unref();
    }
    return this;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.delay !== null) clearTimeout(this.delay);
    // Before the server's own connection closes: SQLite's last close then checkpoints and removes the log.
    this.fallBack(null);
    const worker = this.worker;
    if (worker === null || this.exited) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
    await Promise.race([exited, timeout]);
    await worker.terminate();
  }

  private spawn(): void {
    if (this.stopped || !sqlite(this.db).open) return;
    const data: CheckpointWorkerData = { file: sqlite(this.db).name, intervalMs: this.options.intervalMs ?? DEFAULT_INTERVAL_MS };
    const worker = new Worker(this.workerUrl, { workerData: data, stdout: false, stderr: false });
    this.worker = worker;
    worker.on('message', (message: CheckpointWorkerMessage) => this.onMessage(message));
    worker.on('error', (error) => this.fallBack(error.message));
    worker.on('exit', (code) => {
      this.exited = true;
      this.fallBack(this.stopped ? null : `the checkpoint thread exited (code ${code})`);
    });
    // A helper thread must never keep the server alive after its client has gone. After the
    // listeners: adding a 'message' listener refs the worker's port again.
    worker.unref();
  }

  private onMessage(message: CheckpointWorkerMessage): void {
    if (message.type === 'ready') {
      if (this.stopped || !sqlite(this.db).open) return;
      sqlite(this.db).pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
      this.isActive = true;
      this.settleReady(true);
    } else if (message.type === 'checkpointed') {
      this.runs += 1;
      this.finished = message.finished;
    } else {
      this.report(`a background WAL checkpoint failed (${message.message}); it is retried`);
    }
  }

  private fallBack(message: string | null): void {
    this.settleReady(false);
    if (!this.isActive) return;
    this.isActive = false;
    if (sqlite(this.db).open) sqlite(this.db).pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    if (message !== null) this.report(`background WAL checkpoints stopped (${message}); SQLite checkpoints by itself again`);
  }
}
