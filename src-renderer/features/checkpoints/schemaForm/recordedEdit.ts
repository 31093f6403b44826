// A recorded edit, for the decision history: the history keeps what was proposed and the data sent,
// not the edit schema. The data's own shape names every field the edit touched, and a field an
// entry did not send (a dropped hypothesis sends only its id and keep) kept its proposed value.
import { diffValues, type Change, type DiffOptions } from './diff';
import { fieldsOf, type JsonSchema } from './jsonSchema';

/** What the edit changed, from the proposal (shaped like the edit) and the data sent. */
export function recordedEditChanges(proposal: Record<string, unknown>, data: Record<string, unknown>, options: DiffOptions): Change[] {
  return diffValues(fieldsOf(schemaOfValue(data)), proposal, overlay(proposal, data), options);
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `sent` over `base`: objects field by field, lists of objects entry by entry (by id, else by position). */
function overlay(base: unknown, sent: unknown): unknown {
  if (isRecord(base) && isRecord(sent)) {
    return { ...base, ...Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, overlay(base[key], value)])) };
  }
  if (Array.isArray(base) && Array.isArray(sent)) {
    const byId = new Map(base.filter(isRecord).filter((item) => typeof item.id === 'string').map((item) => [item.id as string, item]));
    return sent.map((item, index) => (isRecord(item) ? overlay(typeof item.id === 'string' ? byId.get(item.id) : base[index], item) : item));
  }
  return sent;
}

export function schemaOfValue(value: unknown): JsonSchema {
  if (typeof value === 'string') return { type: 'string' };
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (Array.isArray(value)) {
    // Entries of one list share a shape: merge their fields so an entry missing one still compares.
    const objects = value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item));
    if (objects.length > 0) return { type: 'array', items: schemaOfValue(Object.assign({}, ...objects)) };
    return { type: 'array', items: { type: 'string' } };
  }
  if (typeof value === 'object' && value !== null) {
    return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, schemaOfValue(entry)])) };
  }
  return {};
}
