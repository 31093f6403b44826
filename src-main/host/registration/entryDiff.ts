// Comparing server entries: by meaning (key order and whitespace do not count), by a stable
// fingerprint for the ledger, and as a line diff a scientist can read before saying yes.
import { createHash } from 'node:crypto';
import type { EntryChange } from './errors.js';

/** JSON with object keys sorted at every depth, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  // TOML integers beyond 2^53 parse as bigint, which JSON.stringify cannot print.
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** sha256 of the canonical JSON: what the ledger remembers about an entry we wrote. */
export function entryFingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}

/** Line diff of two texts (longest common subsequence; entries are a few dozen lines at most). */
export function lineDiff(before: string, after: string): string {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..]
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i++]}`);
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.push(`- ${a[i++]}`); // removals first, as diff tools show them
    } else {
      out.push(`+ ${b[j++]}`);
    }
  }
  return out.join('\n');
}

/** The change from the entry in the file to the one we want, for CHANGED_BY_USER. */
export function describeEntryChange(existing: unknown, proposed: unknown): EntryChange {
  // Key order as written, so the scientist recognises their own entry.
  const pretty = (v: unknown) => (v === undefined ? null : JSON.stringify(v, null, 2));
  const before = pretty(existing);
  const after = pretty(proposed);
  return { existing: before, proposed: after, diff: lineDiff(before ?? '', after ?? '') };
}
