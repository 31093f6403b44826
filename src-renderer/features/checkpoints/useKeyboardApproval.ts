// An approval asked for by keyboard (`a`) is not sent at once: a toast says what it decides and
// offers Undo (or `u`) for a few seconds; only then is it sent (issue 33 item 1). Dismissing the
// toast confirms it at once. The countdown outlives the checkpoint's view (moving on with j),
// so it lives here, beside the inbox, not in the approval dialog.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckpointView, DecisionAction } from '../../../src-shared/routes/index';
import { errorMessage } from '../../api/cosci';
import { useDecide } from '../../api/researchQueries';
import { useToasts } from '../../app/Toasts';
import type { DecideResult } from './CheckpointDetail';

export const KEYBOARD_APPROVAL_DELAY_MS = 5000;

export interface KeyboardApproval {
  /** Checkpoints whose keyboard approval is counting down. */
  scheduled: ReadonlySet<string>;
  schedule(checkpoint: CheckpointView, what: string): void;
  /** Takes back the latest scheduled approval, or the given checkpoint's; false when none was. */
  undo(checkpointId?: string): boolean;
}

export function useKeyboardApproval(onDecided: (result: DecideResult, action: DecisionAction) => void): KeyboardApproval {
  const decide = useDecide();
  const toasts = useToasts();
  // Checkpoint id → its countdown toast, in the order they were scheduled.
  const toastOf = useRef(new Map<string, number>());
  const [scheduled, setScheduled] = useState<ReadonlySet<string>>(new Set());
  const latestOnDecided = useRef(onDecided);
  useEffect(() => {
    latestOnDecided.current = onDecided;
  });
  const forget = useCallback((checkpointId: string) => {
    toastOf.current.delete(checkpointId);
    setScheduled(new Set(toastOf.current.keys()));
  }, []);

  const takeBack = useCallback(
    (checkpointId: string) => {
      forget(checkpointId);
      toasts.show({ testId: 'keyboard-approval-undone', durationMs: 4000, message: 'Approval taken back: nothing was sent.' });
    },
    [forget, toasts],
  );

  const send = useCallback(
    (checkpoint: CheckpointView) => {
      forget(checkpoint.checkpoint_id);
      decide.mutateAsync({ checkpoint_id: checkpoint.checkpoint_id, action: 'approve', decision_id: crypto.randomUUID() }).then(
        (result) => latestOnDecided.current(result, 'approve'),
        (error: unknown) => toasts.show({ testId: 'decision-failed', durationMs: 10_000, message: `The approval was not recorded: ${errorMessage(error)}` }),
      );
    },
    [decide, forget, toasts],
  );

  const schedule = useCallback(
    (checkpoint: CheckpointView, what: string) => {
      if (toastOf.current.has(checkpoint.checkpoint_id)) return;
      const toastId = toasts.show({
        testId: 'keyboard-approval',
        durationMs: KEYBOARD_APPROVAL_DELAY_MS,
        message: `Approving ${what} in ${KEYBOARD_APPROVAL_DELAY_MS / 1000} seconds.`,
        action: { label: 'Undo', run: () => takeBack(checkpoint.checkpoint_id) },
        onExpire: () => send(checkpoint),
      });
      toastOf.current.set(checkpoint.checkpoint_id, toastId);
      setScheduled(new Set(toastOf.current.keys()));
    },
    [toasts, takeBack, send],
  );

  const undo = useCallback(
    (checkpointId?: string) => {
      const id = checkpointId ?? [...toastOf.current.keys()].at(-1);
      const toastId = id === undefined ? undefined : toastOf.current.get(id);
      if (id === undefined || toastId === undefined) return false;
      toasts.dismiss(toastId);
      takeBack(id);
      return true;
    },
    [toasts, takeBack],
  );

  return { scheduled, schedule, undo };
}
