// One SQL text for both engines (docs/architecture.md, *PostgreSQL engine*): the store writes its
// statements once, in the subset of SQL that SQLite and PostgreSQL read alike, with SQLite's
// parameter forms (`?`, `?3`, `@name`). This module turns such a text into what PostgreSQL reads:
// - parameters become `$1`, `$2`… (a named one keeps one number however often it appears);
// - a camelCase identifier (`AS lastSeen`, `ORDER BY lastSeen`) is quoted, since PostgreSQL folds
//   unquoted names to lower case and the rows must come back with the keys SQLite gives them.
// String literals, quoted identifiers, comments and `::` casts pass through untouched.
// Each text is translated once per process; the result also names the prepared statement.
//
// A `LIMIT` parameter is run as a literal (postgresQuery). A named prepared statement is planned
// afresh at every run (a custom plan) until PostgreSQL finds a plan for any value (the generic plan)
// no costlier than those; a generic plan cannot know a `LIMIT $n`'s value, prices it at a tenth of
// the rows, and so never wins: every board page, hypothesis list and status poll was planned again
// at every call, which was most of its time on PostgreSQL (the status poll's statement 0.60 ms of
// planning against 0.13 ms of execution at 10,000 hypotheses, by the server's statement log).
// With the value written in the text, the sixth run on a connection switches to the generic plan
// and the planning is gone. Each value is its own prepared statement, so a statement keeps at most
// LIMIT_VARIANTS of them; further values run with the parameter, planned each time as before.
// (SQLite's planner peeks at a LIMIT parameter for another reason: statements.ts.)

export interface PostgresStatement {
  /** The text PostgreSQL runs. */
  readonly text: string;
  /** For named parameters: the name bound to $1, $2…; undefined for positional ones. */
  readonly names: readonly string[] | undefined;
  /** The prepared statement's name on every pooled connection. */
  readonly name: string;
  /** The parameters written right after `LIMIT`, where they stand in the SQLite text. */
  readonly limits: readonly LimitParameter[];
}

export interface LimitParameter {
  /** Where the parameter stands in the SQLite text: [start, end). */
  readonly start: number;
  readonly end: number;
  /** A positional `?`: its index among the values; a named one: its name. */
  readonly slot: number | string;
}

const translated = new Map<string, PostgresStatement>();

export function postgresStatement(sql: string): PostgresStatement {
  let statement = translated.get(sql);
  if (statement === undefined) {
    statement = { ...translate(sql), name: `cosci_${translated.size + 1}` };
    translated.set(sql, statement);
  }
  return statement;
}

/** How many LIMIT values of one statement run as literals (see above); a page size is one of a few. */
export const LIMIT_VARIANTS = 16;
/** A LIMIT value written into the text: a plain count, nothing a caller could make SQL of. */
const MAX_LITERAL_LIMIT = 1_000_000;
/** Per statement with LIMIT parameters, the statement for each set of LIMIT values met (keyed by them): a page's call builds no text. */
const limitVariants = new WeakMap<PostgresStatement, Map<string, PostgresStatement>>();

/** What PostgreSQL runs for `sql` with these values: its LIMIT values written in (see above) where they may be. */
export function postgresQuery(sql: string, params: readonly unknown[] | Readonly<Record<string, unknown>> | undefined): { statement: PostgresStatement; values: unknown[] } {
  const statement = postgresStatement(sql);
  const asParameters = (): { statement: PostgresStatement; values: unknown[] } => ({ statement, values: postgresValues(statement, params) });
  if (statement.limits.length === 0 || params === undefined) return asParameters();
  const positional = Array.isArray(params) ? (params as readonly unknown[]) : undefined;
  const named = params as Readonly<Record<string, unknown>>;
  const limitValues = statement.limits.map(({ slot }) => (typeof slot === 'number' ? positional?.[slot] : positional === undefined ? named[slot] : undefined));
  if (!limitValues.every((value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_LITERAL_LIMIT)) return asParameters();
  let variants = limitVariants.get(statement);
  if (variants === undefined) {
    variants = new Map();
    limitVariants.set(statement, variants);
  }
  const key = limitValues.join(',');
  let variant = variants.get(key);
  if (variant === undefined) {
    if (variants.size >= LIMIT_VARIANTS) return asParameters();
    variant = postgresStatement(withLimitValues(sql, statement.limits, limitValues as number[]));
    variants.set(key, variant);
  }
  const values = positional === undefined ? named : positional.filter((_, index) => !statement.limits.some(({ slot }) => slot === index));
  return { statement: variant, values: postgresValues(variant, values) };
}

/** `sql` with each LIMIT parameter replaced by its value. */
function withLimitValues(sql: string, limits: readonly LimitParameter[], values: readonly number[]): string {
  let text = sql;
  // From the last to the first, so that each replacement leaves the earlier positions where they were.
  for (let i = limits.length - 1; i >= 0; i -= 1) {
    const { start, end } = limits[i] as LimitParameter;
    text = `${text.slice(0, start)}${String(values[i])}${text.slice(end)}`;
  }
  return text;
}

const IDENTIFIER_START = /[A-Za-z_]/;
const IDENTIFIER_PART = /[A-Za-z0-9_]/;

function translate(sql: string): { text: string; names: readonly string[] | undefined; limits: readonly LimitParameter[] } {
  let out = '';
  let positional = 0;
  const names: string[] = [];
  const limits: LimitParameter[] = [];
  // Whether the last word was LIMIT, with only white space since.
  let afterLimit = false;
  // A numbered `?3` anywhere: a positional LIMIT value is then not inlined (dropping it would renumber the others).
  let numbered = false;
  let i = 0;
  const readWord = (from: number): string => {
    let end = from;
    while (end < sql.length && IDENTIFIER_PART.test(sql[end] as string)) end += 1;
    return sql.slice(from, end);
  };
  while (i < sql.length) {
    const char = sql[i] as string;
    const next = sql[i + 1];
    const limitParameter = afterLimit;
    if (!/\s/.test(char)) afterLimit = false;
    if (char === "'" || char === '"') {
      const end = closingQuote(sql, i, char);
      out += sql.slice(i, end);
      i = end;
    } else if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
    } else if (char === ':' && next === ':') {
      // A PostgreSQL cast in a per-dialect fragment: not a named parameter.
      const type = readWord(i + 2);
      out += `::${type}`;
      i += 2 + type.length;
    } else if (char === '?') {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0] ?? '';
      if (names.length > 0) throw new Error(`A statement mixes named and positional parameters: ${sql}`);
      if (digits === '') {
        if (limitParameter) limits.push({ start: i, end: i + 1, slot: positional });
        positional += 1;
        out += `$${positional}`;
      } else {
        numbered = true;
        out += `$${digits}`;
        positional = Math.max(positional, Number(digits));
      }
      i += 1 + digits.length;
    } else if ((char === '@' || char === ':' || char === '$') && next !== undefined && IDENTIFIER_START.test(next)) {
      if (positional > 0) throw new Error(`A statement mixes named and positional parameters: ${sql}`);
      const name = readWord(i + 1);
      if (limitParameter) limits.push({ start: i, end: i + 1 + name.length, slot: name });
      let index = names.indexOf(name);
      if (index === -1) index = names.push(name) - 1;
      out += `$${index + 1}`;
      i += 1 + name.length;
    } else if (IDENTIFIER_START.test(char) && (i === 0 || !IDENTIFIER_PART.test(sql[i - 1] as string))) {
      const word = readWord(i);
      out += /^[a-z_]/.test(word) && /[A-Z]/.test(word) ? `"${word}"` : word;
      afterLimit = word.toUpperCase() === 'LIMIT';
      i += word.length;
    } else {
      out += char;
      i += 1;
    }
  }
  return { text: out, names: names.length > 0 ? names : undefined, limits: numbered ? [] : limits };
}

/** Index just past the quote that closes the one at `start` (a doubled quote is an escaped one). */
function closingQuote(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length;
}

/** The values to bind, in $n order, from SQLite-style parameters (an array, or an object by name). */
export function postgresValues(statement: PostgresStatement, params: readonly unknown[] | Readonly<Record<string, unknown>> | undefined): unknown[] {
  if (params === undefined) return [];
  if (Array.isArray(params)) return params.map(toPostgresValue);
  const named = params as Readonly<Record<string, unknown>>;
  if (statement.names === undefined) throw new Error(`Named values were given to a statement with positional parameters: ${statement.text}`);
  return statement.names.map((name) => {
    if (!(name in named)) throw new Error(`Missing named parameter '${name}' in: ${statement.text}`);
    return toPostgresValue(named[name]);
  });
}

/** better-sqlite3 refuses booleans and undefined; the store never binds them, and PostgreSQL must not see them either. */
function toPostgresValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
