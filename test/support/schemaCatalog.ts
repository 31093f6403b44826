// A database's schema as a sorted list of lines — one per table column (type, nullability,
// default, generated/identity), index, constraint, trigger and function — read from the engine's
// own catalog, so two databases can be compared line by line (test/integration/postgres/migrations.test.ts).
import type Database from 'better-sqlite3';
import type pg from 'pg';

const squeeze = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** PostgreSQL: information_schema and pg_catalog, for the connection's current schema. */
export async function postgresCatalog(client: pg.ClientBase): Promise<string[]> {
  const lines: string[] = [];
  const columns = await client.query<{ table_name: string; column_name: string; type: string; not_null: boolean; dflt: string | null; generated: string; identity: string; position: number }>(`
    SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS dflt, a.attgenerated AS generated, a.attidentity AS identity,
           row_number() OVER (PARTITION BY c.oid ORDER BY a.attnum)::int AS position
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`);
  for (const c of columns.rows) {
    lines.push(`column ${c.table_name}.${c.column_name} #${c.position} ${c.type}${c.not_null ? ' NOT NULL' : ''}${c.dflt === null ? '' : ` DEFAULT ${squeeze(c.dflt)}`}${c.generated === '' ? '' : ` GENERATED ${c.generated}`}${c.identity === '' ? '' : ` IDENTITY ${c.identity}`}`);
  }
  const indexes = await client.query<{ indexname: string; indexdef: string }>(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()`);
  for (const i of indexes.rows) lines.push(`index ${i.indexname}: ${squeeze(i.indexdef)}`);
  const constraints = await client.query<{ table_name: string; conname: string; def: string }>(`
    SELECT c.relname AS table_name, k.conname, pg_get_constraintdef(k.oid) AS def
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema()`);
  for (const k of constraints.rows) lines.push(`constraint ${k.table_name}.${k.conname}: ${squeeze(k.def)}`);
  const triggers = await client.query<{ tgname: string; def: string; enabled: string }>(`
    SELECT t.tgname, pg_get_triggerdef(t.oid) AS def, t.tgenabled AS enabled
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND NOT t.tgisinternal`);
  for (const t of triggers.rows) lines.push(`trigger ${t.tgname} (${t.enabled}): ${squeeze(t.def)}`);
  const functions = await client.query<{ proname: string; def: string }>(`
    SELECT p.proname, pg_get_functiondef(p.oid) AS def
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema()`);
  for (const f of functions.rows) lines.push(`function ${f.proname}: ${squeeze(f.def)}`);
  return lines.sort();
}

/** SQLite: sqlite_schema (tables, indexes, triggers as written) and each table's columns (pragma table_xinfo). */
export function sqliteCatalog(db: Database.Database): string[] {
  const lines: string[] = [];
  const objects = db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ type: string; name: string; tbl_name: string; sql: string | null }>;
  for (const o of objects) {
    lines.push(`${o.type} ${o.name} on ${o.tbl_name}: ${squeeze(o.sql)}`);
    if (o.type !== 'table') continue;
    const columns = db.prepare('SELECT * FROM pragma_table_xinfo(?)').all(o.name) as Array<{ cid: number; name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number }>;
    for (const c of columns) {
      lines.push(`column ${o.name}.${c.name} #${c.cid} ${c.type}${c.notnull ? ' NOT NULL' : ''}${c.dflt_value === null ? '' : ` DEFAULT ${c.dflt_value}`}${c.pk ? ` PK${c.pk}` : ''}${c.hidden ? ` HIDDEN${c.hidden}` : ''}`);
    }
  }
  return lines.sort();
}

/** Lines only one side has, marked `-` (first) and `+` (second); empty when the two are equal. */
export function catalogDifference(first: readonly string[], second: readonly string[]): string[] {
  const a = new Set(first);
  const b = new Set(second);
  return [...first.filter((line) => !b.has(line)).map((line) => `- ${line}`), ...second.filter((line) => !a.has(line)).map((line) => `+ ${line}`)];
}
