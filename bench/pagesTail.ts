// Where the slowest 1% of a paged call's round trips come from (bench/pages-ab.ts, issue 17): each
// call is traced with what this client process and the server's main thread did meanwhile, read
// from the kernel's per-thread scheduler counters (/proc/<pid>/schedstat: time on a CPU, time
// waiting in a run queue) and from this process's GC pauses (perf_hooks). A call above the p99 is
// put down to the first of: a GC pause of this client process during it; waiting for a CPU (client
// and server together waited at least half of its excess over the median); the server busy (its
// CPU time at least half the excess above its median); else "other".
import { readFileSync } from 'node:fs';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { median, percentile } from './stats.js';

/** A thread's time on a CPU and waiting for one, in ms. */
export interface Sched {
  cpuMs: number;
  waitMs: number;
}

/** The main thread of process `pid` ('self' for this one). */
export function schedOf(pid: number | 'self'): Sched {
  const [cpu, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ');
  return { cpuMs: Number(cpu) / 1e6, waitMs: Number(wait) / 1e6 };
}

export interface CallTrace {
  ms: number;
  /** performance.now() at the call's start. */
  start: number;
  /** Its place in its block of calls (0: right after another page's block). */
  index: number;
  serverCpuMs: number;
  serverWaitMs: number;
  clientWaitMs: number;
}

/** Times one call with the scheduler counters read around it (outside the timed span). */
export async function tracedCall(serverPid: number, index: number, call: () => Promise<unknown>): Promise<CallTrace> {
  const server = schedOf(serverPid);
  const client = schedOf('self');
  const start = performance.now();
  const begin = process.hrtime.bigint();
  await call();
  const ms = Number(process.hrtime.bigint() - begin) / 1e6;
  const serverAfter = schedOf(serverPid);
  const clientAfter = schedOf('self');
  return { ms, start, index, serverCpuMs: serverAfter.cpuMs - server.cpuMs, serverWaitMs: serverAfter.waitMs - server.waitMs, clientWaitMs: clientAfter.waitMs - client.waitMs };
}

/** This process's GC pauses while it runs, as [start, end] in performance.now() time. */
export function watchClientGcs(): { pauses: Array<{ start: number; end: number }>; stop(): void } {
  const pauses: Array<{ start: number; end: number }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEntry[]) pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return { pauses, stop: () => observer.disconnect() };
}

/**
 * A full GC of this client process, run between blocks (outside any timed span) so that each
 * block's calls pay for their own garbage only: without it a 500-row block's frames (~230 KB
 * each, parsed and validated by the client) were still being collected during the 50-row blocks
 * after it, and 26–32% of those blocks' slowest 1% fell on such a pause. Node exposes gc() only
 * behind --expose-gc; setting the flag at run time and reading gc from a fresh context is the
 * documented way around that (v8.setFlagsFromString).
 */
export function clientFullGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export const TAIL_HEADER = '| page | p50 / p99 (ms) | calls above p99 | during a client GC | waiting for a CPU | server busy | other | of those, among a block\'s first 3 |\n| --- | --- | ---: | --- | --- | --- | --- | ---: |';

/** One table row: where the calls above `calls`' p99 came from. */
export function tailRow(page: string, calls: readonly CallTrace[], gcs: ReadonlyArray<{ start: number; end: number }>): string {
  const p50 = median(calls.map((c) => c.ms));
  const p99 = percentile(calls.map((c) => c.ms).sort((x, y) => x - y), 99);
  const serverCpuP50 = median(calls.map((c) => c.serverCpuMs));
  const tail = calls.filter((c) => c.ms > p99);
  const counts = { gc: 0, wait: 0, server: 0, other: 0 };
  let longestGc = 0;
  for (const call of tail) {
    const excess = call.ms - p50;
    const overlapping = gcs.filter((gc) => gc.end > call.start && gc.start < call.start + call.ms);
    if (overlapping.length > 0) {
      counts.gc += 1;
      longestGc = Math.max(longestGc, ...overlapping.map((gc) => gc.end - gc.start));
    } else if (call.clientWaitMs + call.serverWaitMs >= excess / 2) counts.wait += 1;
    else if (call.serverCpuMs - serverCpuP50 >= excess / 2) counts.server += 1;
    else counts.other += 1;
  }
  const share = (n: number): string => `${n} (${((100 * n) / Math.max(1, tail.length)).toFixed(0)}%)`;
  const atStart = tail.filter((c) => c.index < 3).length;
  return `| ${page} | ${p50.toFixed(2)} / ${p99.toFixed(2)} | ${tail.length} | ${share(counts.gc)}${longestGc > 0 ? `, longest pause ${longestGc.toFixed(1)} ms` : ''} | ${share(counts.wait)} | ${share(counts.server)} | ${share(counts.other)} | ${atStart} |`;
}
