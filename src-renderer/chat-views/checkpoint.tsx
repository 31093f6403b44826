// The checkpoint view (from list_checkpoints, and from continue_research when it stops at one): each
// checkpoint with Approve / Edit / Reject through the app-only decide_in_chat tool, which acts only
// where the scientist allowed decisions from this assistant; a refusal is shown as the server says it.
import type { CheckpointView } from '../../src-shared/routes/index';
import type { DECIDE_IN_CHAT_TOOL } from '../../src-shared/chatViews';
import { mountView } from './shared/mount';
import { useViewApp } from './shared/viewApp';
import { Notice } from './shared/Notice';
import { CheckpointPanel, type Decide } from './shared/CheckpointPanel';
import { parseCheckpoint, parseCheckpointScreen } from './shared/checkpointData';
import { LISTED_FOR_CHOICE, type ListHypotheses } from './shared/projectHypotheses';
import { useCallback, useState } from 'react';
import '../features/checkpoints/checkpoints.css';

// The renderer imports only types of src-shared: the literal is checked against the one owner.
const DECIDE_IN_CHAT_TOOL_NAME: typeof DECIDE_IN_CHAT_TOOL = 'decide_in_chat';

/** One id per press, so a retried press is applied once. (crypto.randomUUID needs a secure context, which a sandboxed view is not.) */
function pressId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function CheckpointViewRoot() {
  const view = useViewApp('checkpoint', parseCheckpointScreen);
  // Checkpoints this view decided: shown with their decision in place of the result's copy.
  const [decided, setDecided] = useState<ReadonlyMap<string, CheckpointView>>(new Map());
  const decide: Decide = async (checkpoint, action, extra) => {
    const outcome = await view.call(DECIDE_IN_CHAT_TOOL_NAME, { checkpoint_id: checkpoint.checkpoint_id, action, ...extra, decision_id: pressId() });
    if (!outcome.ok) return outcome.message;
    const parsed = parseCheckpoint(outcome.data.checkpoint, 'the decided checkpoint');
    if (!parsed.ok) return `The decision was recorded, but ${parsed.problem}`;
    setDecided((before) => new Map(before).set(parsed.data.checkpoint_id, parsed.data));
    return null;
  };
  const { call } = view;
  const listHypotheses = useCallback<ListHypotheses>((researchId) => call('list_hypotheses', { research_id: researchId, limit: LISTED_FOR_CHOICE }), [call]);
  if (view.data === null) return view.problem === null ? <p className="muted" data-testid="view-waiting">Waiting for the checkpoint…</p> : <Notice text={view.problem} />;
  const checkpoints = view.data.checkpoints.map((c) => decided.get(c.checkpoint_id) ?? c);
  return (
    <main data-testid="checkpoint-view">
      <h1>{checkpoints.length === 1 ? 'A checkpoint' : `${checkpoints.length} checkpoints`}</h1>
      {view.problem === null ? null : <Notice text={view.problem} />}
      {checkpoints.length === 0 ? <p data-testid="nothing-waits">{view.data.message ?? 'Nothing waits for the scientist.'}</p> : null}
      {checkpoints.map((checkpoint) => (
        <CheckpointPanel key={checkpoint.checkpoint_id} checkpoint={checkpoint} decide={decide} listHypotheses={listHypotheses} />
      ))}
    </main>
  );
}

mountView(<CheckpointViewRoot />);
