// Which store a benchmark's servers use (issue 30): the SQLite file in the data folder, as every
// benchmark did before, or a database of its own on a throwaway PostgreSQL cluster. A benchmark
// takes an engine as a parameter and asks here for its folder's store: the environment its servers
// get (COSCI_DATABASE_URL, as `--database` would give) and a handle for seeding rows through the
// store's named statements. One cluster per benchmark process, started on first use
// (test/support/postgresCluster.ts) and stopped when the process exits; COSCI_TEST_POSTGRES_URL
// names a running one instead.
import Database from 'better-sqlite3';
import os from 'node:os';
import { handleOf, type Db } from '../src-mcp/store/handle.js';
import { PostgresPool } from '../src-mcp/store/postgres/pool.js';
import { databasePath } from '../src-shared/node/dataDir.js';
import { DATABASE_URL_ENV } from '../src-shared/node/databaseUrl.js';
import { createTestDatabase, dropTestDatabase } from '../test/support/postgresAdmin.js';
import { startPostgresCluster, stopPostgresCluster, TEST_POSTGRES_URL_ENV } from '../test/support/postgresCluster.js';

/** The engines a benchmark compares, SQLite (the default, the reference) first. */
export const BENCH_ENGINES = ['sqlite', 'postgres'] as const;
export type BenchEngine = (typeof BENCH_ENGINES)[number];

export const ENGINE_NAMES: Record<BenchEngine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export interface FolderStore {
  engine: BenchEngine;
  /** What every server on the folder gets in its environment: nothing on SQLite, the database's URL on PostgreSQL. */
  env: Record<string, string>;
  /**
   * A handle on the store for seeding, once a server has created and migrated it (benchmarks run
   * under tsx, which cannot load the migrations' .sql files: the server migrates, not the seeder).
   */
  open(): Promise<SeedingHandle>;
  /** Drops the PostgreSQL database (the data folder itself is its owner's to remove). */
  dispose(): Promise<void>;
}

export interface SeedingHandle {
  db: Db;
  /**
   * After a bulk load, what the engine would do on its own before long: SQLite's WAL folded back
   * into the file; on PostgreSQL autovacuum's work after a load (VACUUM ANALYZE: since PostgreSQL
   * 13 inserts alone set off a vacuum, within a minute of the load): the planner's statistics
   * gathered, so that reads are planned on the data as it is, and nothing left for autovacuum to
   * do in the middle of a measurement (its pass over 100,000 new matches took a core for seconds);
   * then a CHECKPOINT, as SQLite's WAL is folded back: the load's pages written out now, not by the
   * checkpointer in the middle of the reads.
   */
  settle(): Promise<void>;
  /** The last `count` durations (ms) the servers recorded in the audit log for `action` (e.g. `tool:list_hypotheses`): a call's own time, without stdio. */
  recentDurations(action: string, count: number): Promise<number[]>;
  /** One trivial statement (`SELECT 1`): on PostgreSQL, what one round trip to the database costs. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const RECENT_DURATIONS = 'SELECT duration_ms FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT $2';

let cluster: Promise<void> | undefined;

/** The cluster's admin URL in COSCI_TEST_POSTGRES_URL (where postgresAdmin.ts reads it), starting a cluster on first use. */
function ensureCluster(): Promise<void> {
  if (process.env[TEST_POSTGRES_URL_ENV] !== undefined) return Promise.resolve();
  cluster ??= startPostgresCluster().then((started) => {
    process.env[TEST_POSTGRES_URL_ENV] = started.url;
    // Synchronous, so it runs on any exit, a failed benchmark's too; a signal ends the process
    // without 'exit' unless it is handled, so an interrupted run stops its cluster as well.
    process.once('exit', () => stopPostgresCluster(started.dir));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
    process.stderr.write(`bench: PostgreSQL cluster on port ${started.port} (${started.dir})\n`);
  });
  return cluster;
}

/** The store for the servers of `dataDir` on `engine`: on PostgreSQL a new, empty database (the first server migrates it). */
export async function folderStore(engine: BenchEngine, dataDir: string, label = 'bench'): Promise<FolderStore> {
  if (engine === 'sqlite') {
    return {
      engine,
      env: {},
      open: () => {
        const connection = new Database(databasePath(dataDir));
        return Promise.resolve({
          db: handleOf(connection),
          settle: () => Promise.resolve(void connection.pragma('wal_checkpoint(TRUNCATE)')),
          ping: () => Promise.resolve(void connection.prepare('SELECT 1').get()),
          recentDurations: (action, count) => Promise.resolve(connection.prepare(RECENT_DURATIONS.replace(/\$\d/g, '?')).pluck().all(action, count) as number[]),
          close: () => Promise.resolve(void connection.close()),
        });
      },
      dispose: () => Promise.resolve(),
    };
  }
  await ensureCluster();
  const url = await createTestDatabase(label);
  return {
    engine,
    env: { [DATABASE_URL_ENV]: url },
    open: () => {
      const pool = new PostgresPool(url);
      return Promise.resolve({
        db: handleOf(pool),
        settle: async () => {
          await pool.pool.query('VACUUM ANALYZE');
          await pool.pool.query('CHECKPOINT');
        },
        ping: async () => void (await pool.pool.query('SELECT 1')),
        recentDurations: async (action, count) => (await pool.pool.query<{ duration_ms: number }>(RECENT_DURATIONS, [action, count])).rows.map((row) => Number(row.duration_ms)),
        close: () => pool.close(),
      });
    },
    dispose: () => dropTestDatabase(url),
  };
}

/** The engines named on the command line (`sqlite`, `postgres`), or both. */
export function enginesFromArgs(args: readonly string[]): BenchEngine[] {
  const named = BENCH_ENGINES.filter((engine) => args.includes(engine));
  return named.length === 0 ? [...BENCH_ENGINES] : named;
}
