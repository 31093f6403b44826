// Small checks of what a host hands a view: the view reads only the fields it shows, and a result
// without them is refused by name instead of breaking the page.
import type { Parsed } from './viewApp';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const fail = (problem: string): Parsed<never> => ({ ok: false, problem });

/** The names of the fields of `value` that are missing or of another type. */
export function missingFields(value: Record<string, unknown>, fields: Record<string, 'string' | 'number' | 'boolean' | 'array' | 'object' | 'number|null' | 'string|null' | 'object|null'>): string[] {
  return Object.entries(fields)
    .filter(([key, type]) => {
      const field = value[key];
      const nullable = type.endsWith('|null');
      if (nullable && field === null) return false;
      const base = type.replace('|null', '');
      if (base === 'array') return !Array.isArray(field);
      if (base === 'object') return !isRecord(field);
      return typeof field !== base;
    })
    .map(([key]) => key);
}
