// The check of every tool result against the tool's output schema (toolkit.ts), without zod's
// full parse on the common path. zod's parse builds a copy of the whole result, which for a page of
// rows (get_leaderboard, list_hypotheses) was ~10% of a call's CPU and much of its garbage
// (issue 17). A result is almost always already exactly of its schema: then a check that walks it
// without copying says so, and the result is sent as it is. Anything else — a wrong shape, an extra
// key zod would strip, a schema with defaults or transforms, a schema this checker does not know —
// goes to zod's parse, so every result is exactly what zod would have made of it, and a wrong
// shape fails as before.
import type { z } from 'zod';

type Check = (value: unknown) => boolean;

/** The parts of a zod 4 schema definition this checker reads. */
interface Def {
  type: string;
  /** Set when the schema is itself a check (z.int(), z.email(), z.uuid(), …). */
  check?: string;
  format?: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  coerce?: boolean;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: Schema;
  valueType?: Schema;
}
interface CheckDef {
  check: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
}
interface Schema {
  _zod: { def: Def };
}

/**
 * A check that passes only values zod's parse returns unchanged (deep-equal, nothing stripped,
 * nothing defaulted); undefined for a schema that uses anything it does not know.
 */
export function compileCheck(schema: Schema): Check | undefined {
  const def = schema._zod.def;
  if (def.coerce === true) return undefined;
  // A schema that is itself a check: only z.int() is known here; string formats are zod's.
  if (def.check !== undefined && !(def.type === 'number' && def.check === 'number_format' && def.format === 'safeint')) return undefined;
  const bounds = lengthBounds(def);
  switch (def.type) {
    case 'any':
    case 'unknown':
      return noChecks(def) ? () => true : undefined;
    case 'string':
      if (bounds === undefined) return undefined;
      if (bounds.min === 0 && bounds.max === Infinity) return isString;
      return (value) => typeof value === 'string' && value.length >= bounds.min && value.length <= bounds.max;
    case 'boolean':
      return noChecks(def) ? isBoolean : undefined;
    case 'number':
      return numberCheck(def);
    case 'enum':
    case 'literal': {
      if (!noChecks(def)) return undefined;
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []));
      return (value) => allowed.has(value as string);
    }
    case 'nullable':
    case 'optional': {
      const inner = def.innerType === undefined || !noChecks(def) ? undefined : compileCheck(def.innerType);
      if (inner === undefined) return undefined;
      if (def.type === 'nullable') return NULLABLE_LEAVES.get(inner) ?? ((value) => value === null || inner(value));
      return (value) => value === undefined || inner(value);
    }
    case 'array': {
      const element = def.element === undefined || bounds === undefined ? undefined : compileCheck(def.element);
      if (element === undefined || bounds === undefined) return undefined;
      const items = ARRAY_OF_LEAVES.get(element) ?? ((values: unknown[]) => values.every(element));
      return (value) => Array.isArray(value) && value.length >= bounds.min && value.length <= bounds.max && items(value);
    }
    case 'object':
      return objectCheck(def);
    case 'record': {
      // String keys without checks only: zod's record keeps every key, so nothing is stripped.
      const keyDef = def.keyType?._zod.def;
      const valueCheck = def.valueType === undefined || keyDef?.type !== 'string' || !noChecks(keyDef) || !noChecks(def) ? undefined : compileCheck(def.valueType);
      if (valueCheck === undefined) return undefined;
      return (value) => isPlainRecord(value) && Object.values(value).every(valueCheck);
    }
    default:
      // default, transform, pipe, union, lazy, date, …: zod's parse decides (and may change the value).
      return undefined;
  }
}

// The leaf checks a page's fields are made of, one function each, shared by every schema that uses
// them, so that an array of them (a column of format="columns": 1,000 values) is checked by a loop
// of its own with the test written in it, not by a call per item through Array.prototype.every
// (~4× the time for a 1,000-row page's columns; issue 17). z.number() itself refuses NaN and
// ±Infinity (zod 4); a safe integer is finite.
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const isFiniteNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isSafeInteger: Check = (value) => typeof value === 'number' && Number.isSafeInteger(value);
const isNullableString: Check = (value) => value === null || typeof value === 'string';
const isNullableBoolean: Check = (value) => value === null || typeof value === 'boolean';
const isNullableFiniteNumber: Check = (value) => value === null || (typeof value === 'number' && Number.isFinite(value));
const isNullableSafeInteger: Check = (value) => value === null || (typeof value === 'number' && Number.isSafeInteger(value));

const NULLABLE_LEAVES = new Map<Check, Check>([
  [isString, isNullableString],
  [isBoolean, isNullableBoolean],
  [isFiniteNumber, isNullableFiniteNumber],
  [isSafeInteger, isNullableSafeInteger],
]);

type Items = (values: unknown[]) => boolean;
const ARRAY_OF_LEAVES = new Map<Check, Items>([
  [isString, (values) => { for (const value of values) if (typeof value !== 'string') return false; return true; }],
  [isBoolean, (values) => { for (const value of values) if (typeof value !== 'boolean') return false; return true; }],
  [isFiniteNumber, (values) => { for (const value of values) if (typeof value !== 'number' || !Number.isFinite(value)) return false; return true; }],
  [isSafeInteger, (values) => { for (const value of values) if (typeof value !== 'number' || !Number.isSafeInteger(value)) return false; return true; }],
  [isNullableString, (values) => { for (const value of values) if (value !== null && typeof value !== 'string') return false; return true; }],
  [isNullableBoolean, (values) => { for (const value of values) if (value !== null && typeof value !== 'boolean') return false; return true; }],
  [isNullableFiniteNumber, (values) => { for (const value of values) if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) return false; return true; }],
  [isNullableSafeInteger, (values) => { for (const value of values) if (value !== null && (typeof value !== 'number' || !Number.isSafeInteger(value))) return false; return true; }],
]);

function noChecks(def: Def): boolean {
  return def.checks === undefined || def.checks.length === 0;
}

/** min/max length of a string or an array; undefined when there is any other check. */
function lengthBounds(def: Def): { min: number; max: number } | undefined {
  const bounds = { min: 0, max: Infinity };
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'min_length' && typeof check.minimum === 'number') bounds.min = Math.max(bounds.min, check.minimum);
    else if (check.check === 'max_length' && typeof check.maximum === 'number') bounds.max = Math.min(bounds.max, check.maximum);
    else return undefined;
  }
  return bounds;
}

function numberCheck(def: Def): Check | undefined {
  let integer = def.format === 'safeint';
  const bounds: Array<(value: number) => boolean> = [];
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    const limit = check.value;
    if (check.check === 'number_format' && check.format === 'safeint') integer = true;
    else if (check.check === 'greater_than' && typeof limit === 'number') bounds.push(check.inclusive === true ? (v) => v >= limit : (v) => v > limit);
    else if (check.check === 'less_than' && typeof limit === 'number') bounds.push(check.inclusive === true ? (v) => v <= limit : (v) => v < limit);
    else return undefined;
  }
  // The two plain cases are leaves of their own (above): they are most of a page's fields (issue 17).
  const base: Check = integer ? isSafeInteger : isFiniteNumber;
  if (bounds.length === 0) return base;
  return (value) => {
    if (!base(value)) return false;
    for (const bound of bounds) if (!bound(value as number)) return false;
    return true;
  };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectCheck(def: Def): Check | undefined {
  // A catchall (passthrough, strict, catchall) changes what happens to extra keys: zod decides.
  if (def.catchall !== undefined || def.shape === undefined || !noChecks(def)) return undefined;
  const keys: string[] = [];
  const fieldChecks: Check[] = [];
  // zod refuses an object without a key whose schema is z.unknown() or z.any() ("expected
  // nonoptional"), though the key present with undefined passes: their checks cannot see that.
  const mustBePresent: string[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const check = compileCheck(field);
    if (check === undefined) return undefined;
    keys.push(key);
    fieldChecks.push(check);
    if (field._zod.def.type === 'any' || field._zod.def.type === 'unknown') mustBePresent.push(key);
  }
  const known = new Set(keys);
  // When no field takes undefined (nothing optional, no z.unknown()), a value that passes every
  // field's check has every key of the shape, so it has an extra key exactly when it has more keys
  // than the shape: counting them spares a row a Set lookup per key (issue 17).
  const everyKeyRequired = fieldChecks.every((check) => !check(undefined));
  const count = keys.length;
  /**
   * The common case, a result built with its keys in the schema's order (every row of a page): each
   * key for-in meets is the next key of the shape and its value passes that field's check. V8 reads
   * `value[key]` inside a for-in over `value` from the object's enum cache, a plain field load,
   * where `value[keys[i]]` with a varying key is a generic keyed lookup; a 500-row page's rows
   * were checked in ~0.4 ms that way (issue 17). Any other order, an extra or inherited key, or a
   * failing field: false, and the general loop below decides, so what passes is unchanged.
   */
  const keysInShapeOrder = (value: Record<string, unknown>): boolean => {
    let i = 0;
    for (const key in value) {
      if (i === count || key !== keys[i] || !(fieldChecks[i] as Check)(value[key])) return false;
      i += 1;
    }
    return i === count;
  };
  // Indexed loops over two arrays: this runs for every row of a page, ~20 fields each (issue 17).
  return (value) => {
    if (!isPlainRecord(value)) return false;
    if (everyKeyRequired && keysInShapeOrder(value)) return true;
    for (let i = 0; i < count; i += 1) if (!(fieldChecks[i] as Check)(value[keys[i] as string])) return false;
    for (const key of mustBePresent) if (!(key in value)) return false;
    // An extra key would be stripped by zod's parse: let it do that.
    if (everyKeyRequired) {
      let present = 0;
      for (const _key in value) present += 1;
      return present === count;
    }
    for (const key in value) if (!known.has(key)) return false;
    return true;
  };
}

const checks = new WeakMap<object, Check | null>();

/**
 * A tool's result as its output schema makes it: the value itself when it already conforms,
 * otherwise zod's parse of it (a stripped copy, or the schema's error thrown).
 */
export function conformingOutput<O extends z.ZodType>(schema: O, data: unknown): z.output<O> {
  let check = checks.get(schema);
  if (check === undefined) {
    check = compileCheck(schema as unknown as Schema) ?? null;
    checks.set(schema, check);
  }
  return check !== null && check(data) ? (data as z.output<O>) : schema.parse(data);
}
