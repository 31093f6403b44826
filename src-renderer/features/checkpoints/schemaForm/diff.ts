// A readable account of what an edit changes, shown before the scientist submits it: field by
// field ("Hypotheses › H3 › Summary"), list entries added or removed, and for texts the words
// that changed.
import type { FieldSpec } from './jsonSchema';
import { pathKey, type Path } from './values';

export interface Change {
  /** Stable key, e.g. "hypotheses.hyp_1.summary". */
  key: string;
  /** Where, for people: "Hypotheses › H3 › Summary". */
  label: string;
  kind: 'changed' | 'added' | 'removed';
  before?: unknown;
  after?: unknown;
}

export interface DiffOptions {
  /** How to name an entry of an object list, e.g. a hypothesis by its number. */
  itemLabel?: (field: FieldSpec, item: Record<string, unknown>, index: number) => string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function normalise(field: FieldSpec, value: unknown): unknown {
  if (field.kind === 'number' && value !== '' && value !== undefined && value !== null) return Number(value);
  if (typeof value === 'string') return value.trim();
  return value;
}

export function diffValues(fields: readonly FieldSpec[], before: unknown, after: unknown, options: DiffOptions = {}, path: Path = [], labels: string[] = []): Change[] {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  const changes: Change[] = [];
  for (const field of fields) {
    const at = [...path, field.key];
    const label = [...labels, field.label];
    changes.push(...diffField(field, a[field.key], b[field.key], options, at, label));
  }
  return changes;
}

function diffField(field: FieldSpec, before: unknown, after: unknown, options: DiffOptions, at: Path, label: string[]): Change[] {
  const key = pathKey(at);
  const joined = label.join(' › ');
  switch (field.kind) {
    case 'stringList':
      return diffStringList(Array.isArray(before) ? before.map(String) : [], Array.isArray(after) ? after.map(String) : [], key, joined);
    case 'objectList':
      return diffObjectList(field, Array.isArray(before) ? before : [], Array.isArray(after) ? after : [], options, at, label);
    case 'object':
      return diffValues(field.fields, before, after, options, at, label);
    case 'readonly':
      return [];
    default: {
      if (isBlank(before) && isBlank(after)) return [];
      if (isBlank(before)) return [{ key, label: joined, kind: 'added', after }];
      if (isBlank(after)) return [{ key, label: joined, kind: 'removed', before }];
      return normalise(field, before) === normalise(field, after) ? [] : [{ key, label: joined, kind: 'changed', before, after }];
    }
  }
}

function diffStringList(before: string[], after: string[], key: string, label: string): Change[] {
  const clean = (list: string[]) => list.map((item) => item.trim()).filter((item) => item !== '');
  const a = clean(before);
  const b = clean(after);
  // Entries of `b` not matched by an equal entry of `a`, by their place in `b`.
  const unmatched = new Map(b.map((item, index) => [index, item]));
  const removed: Array<{ item: string; index: number }> = [];
  a.forEach((item, index) => {
    const match = [...unmatched].find(([, candidate]) => candidate === item);
    if (match !== undefined) unmatched.delete(match[0]);
    else removed.push({ item, index });
  });
  const changes: Change[] = [];
  // An entry reworded in place is one change, not a removal and an addition (issue 33 item 2).
  for (const { item, index } of removed) {
    const replacement = unmatched.get(index);
    if (replacement !== undefined) {
      unmatched.delete(index);
      changes.push({ key: `${key}[${index}]`, label: `${label} › #${index + 1}`, kind: 'changed', before: item, after: replacement });
    } else changes.push({ key: `${key}[-${item}]`, label, kind: 'removed', before: item });
  }
  for (const item of unmatched.values()) changes.push({ key: `${key}[+${item}]`, label, kind: 'added', after: item });
  // Same entries in another order still matters where order means priority (the report's top list).
  if (changes.length === 0 && a.join('\u0000') !== b.join('\u0000')) changes.push({ key, label: `${label} (order)`, kind: 'changed', before: a.join(', '), after: b.join(', ') });
  return changes;
}

function diffObjectList(field: FieldSpec & { kind: 'objectList' }, before: unknown[], after: unknown[], options: DiffOptions, at: Path, label: string[]): Change[] {
  const byId = field.fields.some((f) => f.key === 'id');
  const name = (item: Record<string, unknown>, index: number) => options.itemLabel?.(field, item, index) ?? `#${index + 1}`;
  const keyOf = (item: unknown, index: number) => (byId && isRecord(item) && typeof item.id === 'string' ? item.id : String(index));
  const afterByKey = new Map(after.map((item, index) => [keyOf(item, index), { item, index }]));
  const changes: Change[] = [];
  before.forEach((item, index) => {
    const itemKey = keyOf(item, index);
    const record = isRecord(item) ? item : {};
    const match = afterByKey.get(itemKey);
    if (match === undefined) {
      changes.push({ key: pathKey([...at, itemKey]), label: [...label, name(record, index)].join(' › '), kind: 'removed', before: summarise(record) });
      return;
    }
    afterByKey.delete(itemKey);
    changes.push(...diffValues(field.fields, item, match.item, options, [...at, itemKey], [...label, name(record, index)]));
  });
  for (const [itemKey, { item, index }] of afterByKey) {
    const record = isRecord(item) ? item : {};
    changes.push({ key: pathKey([...at, itemKey]), label: [...label, name(record, index)].join(' › '), kind: 'added', after: summarise(record) });
  }
  return changes;
}

/** An object entry in one line: "refine · hyp_1". */
function summarise(record: Record<string, unknown>): string {
  return Object.values(record)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .join(' · ');
}

export interface WordSegment {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** Above this many word pairs the comparison is not worth it: the texts are shown whole instead. */
const MAX_CELLS = 250_000;

/** Word-level difference of two texts (longest common subsequence of words). */
export function wordDiff(before: string, after: string): WordSegment[] {
  const a = before.trim().split(/\s+/).filter(Boolean);
  const b = after.trim().split(/\s+/).filter(Boolean);
  if (a.length * b.length > MAX_CELLS) {
    return [...(a.length > 0 ? [{ op: 'removed' as const, text: a.join(' ') }] : []), ...(b.length > 0 ? [{ op: 'added' as const, text: b.join(' ') }] : [])];
  }
  // lengths[i][j]: longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      row[j] = a[i] === b[j] ? (lengths[i + 1] as number[])[j + 1]! + 1 : Math.max((lengths[i + 1] as number[])[j]!, row[j + 1]!);
    }
  }
  const segments: WordSegment[] = [];
  const push = (op: WordSegment['op'], word: string) => {
    const last = segments[segments.length - 1];
    if (last !== undefined && last.op === op) last.text += ` ${word}`;
    else segments.push({ op, text: word });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i] as string);
      i += 1;
      j += 1;
    } else if ((lengths[i + 1] as number[])[j]! >= (lengths[i] as number[])[j + 1]!) {
      push('removed', a[i] as string);
      i += 1;
    } else {
      push('added', b[j] as string);
      j += 1;
    }
  }
  for (; i < a.length; i += 1) push('removed', a[i] as string);
  for (; j < b.length; j += 1) push('added', b[j] as string);
  return segments;
}
