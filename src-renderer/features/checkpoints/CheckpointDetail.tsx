// The approval dialog of one checkpoint: what it proposes, and approve / edit / reject. Each
// decision carries its own id, so a retried request is applied once (the server is idempotent).
// An approval asked for by keyboard counts down in the inbox (useKeyboardApproval) and shows here
// with its Undo; leaving a form puts the focus back on the button that opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { CheckpointView, DecisionAction, RouteOutput } from '../../../src-shared/routes/index';
import { useDecide } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { LongText } from '../../app/LongText';
import { useNavigation } from '../../app/navigation';
import { dateTime, timeAgo } from '../../common/format';
import { KIND_HINTS, KIND_LABELS } from './checkpointKinds';
import { EditPanel } from './EditPanel';
import { NextStepNote } from './NextStepNote';
import { PayloadView } from './PayloadView';
import { RejectPanel } from './RejectPanel';
import type { DecisionMode } from './types';

export type DecideResult = RouteOutput<'checkpoints.decide'>;

export function CheckpointDetail({
  checkpoint,
  goal,
  mode,
  setMode,
  onDecided,
  approvalScheduled,
  onUndoApproval,
  onCancelForm,
  onDirtyChange,
  hypothesisSlot,
}: {
  checkpoint: CheckpointView;
  goal: string;
  mode: DecisionMode;
  setMode: (mode: DecisionMode) => void;
  onDecided: (result: DecideResult, action: DecisionAction) => void;
  /** An approval by keyboard counts down: nothing may be decided here until it is sent or undone. */
  approvalScheduled: boolean;
  onUndoApproval: () => void;
  /** Cancel or Esc in a form: the inbox asks first when it holds edits. */
  onCancelForm: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** Shown under the payload: the hypotheses it names, to open in the side panel (CheckpointHypotheses). */
  hypothesisSlot?: ReactNode;
}) {
  const decide = useDecide();
  const { navigate } = useNavigation();
  const decisionIds = useRef(new Map<string, string>());

  const send = (action: DecisionAction, extra: { data?: Record<string, unknown>; note?: string } = {}): void => {
    // One id per checkpoint and action: sending the same decision again is recognised, not repeated.
    const key = `${checkpoint.checkpoint_id}:${action}`;
    const decisionId = decisionIds.current.get(key) ?? crypto.randomUUID();
    decisionIds.current.set(key, decisionId);
    // mutateAsync rather than mutate's callbacks: once decided, the checkpoint leaves the list and
    // this view unmounts, which would drop a per-call onSuccess. Failures show through decide.error.
    decide.mutateAsync({ checkpoint_id: checkpoint.checkpoint_id, action, decision_id: decisionId, ...extra }).then(
      (result) => onDecided(result, action),
      () => undefined,
    );
  };

  const { reset } = decide;
  useEffect(() => reset(), [mode, checkpoint.checkpoint_id, reset]);

  // Back from a form, the focus returns to the button that opened it, not to the page body.
  const editButton = useRef<HTMLButtonElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const previousMode = useRef(mode);
  useEffect(() => {
    if (mode === 'view' && previousMode.current !== 'view') (previousMode.current === 'edit' ? editButton : rejectButton).current?.focus();
    previousMode.current = mode;
  }, [mode]);
  const nextId = useId();
  const busy = decide.isPending || approvalScheduled;

  return (
    <section className="card checkpoint-detail" data-testid="checkpoint-detail" data-kind={checkpoint.kind} aria-labelledby="checkpoint-title">
      <header className="split-header checkpoint-detail-header">
        <div>
          <p className="eyebrow">
            {KIND_LABELS[checkpoint.kind]} · iteration {checkpoint.iteration} ·{' '}
            <time dateTime={checkpoint.created_at} title={dateTime(checkpoint.created_at)}>
              {timeAgo(checkpoint.created_at)}
            </time>
          </p>
          <LongText as="h2" id="checkpoint-title" testId="checkpoint-goal" text={goal} />
        </div>
        <button type="button" className="button button-secondary button-small" onClick={() => navigate({ section: 'projects', projectId: checkpoint.research_id })}>
          Open project
        </button>
      </header>
      <p className="muted">{KIND_HINTS[checkpoint.kind]}</p>

      {mode === 'edit' ? (
        <EditPanel
          checkpoint={checkpoint}
          pending={decide.isPending}
          error={decide.error}
          onEdited={reset}
          onCancel={onCancelForm}
          onDirtyChange={onDirtyChange}
          onSubmit={(data) => send('edit', { data })}
        />
      ) : (
        <>
          <PayloadView checkpoint={checkpoint} />
          {hypothesisSlot}
          {mode === 'reject' ? (
            <RejectPanel pending={decide.isPending} error={decide.error} onCancel={onCancelForm} onDirtyChange={onDirtyChange} onSubmit={(note) => send('reject', { note })} />
          ) : (
            <>
              {decide.error ? <ErrorNotice error={decide.error} title="The approval was not recorded" testId="approve-error" /> : null}
              {approvalScheduled ? (
                <p className="notice keyboard-approval" role="status" data-testid="keyboard-approval-pending">
                  <span>Approving this {KIND_LABELS[checkpoint.kind].toLowerCase()} in a few seconds.</span>{' '}
                  <button type="button" className="button button-secondary button-small" data-testid="keyboard-approval-undo" onClick={onUndoApproval}>
                    Undo <kbd>u</kbd>
                  </button>
                </p>
              ) : null}
              <NextStepNote checkpoint={checkpoint} hypotheses={planBudget(checkpoint)} id={nextId} />
              <div className="decision-actions" role="group" aria-label="Decision">
                <button type="button" className="button button-primary" data-testid="approve-button" disabled={busy} aria-describedby={nextId} onClick={() => send('approve')}>
                  {decide.isPending ? 'Approving…' : 'Approve'} <kbd>a</kbd>
                </button>
                <button ref={editButton} type="button" className="button button-secondary" data-testid="edit-button" disabled={busy} onClick={() => setMode('edit')}>
                  Edit <kbd>e</kbd>
                </button>
                <button ref={rejectButton} type="button" className="button button-secondary" data-testid="reject-button" disabled={busy} onClick={() => setMode('reject')}>
                  Reject <kbd>r</kbd>
                </button>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The hypotheses a research plan asks for, as proposed. */
function planBudget(checkpoint: CheckpointView): number | null {
  const plan = checkpoint.payload.plan;
  const budget = typeof plan === 'object' && plan !== null ? (plan as Record<string, unknown>).hypothesis_budget : undefined;
  return typeof budget === 'number' ? budget : null;
}
