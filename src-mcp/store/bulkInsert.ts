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
  let written = 0;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    // Full chunks share one text (one prepared statement on either engine); only the last differs.
    written += await execute(db, multiRowInsert(table, columns, chunk.length), chunk.flat());
  }
  return written;
}

/** The text of an INSERT of `rows` rows into `table`, their values positional, row after row (`tail`: e.g. a RETURNING clause). */
export function multiRowInsert(table: string, columns: readonly string[], rows: number, tail = ''): string {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}${tail === '' ? '' : ` ${tail}`}`;
}

/** Rows per statement of a bulk write made again and again at varied sizes (updateRatings, the audit's batches): ten values a row, well under both engines' limits. */
const MAX_ROWS_PER_UPDATE = 1_024;

/**
 * How to cut `rows` rows into statements whose sizes are powers of two (full chunks of
 * MAX_ROWS_PER_UPDATE, then the remainder's binary digits, largest first): at most eleven texts
 * ever, each prepared once per connection, however many sizes of project (or of audit batch) a
 * process writes — a text per remainder would leave every size's statement prepared on every
 * pooled connection.
 */
export function chunkSizes(rows: number): number[] {
  const sizes: number[] = [];
  let left = rows;
  while (left >= MAX_ROWS_PER_UPDATE) {
    sizes.push(MAX_ROWS_PER_UPDATE);
    left -= MAX_ROWS_PER_UPDATE;
  }
  for (let size = MAX_ROWS_PER_UPDATE / 2; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}
