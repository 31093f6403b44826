// A project's state in the chat (from get_research_status): stage, progress, budget, what happens
// next, and who decided what (its decided checkpoints, asked of list_checkpoints).
import { useEffect, useState } from 'react';
import type { CheckpointView } from '../../src-shared/routes/index';
import { KIND_LABELS } from '../features/checkpoints/checkpointKinds';
import { mountView } from './shared/mount';
import { useViewApp, type Parsed } from './shared/viewApp';
import { fail, isRecord, missingFields } from './shared/parse';
import { Notice } from './shared/Notice';
import { parseCheckpointScreen } from './shared/checkpointData';

interface Status {
  research_id: string;
  goal: string;
  status: string;
  stage: string;
  iteration: number;
  progress: number;
  hypothesis_count: number;
  hypotheses_generated: number;
  hypotheses_reviewed: number;
  matches: number;
  reasoning_calls_used: number;
  reasoning_call_budget: number;
  pending_checkpoints: Array<{ checkpoint_id: string; kind: string }>;
  top_hypothesis: { id: string; summary: string; elo_score: number } | null;
  is_complete: boolean;
  estimated_completion_minutes: number | null;
  stop_reason: string | null;
}

function parseStatus(structured: unknown): Parsed<Status> {
  if (!isRecord(structured)) return fail('it is not an object.');
  const missing = missingFields(structured, {
    research_id: 'string', goal: 'string', status: 'string', stage: 'string', iteration: 'number', progress: 'number', hypothesis_count: 'number',
    hypotheses_generated: 'number', hypotheses_reviewed: 'number', matches: 'number', reasoning_calls_used: 'number', reasoning_call_budget: 'number',
    pending_checkpoints: 'array', top_hypothesis: 'object|null', is_complete: 'boolean', estimated_completion_minutes: 'number|null', stop_reason: 'string|null',
  });
  return missing.length > 0 ? fail(`the status lacks ${missing.join(', ')}.`) : { ok: true, data: structured as unknown as Status };
}

function nextLine(status: Status): string {
  if (status.is_complete) return 'The project is complete: the assistant can export the report.';
  if (status.pending_checkpoints.length > 0) return `Waiting for the scientist: ${status.pending_checkpoints.map((c) => `${KIND_LABELS[c.kind as CheckpointView['kind']] ?? c.kind} (${c.checkpoint_id})`).join(', ')}.`;
  if (status.status === 'paused') return `Paused${status.stop_reason === null ? '' : `: ${status.stop_reason}`}.`;
  return `The assistant continues with the ${status.stage} stage${status.estimated_completion_minutes === null ? '' : `, about ${status.estimated_completion_minutes} min to go`}.`;
}

function StatusView() {
  const view = useViewApp('status', parseStatus);
  const [decisions, setDecisions] = useState<CheckpointView[] | string | null>(null);
  const researchId = view.data?.research_id ?? null;
  useEffect(() => {
    if (researchId === null) return;
    let live = true;
    void view.call('list_checkpoints', { research_id: researchId, status: 'decided', limit: 10 }).then((outcome) => {
      if (!live) return;
      if (!outcome.ok) return setDecisions(outcome.message);
      const parsed = parseCheckpointScreen(outcome.data);
      setDecisions(parsed.ok ? parsed.data.checkpoints : parsed.problem);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per project shown
  }, [researchId]);
  if (view.data === null) return view.problem === null ? <p className="muted" data-testid="view-waiting">Waiting for the project…</p> : <Notice text={view.problem} />;
  const s = view.data;
  const pct = Math.round(Math.min(1, Math.max(0, s.progress)) * 100);
  return (
    <main data-testid="status-view">
      <h1>{s.goal}</h1>
      {view.problem === null ? null : <Notice text={view.problem} />}
      <p className="cv-meta">{`${s.research_id} · ${s.status} · iteration ${s.iteration}`}</p>
      <div className="cv-progress" role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%`} data-testid="status-progress">
        <div style={{ width: `${pct}%` }} />
      </div>
      <dl className="cv-facts">
        <dt>Stage</dt>
        <dd data-testid="status-stage">{s.stage}</dd>
        <dt>Hypotheses</dt>
        <dd>{`${s.hypotheses_generated} of ${s.hypothesis_count} generated, ${s.hypotheses_reviewed} reviewed, ${s.matches} matches`}</dd>
        <dt>Budget</dt>
        <dd data-testid="status-budget">{`${s.reasoning_calls_used} of ${s.reasoning_call_budget} reasoning calls`}</dd>
        <dt>Top hypothesis</dt>
        <dd>{s.top_hypothesis === null ? 'none yet' : `${s.top_hypothesis.summary} (Elo ${Math.round(s.top_hypothesis.elo_score)})`}</dd>
      </dl>
      <h2>What happens next</h2>
      <p data-testid="status-next">{nextLine(s)}</p>
      <h2>Who decided what</h2>
      {decisions === null ? (
        <p className="muted">Reading the decisions…</p>
      ) : typeof decisions === 'string' ? (
        <Notice text={decisions} />
      ) : decisions.length === 0 ? (
        <p className="muted">No decision yet.</p>
      ) : (
        <ul className="cv-list" data-testid="status-decisions">
          {decisions.map((c) =>
            c.decision === null ? null : <li key={c.checkpoint_id}>{`${KIND_LABELS[c.kind] ?? c.kind}: ${c.decision.action} by ${c.decision.decided_by}${c.decision.decision_id.startsWith('chat-view:') ? ' in the chat' : ''}, ${c.decision.decided_at}`}</li>,
          )}
        </ul>
      )}
    </main>
  );
}

mountView(<StatusView />);
