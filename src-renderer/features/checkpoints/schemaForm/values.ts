// Form values for a schema: prefilled from what the checkpoint proposes, checked against the
// schema's limits before anything is sent, and cleaned of what the scientist left empty.
import type { FieldSpec } from './jsonSchema';

export type FormValue = Record<string, unknown>;
export type Path = Array<string | number>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a required field starts as when the proposal has nothing for it. */
function emptyOf(field: FieldSpec): unknown {
  switch (field.kind) {
    case 'string':
    case 'number':
      return '';
    case 'boolean':
      return false;
    case 'enum':
      return field.options[0] ?? '';
    case 'stringList':
    case 'objectList':
      return [];
    case 'object':
      return prefill(field.fields, {});
    case 'readonly':
      return undefined;
  }
}

/**
 * The proposal's values for the schema's fields (extra keys of the proposal are left out). A
 * field the proposal lacks takes the schema default if any; otherwise required fields start
 * empty and optional ones stay absent.
 */
export function prefill(fields: readonly FieldSpec[], source: unknown, defaults: Record<string, unknown> = {}): FormValue {
  const record = isRecord(source) ? source : {};
  const value: FormValue = {};
  for (const field of fields) {
    const given = record[field.key];
    if (given !== undefined && given !== null) {
      if (field.kind === 'objectList' && Array.isArray(given)) value[field.key] = given.map((item) => prefill(field.fields, item));
      else if (field.kind === 'object') value[field.key] = prefill(field.fields, given);
      else if (field.kind === 'stringList' && Array.isArray(given)) value[field.key] = given.map(String);
      else value[field.key] = given;
    } else if (defaults[field.key] !== undefined) {
      value[field.key] = defaults[field.key];
    } else if (field.required) {
      value[field.key] = emptyOf(field);
    }
  }
  return value;
}

/** `value` with the item at `path` replaced (copy on write, so React sees the change). */
export function setIn(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...Path];
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setIn(list[head], rest, next);
    return list;
  }
  const record = isRecord(value) ? { ...value } : {};
  const updated = setIn(record[head], rest, next);
  if (updated === undefined) delete record[head];
  else record[head] = updated;
  return record;
}

export function pathKey(path: Path): string {
  return path.map(String).join('.');
}

/** Problems by path ("hypotheses.1.summary"), in words a scientist can act on. */
export function validate(fields: readonly FieldSpec[], value: unknown, path: Path = []): Map<string, string> {
  const errors = new Map<string, string>();
  const record = isRecord(value) ? value : {};
  for (const field of fields) {
    const at = [...path, field.key];
    const current = record[field.key];
    const absent = current === undefined || current === null || (typeof current === 'string' && current.trim() === '');
    if (absent) {
      if (field.required && field.kind !== 'boolean' && field.kind !== 'readonly') errors.set(pathKey(at), `${field.label} is required.`);
      continue;
    }
    for (const [key, message] of validateField(field, current, at)) errors.set(key, message);
  }
  return errors;
}

function validateField(field: FieldSpec, current: unknown, at: Path): Map<string, string> {
  const errors = new Map<string, string>();
  const fail = (message: string, where: Path = at) => errors.set(pathKey(where), message);
  switch (field.kind) {
    case 'string': {
      const length = String(current).trim().length;
      if (field.minLength !== undefined && length < field.minLength) fail(`${field.label} needs at least ${field.minLength} characters (now ${length}).`);
      if (field.maxLength !== undefined && length > field.maxLength) fail(`${field.label} is limited to ${field.maxLength} characters (now ${length}).`);
      break;
    }
    case 'number': {
      const number = typeof current === 'number' ? current : Number(current);
      if (!Number.isFinite(number)) fail(`${field.label} must be a number.`);
      else if (field.integer && !Number.isInteger(number)) fail(`${field.label} must be a whole number.`);
      else if (field.minimum !== undefined && number < field.minimum) fail(`${field.label} must be at least ${field.minimum}.`);
      else if (field.maximum !== undefined && number > field.maximum) fail(`${field.label} must be at most ${field.maximum}.`);
      break;
    }
    case 'enum':
      if (!field.options.includes(String(current))) fail(`${field.label} must be one of ${field.options.join(', ')}.`);
      break;
    case 'stringList':
    case 'objectList': {
      const items = Array.isArray(current) ? current : [];
      const kept = field.kind === 'stringList' ? items.filter((item) => String(item).trim() !== '') : items;
      if (field.minItems !== undefined && kept.length < field.minItems) fail(`${field.label} needs at least ${field.minItems} ${field.minItems === 1 ? 'entry' : 'entries'}.`);
      if (field.maxItems !== undefined && kept.length > field.maxItems) fail(`${field.label} allows at most ${field.maxItems} entries.`);
      items.forEach((item, index) => {
        const itemErrors =
          field.kind === 'stringList'
            ? String(item).trim() === ''
              ? new Map<string, string>()
              : validateField({ ...field.item, label: `${field.label} ${index + 1}` }, item, [...at, index])
            : validate(field.fields, item, [...at, index]);
        for (const [key, message] of itemErrors) errors.set(key, message);
      });
      break;
    }
    case 'object':
      for (const [key, message] of validate(field.fields, current, at)) errors.set(key, message);
      break;
    case 'boolean':
    case 'readonly':
      break;
  }
  return errors;
}

/** What to submit: numbers as numbers, blank optional fields and blank list entries left out. */
export function clean(fields: readonly FieldSpec[], value: unknown): FormValue {
  const record = isRecord(value) ? value : {};
  const result: FormValue = {};
  for (const field of fields) {
    const current = record[field.key];
    if (current === undefined || current === null) continue;
    if (typeof current === 'string' && current.trim() === '' && !field.required) continue;
    switch (field.kind) {
      case 'number':
        result[field.key] = typeof current === 'number' ? current : Number(current);
        break;
      case 'stringList':
        result[field.key] = (Array.isArray(current) ? current : []).map(String).filter((item) => item.trim() !== '');
        break;
      case 'objectList':
        result[field.key] = (Array.isArray(current) ? current : []).map((item) => clean(field.fields, item));
        break;
      case 'object':
        result[field.key] = clean(field.fields, current);
        break;
      default:
        result[field.key] = current;
    }
  }
  return result;
}
