// Projects the scientist deleted, as this window sees them. A delete moves the project to the
// server's trash at once (trash_research: gone from every view, every row kept) and purges it for
// good only when the undo window (the server's purge_after) has run out. So closing the window,
// or the host exiting, inside the window changes nothing the scientist did: the project stays
// deleted, is restorable until purge_after, and the next server start purges it if nobody did.
// Two sets live outside React, so they survive switching sections while a toast is showing:
// - hidden: projects taken out of the list before the server has answered (no flicker);
// - offered: projects whose undo toast is showing, so one project never gets two toasts.
import { useSyncExternalStore } from 'react';

/** How long the undo toast of an archive stays (a delete's lasts until the server's purge_after). */
export const UNDO_WINDOW_MS = 8000;

let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const offered = new Set<string>();

function publish(next: ReadonlySet<string>): void {
  hidden = next;
  for (const listener of listeners) listener();
}

export function hideProject(id: string): void {
  publish(new Set([...hidden, id]));
}

export function showProject(id: string): void {
  publish(new Set([...hidden].filter((other) => other !== id)));
}

/** True when the caller may show the project's undo toast (no other one is showing). */
export function claimUndoOffer(id: string): boolean {
  if (offered.has(id)) return false;
  offered.add(id);
  return true;
}

export function releaseUndoOffer(id: string): void {
  offered.delete(id);
}

export function usePendingDeletes(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hidden,
  );
}
