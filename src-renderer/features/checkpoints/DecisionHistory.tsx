// Every decision taken, newest first: what was decided, by whom (the scientist in this app, an
// assistant they allowed, or the project's policy), with which note, and for an edit what was
// changed — the same diff the scientist read before sending it (issue 18 item 4).
import { clientName } from '../../app/clientNames';
import type { DecisionRecord } from '../../../src-shared/routes/index';
import { useDecisionHistory } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { pagingOf, VirtualList } from '../../app/VirtualList';
import { dateTime, timeAgo } from '../../common/format';
import { diffOptionsFor, editSource, KIND_LABELS } from './checkpointKinds';
import { DiffView } from './schemaForm/DiffView';
import { recordedEditChanges } from './schemaForm/recordedEdit';
import { Loading } from '../../app/Loading';

const ACTION_LABELS = { approve: 'Approved', edit: 'Edited', reject: 'Rejected' } as const;
/** A decision in the colours of the app's badges: an approval as done, an edit as active, a rejection as needing attention. */
const ACTION_BADGES = { approve: 'badge-completed', edit: 'badge-active', reject: 'badge-waiting' } as const;

/** Who decided, in the scientist's words. */
export function deciderLabel(decidedBy: string): string {
  if (decidedBy === 'desktop') return 'You (in the app)';
  if (decidedBy === 'policy:auto-approve') return 'Project policy (not paused at this kind)';
  return clientName(decidedBy);
}

export function DecisionHistory() {
  const history = useDecisionHistory(true);
  const decisions = history.data?.pages.flatMap((page) => page.decisions) ?? [];
  if (history.isError) return <ErrorNotice error={history.error} title="Could not load the decision history" onRetry={() => void history.refetch()} testId="history-error" />;
  if (history.data === undefined) {
    return <Loading label="Loading decisions" className="list-loading" shapes={['row']} />;
  }
  if (decisions.length === 0) {
    return (
      <div className="empty-state" data-testid="history-empty">
        <h2>No decisions yet</h2>
        <p>Each approval, edit and rejection is recorded here with who made it and their note.</p>
      </div>
    );
  }
  return (
    <VirtualList
      items={decisions}
      getKey={(d) => d.checkpoint_id}
      estimateSize={92}
      gap={6}
      label="Decision history"
      testId="history-list"
      className="history-list"
      {...pagingOf(history)}
      renderItem={(decision) => <DecisionRow decision={decision} />}
    />
  );
}

function DecisionRow({ decision }: { decision: DecisionRecord }) {
  return (
    <article className="history-item" data-testid="history-item" data-action={decision.action} data-kind={decision.kind}>
      <p className="history-item-head">
        <span className={`badge ${ACTION_BADGES[decision.action]}`}>{ACTION_LABELS[decision.action]}</span>
        <strong>{KIND_LABELS[decision.kind]}</strong>
        <span className="muted">of “{decision.goal}”</span>
      </p>
      <p className="muted history-item-meta">
        <span data-testid="history-decided-by">{deciderLabel(decision.decided_by)}</span> ·{' '}
        <time dateTime={decision.decided_at} title={dateTime(decision.decided_at)}>
          {timeAgo(decision.decided_at)}
        </time>
      </p>
      {decision.note ? (
        <blockquote className="history-note" data-testid="history-note">
          {decision.note}
        </blockquote>
      ) : null}
      {decision.action === 'edit' && decision.data !== null ? <EditedDiff decision={decision} data={decision.data} /> : null}
    </article>
  );
}

function EditedDiff({ decision, data }: { decision: DecisionRecord; data: Record<string, unknown> }) {
  const changes = recordedEditChanges(editSource(decision.kind, decision.payload), data, diffOptionsFor(decision.kind, decision.payload));
  return (
    <details className="history-diff" data-testid="history-diff">
      <summary>
        What was edited ({changes.length} change{changes.length === 1 ? '' : 's'})
      </summary>
      {changes.length === 0 ? <p className="muted">Sent unchanged.</p> : <DiffView changes={changes} />}
    </details>
  );
}
