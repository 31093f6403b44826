// Every string a tool accepts has a maximum length, advertised in its inputSchema and checked
// before any other work: a 9 MB `research_id` must cost a length comparison, not a zod parse, a
// database lookup and an error message that echoes it back. Tools that declare their own `.max()`
// keep it; every other string gets a default here, so a schema added tomorrow is covered without
// anyone remembering to bound it.
import { groupedNumber } from '../../../src-shared/groupedNumber.js';

/** Identifiers, cursors and other handles: ours are well under 100 characters. */
export const DEFAULT_ID_MAX_LENGTH = 256;
/** Free text (a note, a description, a query) without a limit of its own. */
export const DEFAULT_TEXT_MAX_LENGTH = 20_000;
/** File system paths (PATH_MAX on Linux). */
export const DEFAULT_PATH_MAX_LENGTH = 4096;
/** Object keys (record keys in arguments) are names, never text. */
export const MAX_KEY_LENGTH = 256;

const ID_LIKE = /(^|_)(id|ids|cursor|uri|url|name|names)$/i;
const PATH_LIKE = /(^|_)(path|paths|dir|folder)$/i;

type JsonSchema = Record<string, unknown>;

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function defaultMaxFor(propertyName: string | undefined): number {
  if (propertyName === undefined) return DEFAULT_TEXT_MAX_LENGTH;
  if (PATH_LIKE.test(propertyName)) return DEFAULT_PATH_MAX_LENGTH;
  return ID_LIKE.test(propertyName) ? DEFAULT_ID_MAX_LENGTH : DEFAULT_TEXT_MAX_LENGTH;
}

/** A copy of `schema` in which every string without a maxLength has the default for its property name. */
export function withStringLimits<S>(schema: S, propertyName?: string): S {
  if (Array.isArray(schema)) return schema.map((item) => withStringLimits(item, propertyName)) as S;
  if (!isSchema(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isSchema(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withStringLimits(sub, name)]));
    } else if (key === 'items' || key === 'prefixItems' || key === 'additionalProperties' || key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      copy[key] = withStringLimits(value, propertyName);
    } else if (key === 'propertyNames' && isSchema(value)) {
      copy[key] = typeof value.maxLength === 'number' ? value : { ...value, maxLength: MAX_KEY_LENGTH };
    } else {
      copy[key] = value;
    }
  }
  if (copy.type === 'string' && typeof copy.maxLength !== 'number' && copy.enum === undefined && copy.const === undefined) {
    copy.maxLength = defaultMaxFor(propertyName);
  }
  return copy as S;
}

export interface OversizeString {
  /** Where in the arguments, e.g. `research_id` or `items.3.note`; `(key)` for an object key. */
  path: string;
  length: number;
  max: number;
  /**
   * The string holds a NUL character (U+0000), which no text a person writes contains and which
   * PostgreSQL cannot store: refused on both engines alike, whatever the string's length.
   */
  nul?: true;
}

/** The largest maxLength any string branch of `schema` allows, or undefined when none says. */
function stringMax(schema: JsonSchema): number | undefined {
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  let best: number | undefined;
  for (const branch of [schema.anyOf, schema.oneOf].flat()) {
    if (!isSchema(branch)) continue;
    const max = stringMax(branch);
    if (max !== undefined) best = Math.max(best ?? 0, max);
  }
  return best;
}

function subSchemas(schema: JsonSchema | undefined, pick: (s: JsonSchema) => unknown): JsonSchema[] {
  if (schema === undefined) return [];
  const own = pick(schema);
  const found: JsonSchema[] = isSchema(own) ? [own] : [];
  for (const branch of [schema.anyOf, schema.oneOf, schema.allOf].flat()) {
    if (isSchema(branch)) found.push(...subSchemas(branch, pick));
  }
  return found;
}

/**
 * The first string in `value` longer than `schema` (already passed through withStringLimits)
 * allows; strings where the schema says nothing (unknown keys, which strict parsing refuses later)
 * get the default for their name. Walks the arguments once, without recursion (a hostile client
 * nests thousands of levels deep), and copies nothing.
 */
export function findOversizeString(value: unknown, schema: JsonSchema | undefined): OversizeString | undefined {
  const pending: Array<{ value: unknown; schema: JsonSchema | undefined; path: string; name: string | undefined }> = [{ value, schema, path: '', name: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: item, schema: itemSchema, path, name } = next;
    if (typeof item === 'string') {
      const max = (itemSchema === undefined ? undefined : stringMax(itemSchema)) ?? defaultMaxFor(name);
      if (item.length > max) return { path: path || '(arguments)', length: item.length, max };
      if (item.includes('\u0000')) return { path: path || '(arguments)', length: item.length, max, nul: true };
    } else if (Array.isArray(item)) {
      const items = subSchemas(itemSchema, (s) => s.items)[0];
      const prefix = itemSchema?.prefixItems;
      for (let index = item.length - 1; index >= 0; index -= 1) {
        const positional = Array.isArray(prefix) ? (prefix as unknown[])[index] : undefined;
        pending.push({ value: item[index], schema: isSchema(positional) ? positional : items, path: join(path, String(index)), name });
      }
    } else if (item !== null && typeof item === 'object') {
      const properties = subSchemas(itemSchema, (s) => s.properties);
      const additional = subSchemas(itemSchema, (s) => s.additionalProperties)[0];
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        if (key.length > MAX_KEY_LENGTH) return { path: join(path, '(key)'), length: key.length, max: MAX_KEY_LENGTH };
        const declared = properties.map((p) => p[key]).find(isSchema);
        pending.push({ value: child, schema: declared ?? additional, path: join(path, key), name: key });
      }
    }
  }
  return undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function describeOversize(found: OversizeString): string {
  if (found.nul === true) return `${found.path} contains a NUL character (U+0000), which text may not hold`;
  return `${found.path} is ${groupedNumber(found.length)} characters long; at most ${groupedNumber(found.max)} are accepted`;
}
