// A cheap "has the knowledge index changed?" key for in-memory caches (term counts, the chunk
// count, title vocabularies). SQLite's data_version moves when another process commits; our own
// connection's writes do not move it, so the knowledge repositories bump a counter instead.
// PostgreSQL has no data_version: there the key is the current snapshot (xmin:xmax:in-progress
// ids), which changes whenever any transaction that wrote ends, in any process — our own commits
// included, so every commit anywhere (an audit row too) empties the caches: never stale, at the
// price of counting again after each one. The counter still covers our own writes not yet
// committed, which a search in the same transaction must see.
import type { Db } from './database.js';
import { dataVersion } from './events.js';
import { engineOf } from './handle.js';
import { scalar } from './sql.js';

const localChanges = new WeakMap<Db, number>();

/** Called by every statement that adds or removes chunks on this connection. */
export function noteIndexChanged(db: Db): Promise<void> {
  localChanges.set(db, (localChanges.get(db) ?? 0) + 1);
  return Promise.resolve();
}

export async function indexGeneration(db: Db): Promise<string> {
  const version = engineOf(db) === 'postgres' ? await scalar<string>(db, 'SELECT CAST(pg_current_snapshot() AS text)') : await dataVersion(db);
  return `${version}:${localChanges.get(db) ?? 0}`;
}
