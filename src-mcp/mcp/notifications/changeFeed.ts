// Tails the events table so that a change made by ANY server process (Claude's, Cursor's, the
// desktop's) reaches the clients of THIS process as MCP notifications (architecture.md, *Data, change feed, live updates*).
import type { Db } from '../../store/database.js';
import { dataVersion, eventsAfter, latestEventId, type ChangeEvent } from '../../store/events.js';
import { outsideUnits } from '../../store/unitOfWork.js';

export type ChangeListener = (events: readonly ChangeEvent[]) => void;

const BATCH = 500;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private timer: NodeJS.Timeout | undefined;
  private pokeScheduled = false;
  /** Checks and drains run one after another: two at once would read the same events twice. */
  private turn: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    private readonly intervalMs: number,
    private lastEventId: number,
    private lastDataVersion: number,
  ) {}

  /** A feed starting at the head: clients want what happens from now on, not the history. */
  static async open(db: Db, intervalMs = 100): Promise<ChangeFeed> {
    return new ChangeFeed(db, intervalMs, await latestEventId(db), await dataVersion(db));
  }

  start(): void {
    if (this.timer !== undefined) return;
    // Not inside the unit of work of whatever call started the feed.
    this.timer = outsideUnits(() => setInterval(() => this.inTurn(() => this.check()), this.intervalMs));
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
    // The poking call's unit of work is over; what the listeners start is not part of it.
    outsideUnits(() =>
      setImmediate(() => {
        this.pokeScheduled = false;
        this.inTurn(() => this.drain());
      }),
    );
  }

  private inTurn(step: () => Promise<void>): void {
    this.turn = this.turn.then(step).catch((error: unknown) => {
      console.error('[co-scientist] change feed drain failed:', (error as Error).message);
    });
  }

  private async check(): Promise<void> {
    try {
      const version = await dataVersion(this.db);
      if (version === this.lastDataVersion) return;
      this.lastDataVersion = version;
      await this.drain();
    } catch (error) {
      // A busy or briefly locked database is retried on the next tick.
      console.error('[co-scientist] change feed check failed:', (error as Error).message);
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      const events = await eventsAfter(this.db, this.lastEventId, BATCH);
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
