import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../bench/leaderboard-trace.js';
import { selfTimes } from '../../../bench/traceSelfTime.js';

const event = (name: string, ts: number, dur: number, tdur?: number): TraceEvent => ({ name, ph: 'X', ts, dur, tdur, pid: 1, tid: 1 });

describe('selfTimes', () => {
  it('counts each event less the events nested in it, by name, in CPU and wall time', () => {
    // Task [0, 100) holds Layout [10, 40) and Script [50, 90), which holds Layout [60, 70); a second
    // Task [100, 120) holds nothing. Task's CPU (tdur) is less than its wall time: it waited for a core.
    const times = selfTimes([
      event('Task', 0, 100, 80),
      event('Layout', 10, 30),
      event('Script', 50, 40),
      event('Layout', 60, 10),
      event('Task', 100, 20),
      { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 1 },
    ]);
    expect(Object.fromEntries(times)).toEqual({
      Task: { cpu: 80 - 30 - 40 + 20, wall: 100 - 30 - 40 + 20 },
      Layout: { cpu: 40, wall: 40 },
      Script: { cpu: 30, wall: 30 },
    });
  });

  it('puts the longer of two events that start together outside the shorter', () => {
    const times = selfTimes([event('Inner', 0, 5), event('Outer', 0, 8)]);
    expect(Object.fromEntries(times)).toEqual({ Outer: { cpu: 3, wall: 3 }, Inner: { cpu: 5, wall: 5 } });
  });
});
