// "Has anything changed since I last looked?" across every server process on one PostgreSQL
// database — what SQLite's data_version answers for the processes on one file (store/events.ts).
// Every write transaction sends NOTIFY on one channel (postgres/transactions.ts, delivered at its
// COMMIT, never for a rollback); each process LISTENs on a connection of its own and counts what
// arrives. The change feed polls the count (a memory read) and drains the events table when it
// moved, so a checkpoint waiting or a resource changed by one replica reaches every replica's clients.
import pg from 'pg';

export const CHANGE_CHANNEL = 'cosci_changes';

/** How long to wait before listening again after the listening connection dropped. */
const RECONNECT_DELAY_MS = 1_000;

export class ChangeSignal {
  #version = 0;
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(private readonly config: pg.ClientConfig) {}

  /** A number that moves whenever any process committed a write since it was last read; starts listening on first use. */
  async version(): Promise<number> {
    if (this.#client === undefined && !this.#closed) await this.#listen();
    return this.#version;
  }

  /**
   * Starts listening now, without waiting: a server opens the connection while its schema is
   * checked, instead of after (its change feed reads the version right after). A failure here is
   * left to the first version(), which tries again and reports it.
   */
  listenSoon(): void {
    if (this.#client === undefined && !this.#closed) this.#listen().catch(() => undefined);
  }

  #listen(): Promise<void> {
    this.#connecting ??= (async () => {
      const client = new pg.Client(this.config);
      client.on('notification', () => {
        this.#version += 1;
      });
      client.on('error', () => this.#lost(client));
      client.on('end', () => this.#lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANGE_CHANNEL}`);
        if (this.#closed) {
          await client.end();
          return;
        }
        this.#client = client;
        // What committed while nobody listened is unknown: say "changed" so readers look.
        this.#version += 1;
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      } finally {
        this.#connecting = undefined;
      }
    })();
    return this.#connecting;
  }

  /** The listening connection dropped: changes may be missed until it is back, so readers are told to look, and it reconnects. */
  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#version += 1;
    if (this.#closed) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#listen().catch(() => undefined);
    }, RECONNECT_DELAY_MS);
    this.#retry.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry !== undefined) clearTimeout(this.#retry);
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
