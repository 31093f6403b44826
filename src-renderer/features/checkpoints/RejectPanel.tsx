// Rejecting a checkpoint: the note is required and goes to the next attempt, so it must say what
// is wrong and what to do instead. The research server decides whether a note is meaningful;
// its reason is shown right under the note.
import { useId, useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { FormActions } from '../../app/FormActions';
import { DecisionForm } from './DecisionForm';
import { useDirtyReport } from './useDirtyReport';

const MIN_CHARS = 15;
const MIN_WORDS = 3;

export function RejectPanel({
  onSubmit,
  onCancel,
  pending,
  error,
  onDirtyChange,
}: {
  onSubmit: (note: string) => void;
  /** Cancel or Esc: the inbox asks first when a note was written (onDirtyChange). */
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  pending: boolean;
  error: unknown;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const trimmed = note.trim();
  const words = trimmed.split(/\s+/).filter(Boolean).length;
  const dirty = trimmed !== '';
  useDirtyReport(dirty, onDirtyChange);
  return (
    <DecisionForm
      className="decision-panel"
      data-testid="reject-panel"
      aria-label="Reject with a note"
      onCancel={onCancel}
      onSend={() => {
        if (trimmed !== '') onSubmit(trimmed);
      }}
    >
      <div className="field">
        <label htmlFor={id}>What is wrong, and what should the next attempt do instead?</label>
        <textarea
          id={id}
          data-testid="reject-note"
          value={note}
          rows={3}
          autoFocus
          required
          aria-describedby={`${id}-hint`}
          onChange={(event) => setNote(event.target.value)}
          placeholder="e.g. Too close to known TGF-beta biology; focus on epigenetic regulators instead."
        />
        <p id={`${id}-hint`} className="hint">
          At least {MIN_WORDS} words and {MIN_CHARS} characters ({words} {words === 1 ? 'word' : 'words'}, {trimmed.length} characters now). The note is given to
          the assistant for its next attempt.
        </p>
      </div>
      {error ? <ErrorNotice error={error} title="The rejection was not accepted" testId="reject-error" /> : null}
      <FormActions onCancel={onCancel} label="Reject" pendingLabel="Rejecting…" pending={pending} disabled={trimmed === ''} testId="reject-submit" cancelKey="Esc" danger />
    </DecisionForm>
  );
}
