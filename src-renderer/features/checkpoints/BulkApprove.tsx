// Approve every shown checkpoint of one kind at once, after one confirmation that names how many
// and of which projects. Each is decided on its own (own decision id, so a retry is applied once);
// the first failure stops the run and says which one and why.
import { useRef, useState } from 'react';
import type { CheckpointKind, CheckpointView } from '../../../src-shared/routes/index';
import { useDecide } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { KIND_LABELS } from './checkpointKinds';

export function BulkApprove({ shown, kind, onDone }: { shown: readonly CheckpointView[]; kind: CheckpointKind; onDone: (approved: number) => void }) {
  const decide = useDecide();
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const decisionIds = useRef(new Map<string, string>());
  const projects = new Set(shown.map((c) => c.research_id)).size;
  const what = `${shown.length} × ${KIND_LABELS[kind]}${projects > 1 ? ` in ${projects} projects` : ''}`;

  const run = async (): Promise<void> => {
    setFailure(null);
    let approved = 0;
    for (const checkpoint of shown) {
      setProgress(approved);
      const decisionId = decisionIds.current.get(checkpoint.checkpoint_id) ?? crypto.randomUUID();
      decisionIds.current.set(checkpoint.checkpoint_id, decisionId);
      try {
        await decide.mutateAsync({ checkpoint_id: checkpoint.checkpoint_id, action: 'approve', decision_id: decisionId });
        approved += 1;
      } catch (error) {
        setFailure(error);
        break;
      }
    }
    setProgress(null);
    setConfirming(false);
    if (approved > 0) onDone(approved);
  };

  if (progress !== null) {
    return (
      <p className="bulk-approve" role="status" data-testid="bulk-approve-progress">
        Approving {progress + 1} of {shown.length}…
      </p>
    );
  }
  return (
    <div className="bulk-approve" data-testid="bulk-approve">
      {failure !== null ? <ErrorNotice error={failure} title="Not every checkpoint was approved" testId="bulk-approve-error" /> : null}
      {confirming ? (
        <div role="group" aria-label="Confirm approving them all" className="bulk-approve-confirm">
          <p>
            Approve {what}? Each is approved as shown, without edits.
          </p>
          <button type="button" className="button button-primary button-small" data-testid="bulk-approve-confirm" onClick={() => void run()}>
            Approve all {shown.length}
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button button-secondary button-small" data-testid="bulk-approve-button" onClick={() => setConfirming(true)}>
          Approve all {what}…
        </button>
      )}
    </div>
  );
}
