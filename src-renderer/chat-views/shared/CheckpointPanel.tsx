// One checkpoint in the chat: what is proposed, and Approve / Edit / Reject where the scientist may
// decide it here. The form of an edit is built from the checkpoint's own edit schema by the
// desktop's SchemaForm; the server validates the decision as it validates the app's.
import { useId, useMemo, useRef, useState, useEffect } from 'react';
import type { CheckpointView } from '../../../src-shared/routes/index';
import { HYPOTHESIS_ID_FIELDS, KIND_HINTS, KIND_LABELS, editSource, diffOptionsFor } from '../../features/checkpoints/checkpointKinds';
import { fieldsOf, type JsonSchema } from '../../features/checkpoints/schemaForm/jsonSchema';
import { SchemaForm } from '../../features/checkpoints/schemaForm/SchemaForm';
import { diffValues } from '../../features/checkpoints/schemaForm/diff';
import { clean, pathKey, prefill, validate, type FormValue } from '../../features/checkpoints/schemaForm/values';
import { HypothesisPicker, isHypothesisIdList, pickableHypotheses, type PickableHypothesis } from './HypothesisPicker';
import { Notice } from './Notice';
import { DecisionForm } from '../../features/checkpoints/DecisionForm';
import { useProjectHypotheses, type ListHypotheses } from './projectHypotheses';

/** Kinds the scientist decides only in the desktop app, whoever asks (checkpointRules.ts). */
const APP_ONLY_KINDS = new Set<CheckpointView['kind']>(['safety_review', 'change_request']);

export type Decide = (checkpoint: CheckpointView, action: 'approve' | 'edit' | 'reject', extra: { data?: Record<string, unknown>; note?: string }) => Promise<string | null>;

type Payload = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const records = (value: unknown): Payload[] => (Array.isArray(value) ? value.filter((v): v is Payload => typeof v === 'object' && v !== null) : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** A hypothesis the proposal names by id: by its number and title where the view could fetch them. */
function Named({ id, known }: { id: unknown; known: readonly PickableHypothesis[] }) {
  const label = known.find((h) => h.id === id)?.label;
  return label === undefined ? <code>{text(id)}</code> : <>{label} <code>{text(id)}</code></>;
}

function Proposal({ checkpoint, known }: { checkpoint: CheckpointView; known: readonly PickableHypothesis[] }) {
  const payload = checkpoint.payload;
  switch (checkpoint.kind) {
    case 'research_plan': {
      const plan = (payload.plan ?? {}) as Payload;
      return (
        <div data-testid="proposal">
          <p data-testid="proposal-goal">{text(plan.goal)}</p>
          <p className="cv-meta">{`Hypothesis budget: ${text(plan.hypothesis_budget)}`}</p>
          <ul className="cv-list">{strings(plan.objectives).map((objective, index) => <li key={index}>{objective}</li>)}</ul>
        </div>
      );
    }
    case 'hypothesis_batch':
      return (
        <ul className="cv-list" data-testid="proposal">
          {records(payload.hypotheses).map((h, index) => <li key={index}>{`H${text(h.seq)} ${text(h.summary)}`}</li>)}
          {typeof payload.hypotheses_not_shown === 'number' ? <li className="muted">{`and ${payload.hypotheses_not_shown} more (the app shows them all)`}</li> : null}
        </ul>
      );
    case 'evolution_plan':
      return (
        <ul className="cv-list" data-testid="proposal">
          {records(payload.proposals).map((p, index) => (
            <li key={index} data-testid="proposal-evolution">
              {`${text(p.strategy).replace(/_/g, ' ')} of `}
              <Named id={p.hypothesis_id} known={known} />
              {p.partner_id === undefined || p.partner_id === null ? null : <>{' with '}<Named id={p.partner_id} known={known} /></>}
              {p.rationale ? `: ${text(p.rationale)}` : ''}
            </li>
          ))}
        </ul>
      );
    case 'final_report':
      return <p data-testid="proposal">{text(payload.overview)}</p>;
    default:
      return <p data-testid="proposal" className="muted">Shown in full in the Co-Scientist app.</p>;
  }
}

function EditForm({ checkpoint, known, onSubmit, onCancel, busy }: { checkpoint: CheckpointView; known: readonly PickableHypothesis[]; onSubmit: (data: Record<string, unknown>) => void; onCancel: () => void; busy: boolean }) {
  const idPrefix = useId();
  const fields = useMemo(() => fieldsOf(checkpoint.edit_schema as JsonSchema), [checkpoint.edit_schema]);
  const original = useMemo(() => prefill(fields, editSource(checkpoint.kind, checkpoint.payload)), [fields, checkpoint.kind, checkpoint.payload]);
  const options = useMemo(() => diffOptionsFor(checkpoint.kind, checkpoint.payload), [checkpoint.kind, checkpoint.payload]);
  const [value, setValue] = useState<FormValue>(original);
  const [tried, setTried] = useState(false);
  const errors = validate(fields, value);
  const changes = diffValues(fields, original, value, options).length;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus(), []);
  // Lists of hypothesis ids are chosen from the checkpoint's own hypotheses; the rest is SchemaForm's.
  const picks = useMemo(() => pickableHypotheses(checkpoint), [checkpoint]);
  // A single hypothesis (an evolution's target or partner) is chosen from the project's, by title.
  const singleChoices = useMemo(() => known.map((h) => ({ value: h.id, label: h.label })), [known]);
  const choices = (key: string) => (HYPOTHESIS_ID_FIELDS.has(key) && singleChoices.length > 0 ? singleChoices : undefined);
  const shown = tried ? errors : new Map<string, string>();
  return (
    <DecisionForm
      ref={form}
      aria-label="Edit the proposal"
      data-testid="edit-form"
      onCancel={onCancel}
      onSend={() => {
        setTried(true);
        if (errors.size === 0 && changes > 0) onSubmit(clean(fields, value));
      }}
    >
      <SchemaForm fields={fields.filter((field) => !isHypothesisIdList(field))} value={value} onChange={setValue} errors={shown} itemLabel={options.itemLabel} choices={choices} idPrefix={idPrefix} />
      {fields.filter(isHypothesisIdList).map((field) => (
        <HypothesisPicker key={field.key} field={field} choices={picks} value={value[field.key]} onChange={(next) => setValue({ ...value, [field.key]: next })} error={shown.get(pathKey([field.key]))} idPrefix={idPrefix} />
      ))}
      {tried && changes === 0 ? <p className="field-error" role="alert">Nothing was changed yet.</p> : null}
      <div className="cv-actions">
        <button type="submit" className="cv-primary" disabled={busy} data-testid="edit-submit">{`Approve with these changes (${changes})`}</button>
        <button type="button" onClick={onCancel} disabled={busy}>Cancel</button>
      </div>
    </DecisionForm>
  );
}

function RejectForm({ onSubmit, onCancel, busy }: { onSubmit: (note: string) => void; onCancel: () => void; busy: boolean }) {
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <DecisionForm
      aria-label="Reject with a note"
      data-testid="reject-form"
      onCancel={onCancel}
      onSend={() => onSubmit(note)}
    >
      <label htmlFor={id}>What is wrong, and what to do instead (fed to the next attempt)</label>
      <textarea id={id} value={note} autoFocus onChange={(event) => setNote(event.target.value)} data-testid="reject-note" />
      <div className="cv-actions">
        <button type="submit" className="cv-danger" disabled={busy} data-testid="reject-submit">Reject</button>
        <button type="button" onClick={onCancel} disabled={busy}>Cancel</button>
      </div>
    </DecisionForm>
  );
}

export function CheckpointPanel({ checkpoint, decide, listHypotheses }: { checkpoint: CheckpointView; decide: Decide; listHypotheses: ListHypotheses }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'reject'>('view');
  const hypotheses = useProjectHypotheses(listHypotheses, checkpoint);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const run = async (action: 'approve' | 'edit' | 'reject', extra: { data?: Record<string, unknown>; note?: string }) => {
    setBusy(true);
    setRefusal(null);
    const problem = await decide(checkpoint, action, extra);
    setBusy(false);
    setRefusal(problem);
    if (problem === null) setMode('view');
  };
  const decision = checkpoint.decision;
  return (
    <section className="cv-card" aria-labelledby={headingId} data-testid="checkpoint" data-id={checkpoint.checkpoint_id} data-status={checkpoint.status}>
      <h2 id={headingId}>{`${KIND_LABELS[checkpoint.kind] ?? checkpoint.kind} · ${checkpoint.research_id}`}</h2>
      <p className="cv-meta">{`${checkpoint.checkpoint_id}, iteration ${checkpoint.iteration}, waiting since ${checkpoint.created_at}`}</p>
      <Proposal checkpoint={checkpoint} known={hypotheses.picks} />
      {hypotheses.problem === null ? null : <p className="cv-meta" data-testid="titles-unavailable">{hypotheses.problem}</p>}
      {decision !== null ? (
        <p className="cv-ok" role="status" data-testid="decided">
          {`Already decided: ${decision.action} by ${decision.decided_by} at ${decision.decided_at}${decision.decision_id.startsWith('chat-view:') ? ' (in the chat)' : ''}${decision.note === null ? '' : ` — "${decision.note}"`}.`}
        </p>
      ) : checkpoint.status === 'withdrawn' ? (
        <p className="cv-meta" data-testid="withdrawn">Withdrawn: it takes no decision any more.</p>
      ) : APP_ONLY_KINDS.has(checkpoint.kind) ? (
        <p className="cv-meta" data-testid="app-only">This is decided by the scientist in the Co-Scientist app, never in the chat.</p>
      ) : (
        <>
          <p className="cv-meta">{KIND_HINTS[checkpoint.kind]}</p>
          {mode === 'view' ? (
            <div className="cv-actions" role="group" aria-label="Decision">
              <button type="button" className="cv-primary" disabled={busy} onClick={() => void run('approve', {})} data-testid="approve">Approve</button>
              <button type="button" disabled={busy} onClick={() => setMode('edit')} data-testid="edit">Edit</button>
              <button type="button" className="cv-danger" disabled={busy} onClick={() => setMode('reject')} data-testid="reject">Reject</button>
            </div>
          ) : mode === 'edit' ? (
            <EditForm checkpoint={checkpoint} known={hypotheses.picks} busy={busy} onCancel={() => setMode('view')} onSubmit={(data) => void run('edit', { data })} />
          ) : (
            <RejectForm busy={busy} onCancel={() => setMode('view')} onSubmit={(note) => void run('reject', { note })} />
          )}
        </>
      )}
      {refusal === null ? null : <Notice text={refusal} testId="decision-refused" />}
    </section>
  );
}
