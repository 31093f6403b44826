// An approval asked for by keyboard (`a`) is not sent at once: a toast says what it decides and
// offers Undo (or `u`) for a few seconds; only then is it sent (issue 33 item 1), through the
// app's delayed send (app/useDelayedSend.ts). Dismissing the toast confirms it at once.
import { useCallback, useEffect, useRef } from 'react';
import type { CheckpointView, DecisionAction } from '../../../src-shared/routes/index';
import { errorMessage } from '../../api/cosci';
import { useDecide } from '../../api/researchQueries';
import { useToasts } from '../../app/Toasts';
import { UNDO_WINDOW_MS, useDelayedSend } from '../../app/useDelayedSend';
import type { DecideResult } from './CheckpointDetail';

export const KEYBOARD_APPROVAL_DELAY_MS = UNDO_WINDOW_MS;

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
  const delayed = useDelayedSend();
  const latestOnDecided = useRef(onDecided);
  useEffect(() => {
    latestOnDecided.current = onDecided;
  });

  const schedule = useCallback(
    (checkpoint: CheckpointView, what: string) =>
      delayed.schedule(checkpoint.checkpoint_id, {
        testId: 'keyboard-approval',
        message: `Approving ${what} in ${KEYBOARD_APPROVAL_DELAY_MS / 1000} seconds.`,
        undoneTestId: 'keyboard-approval-undone',
        undoneMessage: 'Approval taken back: nothing was sent.',
        send: () =>
          void decide.mutateAsync({ checkpoint_id: checkpoint.checkpoint_id, action: 'approve', decision_id: crypto.randomUUID() }).then(
            (result) => latestOnDecided.current(result, 'approve'),
            (error: unknown) => toasts.show({ testId: 'decision-failed', durationMs: 10_000, message: `The approval was not recorded: ${errorMessage(error)}` }),
          ),
      }),
    [delayed, decide, toasts],
  );

  return { scheduled: delayed.scheduled, schedule, undo: delayed.undo };
}
