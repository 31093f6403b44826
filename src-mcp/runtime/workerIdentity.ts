// Identity of this server process as a task worker, and how to tell whether another one is alive.
// Lease owners look like `claude-desktop@hostname:4242`; on the same machine a dead pid means the
// process crashed (or was killed), so its leased work can be taken over at once.
import os from 'node:os';

export function workerId(clientId: string, pid = process.pid, host = os.hostname()): string {
  return `${clientId}@${host}:${pid}`;
}

export function isWorkerAlive(owner: string, host = os.hostname()): boolean {
  const match = /^(.*)@(.*):(\d+)$/.exec(owner);
  if (match === null) return true;
  const [, , ownerHost, pidText] = match;
  // Another machine's process cannot be probed (a shared workspace, later): its lease must expire.
  if (ownerHost !== host) return true;
  try {
    process.kill(Number(pidText), 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
