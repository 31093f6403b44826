// CPU time a process has used, per thread kind and in all: its main thread, V8's helpers, libuv's
// pool, the WAL checkpoint worker. Milliseconds with nanosecond precision, from the first field of
// /proc/<pid>/task/<tid>/schedstat; a thread's kind is its name (/proc/<pid>/task/<tid>/comm).
// Linux only. A thread that ended between the listing and its read is skipped.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time by thread name (threads of one name summed), in ms. */
export function processCpuByThread(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      const name = tid === String(pid) ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      byName.set(name, (byName.get(name) ?? 0) + ns / 1e6);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return byName;
}
