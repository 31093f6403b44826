// Where SQLite's SQL and PostgreSQL's really differ, the one place that says how (docs/
// architecture.md, *PostgreSQL engine*). A store module builds its statement once per engine with
// `perEngine`, from the same template and these fragments, so the query is still written once.
import { engineOf, type Db, type Engine } from './handle.js';
import type { EngineTexts } from './sql.js';

export interface Dialect {
  readonly engine: Engine;
  /** The text value under `key` of a JSON object stored as text in `column` (NULL when absent). */
  jsonText(column: string, key: string): string;
  /** A one-column subquery of the text values in a JSON array bound as the parameter `param` (`?` or `@name`). */
  jsonArrayValues(param: string): string;
  /** The JSON object text in `column` with each key set to the text value of its parameter. */
  jsonWithTexts(column: string, entries: ReadonlyArray<readonly [key: string, param: string]>): string;
  /** The JSON object text in `column` without the given keys. */
  jsonWithout(column: string, keys: readonly string[]): string;
  /**
   * The rows of `subquery` as the text of a JSON array of arrays, each the row's `columns` in order
   * and ordered by `orderBy` (with none, in no order: for a reader that sorts them itself, which
   * spares the aggregate a sort); `[]` without rows. Several rows inside one row of an outer statement
   * (one round trip on PostgreSQL). Both engines print a double so that it parses back exactly
   * (SQLite ≥ 3.44, which also orders inside an aggregate; PostgreSQL ≥ 12 with the default
   * extra_float_digits).
   */
  jsonTuplesOf(columns: string, subquery: string, orderBy?: string): string;
  /** The larger of two values (SQLite's two-argument MAX). */
  greatest(a: string, b: string): string;
  /** The smaller of two values (SQLite's two-argument MIN). */
  least(a: string, b: string): string;
  /**
   * A text value compared and sorted ignoring (ASCII) case: SQLite's COLLATE NOCASE, whose index
   * it uses; `lower(...)` on PostgreSQL, whose migrations index lower(column) instead.
   */
  caseFolded(value: string): string;
  /**
   * After a table name in FROM: SQLite's `INDEXED BY index` (the plan pinned, and an error at
   * prepare time when the WHERE clause no longer implies a partial index's); nothing on PostgreSQL,
   * whose planner has statistics and no such clause.
   */
  indexedBy(index: string): string;
}

const inOrder = (orderBy: string | undefined): string => (orderBy === undefined ? '' : ` ORDER BY ${orderBy}`);

const SQLITE: Dialect = {
  engine: 'sqlite',
  jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
  jsonArrayValues: (param) => `SELECT value FROM json_each(${param})`,
  jsonWithTexts: (column, entries) => `json_set(${column}, ${entries.map(([key, param]) => `'$.${key}', ${param}`).join(', ')})`,
  jsonWithout: (column, keys) => `json_remove(${column}, ${keys.map((key) => `'$.${key}'`).join(', ')})`,
  jsonTuplesOf: (columns, subquery, orderBy) => `(SELECT json_group_array(json_array(${columns})${inOrder(orderBy)}) FROM (${subquery}) AS tuples)`,
  greatest: (a, b) => `MAX(${a}, ${b})`,
  least: (a, b) => `MIN(${a}, ${b})`,
  caseFolded: (value) => `${value} COLLATE NOCASE`,
  indexedBy: (index) => ` INDEXED BY ${index}`,
};

const POSTGRES: Dialect = {
  engine: 'postgres',
  jsonText: (column, key) => `(CAST(${column} AS jsonb) ->> '${key}')`,
  jsonArrayValues: (param) => `SELECT json_array_elements_text(CAST(${param} AS json))`,
  jsonWithTexts: (column, entries) =>
    `CAST(CAST(${column} AS jsonb) || jsonb_build_object(${entries.map(([key, param]) => `'${key}', CAST(${param} AS text)`).join(', ')}) AS text)`,
  jsonWithout: (column, keys) => `CAST(CAST(${column} AS jsonb) ${keys.map((key) => `- '${key}'`).join(' ')} AS text)`,
  jsonTuplesOf: (columns, subquery, orderBy) =>
    `(SELECT CAST(COALESCE(json_agg(json_build_array(${columns})${inOrder(orderBy)}), '[]') AS text) FROM (${subquery}) AS tuples)`,
  greatest: (a, b) => `GREATEST(${a}, ${b})`,
  least: (a, b) => `LEAST(${a}, ${b})`,
  caseFolded: (value) => `lower(${value})`,
  indexedBy: () => '',
};

/** A statement built once for each engine from one template. */
export function perEngine(build: (dialect: Dialect) => string): EngineTexts {
  return { sqlite: build(SQLITE), postgres: build(POSTGRES) };
}

/** The dialect of the engine behind `db`, for a statement built at call time. */
export function dialectOf(db: Db): Dialect {
  return engineOf(db) === 'postgres' ? POSTGRES : SQLITE;
}
