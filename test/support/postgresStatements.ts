// The statements this process sends to PostgreSQL while some work runs, counted at the driver:
// pg's Client.query is wrapped for the length of the work only, so production code carries no
// counter and nothing else is changed. Every pooled connection's statements count, BEGIN and
// COMMIT included (a statement is a round trip: docs/benchmarks.md, *PostgreSQL*). Work that runs
// concurrently is counted too: call it with nothing else in flight.
import pg from 'pg';

/** The statements sent while `work` ran, by their text (whitespace folded, cut to 90 characters). */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  const recording = function (this: pg.Client, config: unknown, ...rest: unknown[]): unknown {
    sent.push((typeof config === 'string' ? config : String((config as { text?: unknown }).text)).replace(/\s+/g, ' ').slice(0, 90));
    return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
  };
  pg.Client.prototype.query = recording as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

