// Where the leaderboard's scroll frames go: a Chromium performance trace of the same scroll the
// benchmark drives (bench/leaderboard.ts), summarised from the renderer main thread's CPU time.
// Not part of `npm run bench` (a diagnosis, not a measure); after `npm run build` run
//   node --import tsx bench/leaderboard-trace.ts [px per frame] [frames] [trace.json to write]
//   node --import tsx bench/leaderboard-trace.ts <trace.json> [frames]   (summarise a saved trace)
// It prints the main thread's CPU per frame by rendering phase, and for every frame over 50 ms how
// much of it the main thread actually computed (CPU) against the wall time it took: on a loaded
// machine a long frame with a normal CPU share waited for a core, which no page change fixes.
// The seeded tournament is kept in the temp dir between runs (seeding takes seconds).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumExecutable } from '../test/e2e/browser.js';
import { startWebHost } from '../test/e2e/web/support/webHost.js';
import { CHROMIUM_ARGS, loadLeaderboard, loadSeeder, scrollFrames } from './leaderboard.js';

/** One event of a Chromium trace (the fields the leaderboard benches read). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time; wall time `dur` also counts time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const cpu = (event: TraceEvent): number => event.tdur ?? event.dur ?? 0;
const end = (event: TraceEvent): number => event.ts + (event.dur ?? 0);

// Time is charged to the innermost of these phases, so a forced layout inside script counts as
// layout, not script.
const PHASES = new Set(['FunctionCall', 'EventDispatch', 'FireAnimationFrame', 'TimerFire', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'Commit', 'HitTest', 'MajorGC', 'MinorGC']);

/** The renderer main thread's complete events, in time order. */
function mainThread(events: readonly TraceEvent[]): TraceEvent[] {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (main === undefined) throw new Error('The trace has no renderer main thread.');
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
}

/** CPU of the outermost events (tasks) that start in [from, to). */
function busy(own: readonly TraceEvent[], from = -Infinity, to = Infinity): { cpuMs: number; wallMs: number } {
  let cpuUs = 0;
  let wallUs = 0;
  let until = -Infinity;
  for (const event of own) {
    if (event.ts < until || event.ts < from || event.ts >= to) continue;
    cpuUs += cpu(event);
    wallUs += event.dur ?? 0;
    until = end(event);
  }
  return { cpuMs: cpuUs / 1000, wallMs: wallUs / 1000 };
}

/** Self CPU time per phase, summed by name: [name, ms, count], largest first. */
function byPhase(own: readonly TraceEvent[]): Array<[string, number, number]> {
  const totals = new Map<string, [number, number]>();
  const stack: TraceEvent[] = [];
  for (const event of own.filter((e) => PHASES.has(e.name))) {
    while (stack.length > 0 && end(stack.at(-1) as TraceEvent) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent !== undefined) (totals.get(parent.name) as [number, number])[0] -= cpu(event);
    const entry = totals.get(event.name) ?? [0, 0];
    entry[0] += cpu(event);
    entry[1] += 1;
    totals.set(event.name, entry);
    stack.push(event);
  }
  return [...totals.entries()].map(([name, [us, count]]): [string, number, number] => [name, us / 1000, count]).sort((a, b) => b[1] - a[1]);
}

function report(events: readonly TraceEvent[], frames: number): void {
  const own = mainThread(events);
  const total = busy(own);
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  out(`renderer main thread: ${total.cpuMs.toFixed(0)} ms CPU, ${(total.cpuMs / frames).toFixed(2)} ms per frame`);
  out('self CPU by phase (ms, events):');
  for (const [name, ms, count] of byPhase(own).slice(0, 14)) out(`  ${name.padEnd(22)} ${ms.toFixed(1).padStart(8)} ${String(count).padStart(6)}`);
  // Frames are the benchmark's own requestAnimationFrame callbacks.
  const ticks = own.filter((e) => e.name === 'FireAnimationFrame');
  const long: string[] = [];
  for (let i = 1; i < ticks.length; i++) {
    const [from, to] = [(ticks[i - 1] as TraceEvent).ts, (ticks[i] as TraceEvent).ts];
    if (to - from <= 50_000) continue;
    const work = busy(own, from, to);
    const gc = own.filter((e) => e.ts >= from && e.ts < to && e.name === 'MajorGC').reduce((sum, e) => sum + cpu(e), 0) / 1000;
    long.push(`  ${((to - from) / 1000).toFixed(0).padStart(4)} ms frame: main thread ${work.cpuMs.toFixed(1)} ms CPU over ${work.wallMs.toFixed(1)} ms of tasks${gc > 0 ? `, major GC ${gc.toFixed(1)} ms CPU` : ''}`);
  }
  out(`${long.length} frames over 50 ms${long.length > 0 ? ':' : ''}`);
  for (const line of long) out(line);
}

async function main(): Promise<void> {
  const [first, framesArg, outArg] = process.argv.slice(2);
  if (first?.endsWith('.json') === true) {
    report((JSON.parse(await readFile(first, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents, Number(framesArg ?? 300));
    return;
  }
  const step = Number(first ?? 1100);
  const frames = Number(framesArg ?? 300);
  const root = path.join(os.tmpdir(), 'cosci-leaderboard-trace');
  const dataDir = path.join(root, 'data');
  if (!existsSync(dataDir)) {
    const { seedTournament } = await loadSeeder();
    await seedTournament(dataDir, { hypotheses: 10_000, rounds: 6, seed: 11 });
  }
  const host = await startWebHost({ dataDir, home: path.join(root, 'home') });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await loadLeaderboard(page, host.url, 10_000);
    await scrollFrames(page, 60, step); // warm-up: code compiled, caches filled
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
    const deltas = await scrollFrames(page, frames, step);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (outArg !== undefined) await writeFile(outArg, JSON.stringify(trace));
    const sorted = [...deltas].sort((a, b) => a - b);
    const at = (p: number): string => (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number).toFixed(1);
    process.stdout.write(`${step} px/frame, ${frames} frames: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
    report(trace.traceEvents, frames);
  } finally {
    await browser.close();
    await host.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
