// Prepared statements for the knowledge repositories, kept per connection: ingestion and search
// run the same few statements thousands of times, and preparing one (an FTS5 query especially)
// costs 0.3-0.5 ms. better-sqlite3 statements are safe to reuse; each run binds afresh.
import type Database from 'better-sqlite3';
import type { Db } from './database.js';

const caches = new WeakMap<Db, Map<string, Database.Statement>>();

export function cachedStatement(db: Db, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (prepared === undefined) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
