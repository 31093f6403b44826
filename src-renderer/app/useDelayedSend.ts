// A decision that is sent only after a few seconds in which it can be taken back: a toast says
// what will be sent and offers Undo; when it runs out (or is dismissed) the decision is sent.
// Nothing reaches the server before that, so Undo needs no undo on the server. Used by the
// inbox's keyboard approval (issue 33 item 1) and the arena's vote (item 12). The toast belongs
// to the app, so a countdown outlives the view that started it (moving on, switching sections).
import { useCallback, useMemo, useRef, useState } from 'react';
import { useToasts } from './Toasts';

/** How long a delayed decision can be taken back. */
export const UNDO_WINDOW_MS = 5000;

export interface DelayedSendRequest {
  /** What will be sent, e.g. "Approving the research plan of … in 5 seconds." */
  message: string;
  /** The countdown toast's testid; its Undo button is `<testId>-action`. */
  testId: string;
  /** Sends the decision; called once, when the window has passed. */
  send: () => void;
  /** What taking it back says, e.g. "Approval taken back: nothing was sent." */
  undoneMessage: string;
  undoneTestId: string;
  /** Called when it is taken back (e.g. to show the scientist the item again). */
  onUndo?: () => void;
}

export interface DelayedSends {
  /** Keys whose decision is counting down. */
  scheduled: ReadonlySet<string>;
  /** Starts the countdown for `key`; a key already counting down is left as it is. */
  schedule(key: string, request: DelayedSendRequest): void;
  /** Takes back the latest decision still counting down, or the given key's; false when there was none. */
  undo(key?: string): boolean;
  /** Sends every decision still counting down, now (e.g. the scientist went on to the next vote). */
  sendNow(): void;
}

export function useDelayedSend(): DelayedSends {
  const toasts = useToasts();
  // Key → its countdown toast and request, in the order they were scheduled.
  const pending = useRef(new Map<string, { toastId: number; request: DelayedSendRequest }>());
  const [scheduled, setScheduled] = useState<ReadonlySet<string>>(new Set());
  const forget = useCallback((key: string) => {
    pending.current.delete(key);
    setScheduled(new Set(pending.current.keys()));
  }, []);

  const takeBack = useCallback(
    (key: string, request: DelayedSendRequest) => {
      forget(key);
      toasts.show({ testId: request.undoneTestId, durationMs: 4000, message: request.undoneMessage });
      request.onUndo?.();
    },
    [forget, toasts],
  );

  const schedule = useCallback(
    (key: string, request: DelayedSendRequest) => {
      if (pending.current.has(key)) return;
      const toastId = toasts.show({
        testId: request.testId,
        durationMs: UNDO_WINDOW_MS,
        message: request.message,
        action: { label: 'Undo', run: () => takeBack(key, request) },
        onExpire: () => {
          forget(key);
          request.send();
        },
      });
      pending.current.set(key, { toastId, request });
      setScheduled(new Set(pending.current.keys()));
    },
    [toasts, takeBack, forget],
  );

  const undo = useCallback(
    (key?: string) => {
      const id = key ?? [...pending.current.keys()].at(-1);
      const entry = id === undefined ? undefined : pending.current.get(id);
      if (id === undefined || entry === undefined) return false;
      toasts.dismiss(entry.toastId);
      takeBack(id, entry.request);
      return true;
    },
    [toasts, takeBack],
  );

  const sendNow = useCallback(() => {
    for (const [key, { toastId, request }] of [...pending.current]) {
      toasts.dismiss(toastId);
      forget(key);
      request.send();
    }
  }, [toasts, forget]);

  return useMemo(() => ({ scheduled, schedule, undo, sendNow }), [scheduled, schedule, undo, sendNow]);
}
