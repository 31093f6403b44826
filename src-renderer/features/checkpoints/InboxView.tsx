// The checkpoints inbox: everything waiting for the scientist, grouped by project (oldest first),
// filterable by project and kind, with the approval dialog of the selected one beside it, a bulk
// approval of like items, and the history of decisions. Keyboard shortcuts are listed on screen;
// none fires while a form is open, and a form with edits is never left without asking.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { CheckpointView, DecisionAction } from '../../../src-shared/routes/index';
import { useProjects } from '../../api/queries';
import { usePendingCheckpoints, useProjectOverview } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useLeaveGuard, useNavigation, type LeaveGuard } from '../../app/navigation';
import { Tabs } from '../../app/Tabs';
import { useToasts } from '../../app/Toasts';
import { pagingOf, VirtualList } from '../../app/VirtualList';
import { timeAgo } from '../../common/format';
import { CheckpointDetail, type DecideResult } from './CheckpointDetail';
import { CheckpointHypotheses } from './CheckpointHypotheses';
import { HypothesisSidePanel } from '../../common/hypotheses/HypothesisSidePanel';
import { BulkApprove } from './BulkApprove';
import { KIND_LABELS } from './checkpointKinds';
import { DecisionHistory } from './DecisionHistory';
import { InboxFilters } from './InboxFilters';
import { ProjectStates } from './ProjectStates';
import { bulkApprovableKind, filterCheckpoints, groupByProject, NO_INBOX_FILTER, type InboxFilter } from './inboxModel';
import type { DecisionMode } from './types';
import { useInboxKeys } from './useInboxKeys';
import { KEYBOARD_APPROVAL_DELAY_MS, useKeyboardApproval } from './useKeyboardApproval';
import { DiscardDialog } from './DiscardDialog';
import { Loading, skeletonRows } from '../../app/Loading';
import '../../common/selectCard.css';
import './checkpoints.css';

const DONE: Record<DecisionAction, string> = { approve: 'Approved', edit: 'Edited and approved', reject: 'Rejected' };

export function InboxView() {
  const [tab, setTab] = useState<'waiting' | 'history'>('waiting');
  const pending = usePendingCheckpoints();
  const projects = useProjects();
  const { location, navigate } = useNavigation();
  // The form open on a checkpoint: another checkpoint, however reached, opens in view mode.
  const [form, setForm] = useState<{ checkpointId: string; mode: DecisionMode } | null>(null);
  // The open form holds edits not yet sent; leaving it then asks first (leave() and the leave guard).
  const [dirty, setDirty] = useState(false);
  const [leaveRequest, setLeaveRequest] = useState<{ then: () => void } | null>(null);
  const toasts = useToasts();
  // One confirmation at a time: the next decision's replaces it rather than stacking up.
  const lastAnnouncement = useRef<number | null>(null);

  const [filter, setFilter] = useState<InboxFilter>(NO_INBOX_FILTER);
  const overview = useProjectOverview();
  // Archived projects' checkpoints are not counted nor listed: the scientist put those projects away (issue 18 item 4).
  const archived = useMemo(() => new Set((overview.data?.projects ?? []).filter((p) => p.archived_at !== null).map((p) => p.id)), [overview.data]);
  const waiting = useMemo(() => (pending.data?.pages.flatMap((page) => page.checkpoints) ?? []).filter((c) => !archived.has(c.research_id)), [pending.data, archived]);
  const checkpoints = useMemo(() => groupByProject(filterCheckpoints(waiting, filter)), [waiting, filter]);
  const bulkKind = bulkApprovableKind(checkpoints);
  const goals = useMemo(() => new Map((projects.data?.projects ?? []).map((p) => [p.id, p.goal])), [projects.data]);
  const selectedIndex = Math.max(0, checkpoints.findIndex((c) => c.checkpoint_id === location.checkpointId));
  const selected: CheckpointView | undefined = checkpoints[selectedIndex];
  const mode: DecisionMode = form !== null && form.checkpointId === selected?.checkpoint_id ? form.mode : 'view';
  const setMode = useCallback(
    (next: DecisionMode): void => setForm(selected === undefined ? null : { checkpointId: selected.checkpoint_id, mode: next }),
    [selected],
  );

  /** Runs `then` at once, or once the scientist agreed to drop the edits of the open form. */
  const leave = (then: () => void): void => {
    if (mode !== 'view' && dirty) setLeaveRequest({ then });
    else then();
  };
  // Leaving the checkpoint whose form holds edits — another checkpoint, another section, Back —
  // asks first; opening a hypothesis beside it does not leave it.
  const formCheckpointId = mode !== 'view' && dirty ? selected?.checkpoint_id : undefined;
  const guard = useMemo<LeaveGuard | null>(
    () =>
      formCheckpointId === undefined
        ? null
        : (next, proceed) => {
            if (next.section === 'inbox' && next.checkpointId === formCheckpointId) return false;
            setLeaveRequest({ then: proceed });
            return true;
          },
    [formCheckpointId],
  );
  useLeaveGuard(guard);
  const select = (checkpoint: CheckpointView | undefined): void => navigate({ section: 'inbox', checkpointId: checkpoint?.checkpoint_id });
  // After a decision was sent: the form's work is done, nothing is left to ask about.
  const goTo = (checkpoint: CheckpointView | undefined): void => {
    setForm(null);
    navigate({ section: 'inbox', checkpointId: checkpoint?.checkpoint_id }, { unguarded: true });
  };
  // A hypothesis the selected checkpoint names, open in the side panel: part of the address
  // (#/inbox?checkpoint=…&hypothesis=…), so Back closes it.
  const openHypothesisId = location.hypothesisId ?? null;
  const checkpointId = selected?.checkpoint_id;
  const openHypothesis = (hypothesisId: string): void => navigate({ section: 'inbox', checkpointId, hypothesisId });
  const closeHypothesis = useCallback((): void => navigate({ section: 'inbox', checkpointId }), [navigate, checkpointId]);
  const onDecided = (result: DecideResult, action: DecisionAction): void => {
    // A toast, not a banner: the inbox does not move under the scientist's hands.
    if (lastAnnouncement.current !== null) toasts.dismiss(lastAnnouncement.current);
    lastAnnouncement.current = toasts.show({ testId: 'decision-announcement', durationMs: 6000, message: `${DONE[action]}: ${KIND_LABELS[result.checkpoint.kind]} of “${goals.get(result.checkpoint.research_id) ?? result.checkpoint.research_id}”. ${whatNext(result.next)}` });
    // A keyboard approval is sent seconds later: the scientist may be looking at another checkpoint by then.
    const decidedId = result.checkpoint.checkpoint_id;
    if (location.checkpointId !== decidedId && selected?.checkpoint_id !== decidedId) return;
    // Stay at the same place in the list: the next waiting checkpoint takes this one's row.
    const index = checkpoints.findIndex((c) => c.checkpoint_id === decidedId);
    goTo(index < 0 ? undefined : (checkpoints[index + 1] ?? checkpoints[index - 1]));
  };
  const keyboardApproval = useKeyboardApproval(onDecided);
  const describe = (checkpoint: CheckpointView): string => `the ${KIND_LABELS[checkpoint.kind].toLowerCase()} of “${goals.get(checkpoint.research_id) ?? checkpoint.research_id}”`;

  useInboxKeys(tab === 'waiting' && selected !== undefined, mode !== 'view', {
    next: () => select(checkpoints[Math.min(selectedIndex + 1, checkpoints.length - 1)]),
    previous: () => select(checkpoints[Math.max(selectedIndex - 1, 0)]),
    approve: () => {
      if (selected !== undefined) keyboardApproval.schedule(selected, describe(selected));
    },
    edit: () => setMode('edit'),
    reject: () => setMode('reject'),
    undo: () => void keyboardApproval.undo(),
  });

  return (
    <div className="inbox" data-testid="inbox">
      <div className="pane-header">
        <h1>Checkpoints</h1>
        <Tabs
          items={[
            { id: 'waiting', label: `Waiting for you${waiting.length > 0 ? ` (${waiting.length})` : ''}` },
            { id: 'history', label: 'Decision history' },
          ]}
          selected={tab}
          onSelect={(next) => leave(() => setTab(next))}
          label="Checkpoints"
          testIdPrefix="inbox-tab"
          panelId="inbox-panel"
        />
      </div>
      <div id="inbox-panel" role="tabpanel" className="inbox-panel">
      {tab === 'history' ? (
        <DecisionHistory />
      ) : pending.isError ? (
        <ErrorNotice error={pending.error} title="Could not load the checkpoints" onRetry={() => void pending.refetch()} testId="inbox-error" />
      ) : pending.data === undefined ? (
        <Loading label="Loading checkpoints" className="list-loading" shapes={skeletonRows(2)} />
      ) : waiting.length === 0 ? (
        <EmptyInbox />
      ) : (
        <div className={`inbox-layout${openHypothesisId === null ? '' : ' has-side'}`}>
          <div className="inbox-list-pane">
            <InboxFilters checkpoints={waiting} goals={goals} filter={filter} onChange={setFilter} />
            {bulkKind !== null ? (
              <BulkApprove
                key={checkpoints.map((c) => c.checkpoint_id).join(',')}
                shown={checkpoints}
                kind={bulkKind}
                onDone={(approved) => {
                  toasts.show({ testId: 'decision-announcement', durationMs: 6000, message: `Approved ${approved} × ${KIND_LABELS[bulkKind]}.` });
                  select(undefined);
                }}
              />
            ) : null}
            {checkpoints.length === 0 ? (
              <p className="muted" data-testid="inbox-no-match">
                Nothing waiting matches these filters.{' '}
                <button type="button" className="link-button" onClick={() => setFilter(NO_INBOX_FILTER)}>
                  Show all
                </button>
              </p>
            ) : null}
            <VirtualList
              items={checkpoints}
              getKey={(c) => c.checkpoint_id}
              estimateSize={76}
              gap={6}
              label="Checkpoints waiting for you"
              testId="inbox-list"
              className="inbox-list"
              {...pagingOf(pending)}
              renderItem={(checkpoint, index) => (
                <>
                  {index === 0 || checkpoints[index - 1]?.research_id !== checkpoint.research_id ? (
                    <p className="inbox-group" data-testid="inbox-group">
                      {goals.get(checkpoint.research_id) ?? checkpoint.research_id}
                    </p>
                  ) : null}
                  <button
                    type="button"
                    className="select-card inbox-item"
                    data-testid="inbox-item"
                    data-checkpoint-id={checkpoint.checkpoint_id}
                    data-kind={checkpoint.kind}
                    aria-current={checkpoint === selected ? 'true' : undefined}
                    onClick={() => select(checkpoint)}
                  >
                    <span className="inbox-item-kind">{KIND_LABELS[checkpoint.kind]}</span>
                    <span className="visually-hidden">{goals.get(checkpoint.research_id) ?? checkpoint.research_id}</span>
                    <span className="muted inbox-item-meta">
                      iteration {checkpoint.iteration} · {timeAgo(checkpoint.created_at)}
                    </span>
                  </button>
                </>
              )}
            />
            <p className="shortcut-hint" data-testid="shortcut-hint">
              Keyboard: <kbd>j</kbd> / <kbd>k</kbd> next / previous · <kbd>a</kbd> approve (sent after {KEYBOARD_APPROVAL_DELAY_MS / 1000} s) · <kbd>u</kbd> undo · <kbd>e</kbd> edit · <kbd>r</kbd> reject · <kbd>Esc</kbd> leave a form. Keys do nothing while a form is open.
            </p>
          </div>
          {selected ? (
            <CheckpointDetail
              key={selected.checkpoint_id}
              checkpoint={selected}
              goal={goals.get(selected.research_id) ?? selected.research_id}
              mode={mode}
              setMode={setMode}
              onDecided={onDecided}
              approvalScheduled={keyboardApproval.scheduled.has(selected.checkpoint_id)}
              onUndoApproval={() => keyboardApproval.undo(selected.checkpoint_id)}
              onCancelForm={() => leave(() => setMode('view'))}
              onDirtyChange={setDirty}
              hypothesisSlot={<CheckpointHypotheses checkpoint={selected} openId={openHypothesisId} onOpen={openHypothesis} />}
            />
          ) : null}
          {openHypothesisId !== null ? <HypothesisSidePanel hypothesisId={openHypothesisId} onClose={closeHypothesis} /> : null}
        </div>
      )}
      {leaveRequest !== null ? (
        <DiscardDialog
          what={mode === 'reject' ? 'Your rejection note' : 'Your edit'}
          onKeep={() => setLeaveRequest(null)}
          onDiscard={() => {
            setLeaveRequest(null);
            setDirty(false);
            leaveRequest.then();
          }}
        />
      ) : null}
      </div>
    </div>
  );
}

/** What happens after a decision, for the scientist (the server's own message speaks to assistants). */
function whatNext(next: DecideResult['next']): string {
  switch (next.state) {
    case 'ready':
    case 'work':
      return 'The next step is ready for your assistant: ask Claude to continue the research.';
    case 'busy':
      return 'Your assistant is working on the next step.';
    case 'awaiting_decision':
      return 'Another checkpoint of this project waits for you.';
    case 'completed':
      return 'The project is complete.';
    case 'paused':
      return 'The project is paused.';
    default:
      return next.message;
  }
}

function EmptyInbox() {
  return (
    <div className="empty-state" data-testid="inbox-empty">
      <h2>Nothing waits for you</h2>
      <p>
        When research reaches a point that needs your judgement — a research plan, a batch of new hypotheses, an evolution plan, the final report or a
        safety review — it appears here, and the Checkpoints tab shows how many are waiting.
      </p>
      <p className="empty-state-prompt">
        Ask Claude: <q>Start a Co-Scientist research project on …</q>
      </p>
      <ProjectStates />
    </div>
  );
}
