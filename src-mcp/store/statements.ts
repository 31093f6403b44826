// Prepared statements kept per connection. Preparing costs 0.05-0.5 ms a statement (more for FTS5
// queries), and the statements an assistant polls with run thousands of times: a status poll
// prepared seven of them, which was ~7% of the server's CPU. better-sqlite3 statements are safe to
// reuse from synchronous code; each run binds afresh.
//
// Two rules keep sharing safe: a cached statement is only ever run to completion (.get, .all,
// .run — never .iterate, which would make it busy for a nested use), and its mode is fixed by the
// function that made it (`cached` or `cachedPluck`), never toggled by a caller.
import type Database from 'better-sqlite3';
import { sqlite, type Db } from './handle.js';

const caches = new WeakMap<Db, Map<string, Database.Statement>>();

function lookup(db: Db, key: string, make: () => Database.Statement): Database.Statement {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(key);
  if (prepared === undefined) {
    prepared = make();
    cache.set(key, prepared);
  }
  return prepared;
}

/** The connection's prepared statement for `sql`, returning rows as objects. */
export function cached(db: Db, sql: string): Database.Statement {
  return lookup(db, sql, () => sqlite(db).prepare(sql));
}

/** Like `cached`, returning only the first column of each row. */
export function cachedPluck(db: Db, sql: string): Database.Statement {
  return lookup(db, `pluck\u0000${sql}`, () => sqlite(db).prepare(sql).pluck());
}

/**
 * Like `cached`, returning each row as an array in the order of the SELECT list. better-sqlite3
 * builds an object row key by key; for wide rows that is most of a query's cost (a 50-row page of
 * hypotheses: ~0.5 ms as objects, ~0.25 ms as arrays).
 */
export function cachedRaw(db: Db, sql: string): Database.Statement {
  return lookup(db, `raw\u0000${sql}`, () => sqlite(db).prepare(sql).raw());
}
