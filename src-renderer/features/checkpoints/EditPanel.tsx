// Editing a checkpoint: a form generated from its edit schema, prefilled with the proposal, and
// the list of changes shown before anything is sent. The research server validates again and its
// message (e.g. "summary must be 50-100 words") appears here, next to the form.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CheckpointView, JsonValue } from './types';
import { ErrorNotice } from '../../app/ErrorNotice';
import { FormActions } from '../../app/FormActions';
import { HYPOTHESIS_ID_FIELDS, diffOptionsFor, editSource } from './checkpointKinds';
import { DiffView } from './schemaForm/DiffView';
import { diffValues } from './schemaForm/diff';
import { fieldsOf, type JsonSchema } from './schemaForm/jsonSchema';
import { SchemaForm, type Choice } from './schemaForm/SchemaForm';
import { useHypothesisChoices } from './useHypothesisChoices';
import { NextStepNote } from './NextStepNote';
import { DecisionForm } from './DecisionForm';
import { useDirtyReport } from './useDirtyReport';
import { clean, prefill, validate, type FormValue } from './schemaForm/values';

export function EditPanel({
  checkpoint,
  onSubmit,
  onCancel,
  pending,
  error,
  onEdited,
  onDirtyChange,
}: {
  checkpoint: CheckpointView;
  onSubmit: (data: Record<string, JsonValue>) => void;
  /** Cancel or Esc: the inbox asks first when there are changes (onDirtyChange). */
  onCancel: () => void;
  /** Whether the form holds changes not yet sent. */
  onDirtyChange: (dirty: boolean) => void;
  pending: boolean;
  error: unknown;
  /** The form changed: a refusal of the previous version no longer applies. */
  onEdited: () => void;
}) {
  const idPrefix = useId();
  const fields = useMemo(() => fieldsOf(checkpoint.edit_schema as JsonSchema), [checkpoint.edit_schema]);
  const original = useMemo(() => prefill(fields, editSource(checkpoint.kind, checkpoint.payload)), [fields, checkpoint.kind, checkpoint.payload]);
  const options = useMemo(() => diffOptionsFor(checkpoint.kind, checkpoint.payload), [checkpoint.kind, checkpoint.payload]);
  const [value, setValue] = useState<FormValue>(original);
  const hypotheses = useHypothesisChoices(checkpoint.research_id);
  // Fields that name hypotheses of the project (an evolution's target and partner, the report's order).
  const choices = (key: string): readonly Choice[] | undefined => (HYPOTHESIS_ID_FIELDS.has(key) ? hypotheses : undefined);
  const [tried, setTried] = useState(false);
  const errors = validate(fields, value);
  const changes = diffValues(fields, original, value, options);
  const dirty = changes.length > 0;
  useDirtyReport(dirty, onDirtyChange);
  // Opened by `e` or the Edit button, the form takes the focus (issue 33 item 3).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus(), []);
  const budget = checkpoint.kind === 'research_plan' && isRecord(value) ? Number(value.hypothesis_budget) : NaN;

  return (
    <DecisionForm
      ref={form}
      className="decision-panel"
      data-testid="edit-panel"
      aria-label="Edit the proposal"
      onCancel={onCancel}
      onSend={() => {
        setTried(true);
        if (errors.size === 0 && changes.length > 0) onSubmit(clean(fields, value) as Record<string, JsonValue>);
      }}
    >
      <SchemaForm
        fields={fields}
        value={value}
        onChange={(next) => {
          setValue(next);
          if (error) onEdited();
        }}
        errors={tried ? errors : new Map()}
        itemLabel={options.itemLabel}
        choices={choices}
        idPrefix={idPrefix}
      />
      <section className="diff-section" aria-labelledby={`${idPrefix}-diff`}>
        <h3 id={`${idPrefix}-diff`}>Your changes</h3>
        <DiffView changes={changes} />
      </section>
      {tried && errors.size > 0 ? (
        <p className="field-error" role="alert" data-testid="edit-invalid">
          {errors.size === 1 ? 'One field needs attention' : `${errors.size} fields need attention`} before this edit can be sent.
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} title="The edit was not accepted" testId="edit-error" /> : null}
      <NextStepNote checkpoint={checkpoint} hypotheses={Number.isInteger(budget) && budget > 0 ? budget : null} id={`${idPrefix}-next`} />
      <FormActions
        onCancel={onCancel}
        label={`Approve with these changes (${changes.length})`}
        pendingLabel="Approving…"
        describedBy={`${idPrefix}-next`}
        pending={pending}
        disabled={changes.length === 0}
        testId="edit-submit"
        cancelKey="Esc"
      />
    </DecisionForm>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
