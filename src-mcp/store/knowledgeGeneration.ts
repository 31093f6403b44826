// A cheap "has the knowledge index changed?" key for in-memory caches (term counts, the chunk
// count, title vocabularies). SQLite's data_version moves when another process commits; our own
// connection's writes do not move it, so the knowledge repositories bump a counter instead.
import type { Db } from './database.js';
import { dataVersion } from './events.js';
import { inUnit, onConnection } from './unitOfWork.js';

const localChanges = new WeakMap<Db, number>();

/** Called by every statement that adds or removes chunks on this connection. */
export function noteIndexChanged(db: Db): Promise<void> {
  return onConnection(db, () => {
    localChanges.set(db, (localChanges.get(db) ?? 0) + 1);
  });
}

export function indexGeneration(db: Db): Promise<string> {
  return inUnit(db, async () => {
    return `${await dataVersion(db)}:${localChanges.get(db) ?? 0}`;
  });
}
