// One order for text that must sort the same everywhere: by UTF-16 code units, as `<` compares.
// localeCompare and a database's collation depend on the machine's locale or the database's
// settings, so an id order, a bibliography or a usage table would differ between a laptop's SQLite
// and a lab's PostgreSQL.

/** Code-unit order: the same on every machine, locale and engine. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
