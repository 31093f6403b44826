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

/**
 * SQLite parses and plans a statement again at every run when its planner read one of the
 * statement's parameters: a parameter that a column is compared with for equality (`=`, `==`, `IS`)
 * in a statement that also orders or groups, and any `LIMIT ?`. The planner records which
 * parameters it read (sqlite3VdbeSetVarmask), and binding one expires the statement, so every run
 * after a binding prepares it again. Measured with the SQLite 3.54 that better-sqlite3 bundles: the
 * status poll's best-ranked query 62 µs a run instead of ~6 on an empty project, and a cost that
 * grows with the SQL's length, not with its rows. Every board page, hypothesis list and status poll
 * ran such statements: prepared once per connection, they were prepared again at every call.
 *
 * A unary plus (`= +?`, `LIMIT +?`) hides the parameter from the planner and changes nothing else:
 * `+` returns its operand unchanged, a parameter has no affinity with or without it (so the
 * column's affinity still applies to the comparison), and the plan is the same, with the column's
 * index used for `col = +?` (test/unit/src-mcp/store/statements.test.ts checks values, plans and cost).
 */
const PEEKED_PARAMETER = /(==?|\bIS\b|\bLIMIT\b)(\s*)(\?\d*|[@:$][A-Za-z_]\w*)/gi;

/** `sql` with each parameter the planner would read written as `+parameter` (see above). */
export function withoutPlannerPeeks(sql: string): string {
  return sql.replace(PEEKED_PARAMETER, '$1$2+$3');
}

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
  return lookup(db, sql, () => sqlite(db).prepare(withoutPlannerPeeks(sql)));
}

/** Like `cached`, returning only the first column of each row. */
export function cachedPluck(db: Db, sql: string): Database.Statement {
  return lookup(db, `pluck\u0000${sql}`, () => sqlite(db).prepare(withoutPlannerPeeks(sql)).pluck());
}

/**
 * Like `cached`, returning each row as an array in the order of the SELECT list. better-sqlite3
 * builds an object row key by key; for wide rows that is most of a query's cost (a 50-row page of
 * hypotheses: ~0.5 ms as objects, ~0.25 ms as arrays).
 */
export function cachedRaw(db: Db, sql: string): Database.Statement {
  return lookup(db, `raw\u0000${sql}`, () => sqlite(db).prepare(withoutPlannerPeeks(sql)).raw());
}
