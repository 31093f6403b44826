// Many rows of one table written in a few multi-row INSERT statements (`project import`, the
// benchmarks' seed). Why not one statement per row: on PostgreSQL the counting triggers on
// hypotheses and matches (migration 0016) run once per statement and update the project's one
// project_counts row; updating one row many times in one transaction makes each update walk the
// chain of that row's earlier versions, so a row-at-a-time load of 100,000 matches was quadratic.
// A statement of up to ROWS_PER_STATEMENT rows updates the counter row once.
import type { Db } from './database.js';
import { execute } from './sql.js';

/**
 * Bound values per statement: under SQLite's limit (32,766 variables) and PostgreSQL's (65,535
 * parameters), with room to spare.
 */
const VALUES_PER_STATEMENT = 30_000;
/** Rows per statement, however narrow the table: a statement's text stays a few hundred kB at most. */
const ROWS_PER_STATEMENT = 1_000;

/** Inserts `rows` (each a value per column, in `columns`' order) into `table`; returns how many rows were written. */
export async function insertRows(db: Db, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<number> {
  if (columns.length === 0) throw new Error(`insertRows into ${table}: no columns`);
  const perStatement = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(VALUES_PER_STATEMENT / columns.length)));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  let written = 0;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    // Full chunks share one text (one prepared statement on either engine); only the last differs.
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: chunk.length }, () => tuple).join(', ')}`;
    written += await execute(db, sql, chunk.flat());
  }
  return written;
}
