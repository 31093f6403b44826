// The statements this process sends to PostgreSQL while some work runs, counted at the driver:
// pg's Client.query is wrapped for the length of the work only, so production code carries no
// counter and nothing else is changed. Every pooled connection's statements count, BEGIN and
// COMMIT included (a statement is a round trip: docs/benchmarks.md, *PostgreSQL*). Work that runs
// concurrently is counted too: call it with nothing else in flight.
import pg from 'pg';

/** The statements sent while `work` ran, by their text (whitespace folded, cut to 90 characters). */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  return (await roundTripsDuring(work)).sent;
}

export interface RoundTrips {
  sent: string[];
  /**
   * How many times the work waited on the database with nothing else in flight: a statement sent
   * while none was in flight begins a wait; those sent during it (concurrent reads on other pooled
   * connections) share it. What a call's latency pays, when the statements are cheap.
   */
  waits: number;
}

export async function roundTripsDuring(work: () => Promise<unknown>): Promise<RoundTrips> {
  const sent: string[] = [];
  let inFlight = 0;
  let waits = 0;
  const original = pg.Client.prototype.query;
  const recording = function (this: pg.Client, config: unknown, ...rest: unknown[]): unknown {
    sent.push((typeof config === 'string' ? config : String((config as { text?: unknown }).text)).replace(/\s+/g, ' ').slice(0, 90));
    if (inFlight === 0) waits += 1;
    inFlight += 1;
    let answered = false;
    const done = (): void => {
      if (answered) return;
      answered = true;
      inFlight -= 1;
    };
    // The pool passes a callback (pg-pool's query); a unit's own client is awaited as a promise.
    const last = rest.length - 1;
    const callback = rest[last];
    if (typeof callback === 'function') {
      rest[last] = (...answer: unknown[]): unknown => {
        done();
        return (callback as (...args: unknown[]) => unknown)(...answer);
      };
    }
    const result = (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
  pg.Client.prototype.query = recording as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return { sent, waits };
}

