// The server's start-up must not touch ICU: a process's first toLocaleString, localeCompare or Intl
// formatter loads the locale data, which cost every cold start ~180 ms while a tool description
// called toLocaleString at load (docs/benchmarks.md). Loading the start-up modules and the tool
// registry (what a start evaluates before the first tools/list) must call none of them.
import { afterEach, describe, expect, it } from 'vitest';

type Patched = { owner: object; key: string; original: unknown };
const patched: Patched[] = [];
afterEach(() => {
  for (const { owner, key, original } of patched.splice(0)) Object.defineProperty(owner, key, { value: original, configurable: true, writable: true });
});

/** Wraps every way into ICU's locale data so that a call is recorded (and still answered). */
function recordLocaleCalls(): string[] {
  const calls: string[] = [];
  const wrap = (owner: object, key: string, label: string): void => {
    const original = (owner as Record<string, unknown>)[key] as (...args: unknown[]) => unknown;
    patched.push({ owner, key, original });
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      calls.push(label);
      return new.target === undefined ? original.apply(this, args) : Reflect.construct(original, args, new.target);
    };
    Object.defineProperty(owner, key, { value: wrapped, configurable: true, writable: true });
  };
  wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
  wrap(String.prototype, 'localeCompare', 'String#localeCompare');
  for (const key of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) wrap(Date.prototype, key, `Date#${key}`);
  for (const key of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'ListFormat', 'RelativeTimeFormat', 'Segmenter']) wrap(Intl, key, `Intl.${key}`);
  return calls;
}

describe('server start-up', () => {
  it('loads its modules and its tool registry without a locale formatter', async () => {
    const calls = recordLocaleCalls();
    await import('../../../../src-mcp/runtime/start.js');
    await import('../../../../src-mcp/mcp/toolRegistry.js');
    expect(calls).toEqual([]);
  });
});
