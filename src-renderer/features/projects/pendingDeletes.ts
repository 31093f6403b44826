// Projects the scientist deleted but may still undo. Deleting is permanent on the research server
// (manage_research "delete"), so the app offers undo by waiting: the project disappears from the
// list at once, an "Undo" toast stays for UNDO_WINDOW_MS, and only when it runs out is the delete
// sent. Undo just shows the project again; nothing was sent. Quitting the app inside the window
// means the delete is never sent, which errs on the side of keeping the scientist's data.
// The set lives outside React so it survives switching sections while a toast is showing.
import { useSyncExternalStore } from 'react';

export const UNDO_WINDOW_MS = 8000;

let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

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

export function usePendingDeletes(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hidden,
  );
}
