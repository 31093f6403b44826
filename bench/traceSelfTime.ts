// Self time from a Chromium trace: each complete event less the events nested in it, summed by
// name; shared by the benches that ask where a view's time goes (leaderboard-profile.ts,
// chat-views-trace.ts).
import type { TraceEvent } from './leaderboard-trace.js';

/** CPU and wall time (in the unit the caller adds) per name. */
export type Totals = Map<string, { cpu: number; wall: number }>;

export function addTime(totals: Totals, key: string, cpu: number, wall: number): void {
  const entry = totals.get(key) ?? { cpu: 0, wall: 0 };
  entry.cpu += cpu;
  entry.wall += wall;
  totals.set(key, entry);
}

/** Self time (CPU and wall, µs) per event name on one thread: each event less the events nested in it. */
export function selfTimes(events: readonly TraceEvent[]): Totals {
  const sorted = events.filter((e) => e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out: Totals = new Map();
  const stack: Array<{ event: TraceEvent; childCpu: number; childWall: number }> = [];
  const cpuOf = (event: TraceEvent): number => event.tdur ?? event.dur ?? 0;
  const close = (): void => {
    const top = stack.pop();
    if (top === undefined) return;
    addTime(out, top.event.name, cpuOf(top.event) - top.childCpu, (top.event.dur ?? 0) - top.childWall);
    const parent = stack.at(-1);
    if (parent === undefined) return;
    parent.childCpu += cpuOf(top.event);
    parent.childWall += top.event.dur ?? 0;
  };
  for (const event of sorted) {
    for (let top = stack.at(-1); top !== undefined && top.event.ts + (top.event.dur ?? 0) <= event.ts; top = stack.at(-1)) close();
    stack.push({ event, childCpu: 0, childWall: 0 });
  }
  while (stack.length > 0) close();
  return out;
}
