// CPU time a process has used, per thread kind: its main thread, V8's helpers, libuv's pool, the
// WAL checkpoint worker. Milliseconds with nanosecond precision, from the first field of
// /proc/<pid>/task/<tid>/schedstat; a thread's kind is its name (/proc/<pid>/task/<tid>/comm).
// And how often its threads were switched out (/proc/<pid>/task/<tid>/status): on a busy machine
// each switch costs more than its own time, since the process comes back to caches others filled.
// Linux only. A thread that ended between the listing and its read is skipped.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessCpu {
  /** CPU time by thread name (threads of one name summed), in ms. */
  byThread: Map<string, number>;
  /** Context switches of all threads: voluntary (it waited) and involuntary (preempted). */
  switches: { voluntary: number; involuntary: number };
}

export function processCpu(pid: number): ProcessCpu {
  const byThread = new Map<string, number>();
  const switches = { voluntary: 0, involuntary: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      const name = tid === String(pid) ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      byThread.set(name, (byThread.get(name) ?? 0) + ns / 1e6);
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      switches.voluntary += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      switches.involuntary += Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return { byThread, switches };
}
