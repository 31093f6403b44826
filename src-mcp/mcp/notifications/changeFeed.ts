// Tails the events table so that a change made by ANY server process (Claude's, Cursor's, the
// desktop's) reaches the clients of THIS process as MCP notifications (architecture.md, *Data, change feed, live updates*).
import type { Db } from '../../store/database.js';
import { dataVersion, eventsAfter, latestEventId, type ChangeEvent } from '../../store/events.js';

export type ChangeListener = (events: readonly ChangeEvent[]) => void;

const BATCH = 500;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private lastEventId: number;
  private lastDataVersion: number;
  private timer: NodeJS.Timeout | undefined;
  private pokeScheduled = false;

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 100,
  ) {
    // Start at the head: clients want what happens from now on, not the history.
    this.lastEventId = latestEventId(db);
    this.lastDataVersion = dataVersion(db);
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.check(), this.intervalMs);
    // The feed must never keep a server alive after its client hung up.
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Our own commits do not move data_version for our connection; writers call this instead. */
  poke(): void {
    if (this.pokeScheduled) return;
    this.pokeScheduled = true;
    setImmediate(() => {
      this.pokeScheduled = false;
      this.drain();
    });
  }

  private check(): void {
    try {
      const version = dataVersion(this.db);
      if (version === this.lastDataVersion) return;
      this.lastDataVersion = version;
      this.drain();
    } catch (error) {
      // A busy or briefly locked database is retried on the next tick.
      console.error('[co-scientist] change feed check failed:', (error as Error).message);
    }
  }

  private drain(): void {
    for (;;) {
      const events = eventsAfter(this.db, this.lastEventId, BATCH);
      const last = events[events.length - 1];
      if (last === undefined) return;
      this.lastEventId = last.id;
      for (const listener of this.listeners) {
        try {
          listener(events);
        } catch (error) {
          console.error('[co-scientist] change listener failed:', error);
        }
      }
      if (events.length < BATCH) return;
    }
  }
}
