// The per-provider concurrency limit: never more in flight than allowed, waiters served in order,
// and a cancelled waiter never takes a slot.
import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from '../../../../../src-mcp/reasoners/providers/concurrency.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ConcurrencyLimit', () => {
  it('runs at most `max` at once and the rest in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let active = 0;
    let peak = 0;
    const runs = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        active += 1;
        peak = Math.max(peak, active);
        await gate.promise;
        active -= 1;
      }, new AbortController().signal),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limit.waiting).toBe(3);
    for (const gate of gates) gate.resolve();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(limit.active).toBe(0);
  });

  it('drops a waiter that is cancelled without giving it a slot', async () => {
    const limit = new ConcurrencyLimit(1);
    const gate = deferred();
    const first = limit.run(() => gate.promise, new AbortController().signal);
    const controller = new AbortController();
    let ran = false;
    const second = limit.run(async () => {
      ran = true;
    }, controller.signal);
    controller.abort();
    await expect(second).rejects.toMatchObject({ code: 'aborted' });
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    expect(limit.waiting).toBe(0);
    expect(limit.active).toBe(0);
  });

  it('admits more callers at once when resized up', async () => {
    const limit = new ConcurrencyLimit(1);
    const gate = deferred();
    let started = 0;
    const runs = [0, 1, 2].map(() => limit.run(async () => { started += 1; await gate.promise; }, new AbortController().signal));
    await Promise.resolve();
    expect(started).toBe(1);
    limit.resize(3);
    await Promise.resolve();
    expect(started).toBe(3);
    gate.resolve();
    await Promise.all(runs);
  });
});
