// SQLite returns a row under its columns' snake_case names; the store's records use camelCase. One
// conversion for every column that is only renamed, so a row mapper spells out just the columns
// whose type changes (JSON text, 0/1 flags).
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
export type Camelized<T> = { [K in keyof T as K extends string ? Camel<K> : K]: T[K] };

const fieldOfColumn = new Map<string, string>();

function fieldName(column: string): string {
  let field = fieldOfColumn.get(column);
  if (field === undefined) {
    field = column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    fieldOfColumn.set(column, field);
  }
  return field;
}

/** The row with every column name in camelCase, values untouched. */
export function camelized<T extends object>(row: T): Camelized<T> {
  const record: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) record[fieldName(column)] = value;
  return record as Camelized<T>;
}
