// The hypothesis panel's heading: H-number and short title, and Rename, where the scientist gives
// it a title of their own. The server keeps the hypothesis text as it is and refuses a rename if
// the title changed since this panel showed it (engine/hypothesisTitle.ts), so a title edited in
// another window is never overwritten silently: the error says what it is now.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { HypothesisDetail } from '../../../src-shared/routes/index';
import { useSetHypothesisTitle } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';

/** As the server allows (engine/hypothesisDigest.ts, SCIENTIST_TITLE_MAX_CHARS). */
const TITLE_MAX = 100;

type Shown = Pick<HypothesisDetail['hypothesis'], 'id' | 'number' | 'title' | 'title_given'>;

export function HypothesisTitleHeading({ hypothesis: h, headingId }: { hypothesis: Shown; headingId: string }) {
  const [editing, setEditing] = useState(false);
  return editing ? (
    <TitleForm hypothesis={h} onDone={() => setEditing(false)} />
  ) : (
    <div className="hypothesis-title-row">
      <h2 id={headingId} data-testid="hypothesis-title">
        H{h.number} · {h.title}
      </h2>
      <button type="button" className="link-button" data-testid="hypothesis-rename" onClick={() => setEditing(true)} aria-label={`Rename H${h.number}`}>
        Rename
      </button>
      {h.title_given ? null : (
        <span className="muted hypothesis-title-derived" data-testid="hypothesis-title-derived">
          (from the summary)
        </span>
      )}
    </div>
  );
}

function TitleForm({ hypothesis: h, onDone }: { hypothesis: Shown; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(h.title);
  // The title as it was when the form opened: the panel refetches on every change, and sending the
  // refetched one would overwrite a rename made meanwhile instead of reporting it.
  const [seen] = useState(h.title_given ? h.title : null);
  const save = useSetHypothesisTitle();
  const length = [...draft.trim()].length;
  const problem = length === 0 ? 'Write a few words.' : length > TITLE_MAX ? `${length} of at most ${TITLE_MAX} characters.` : null;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (problem !== null) return;
    save.mutate({ hypothesis_id: h.id, title: draft, expected_title: seen }, { onSuccess: onDone });
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Escape') return;
    // Esc leaves the form only; the panel stays open.
    event.stopPropagation();
    onDone();
  };

  return (
    <form className="hypothesis-title-form" onSubmit={submit} data-testid="hypothesis-title-form">
      <label htmlFor={`${id}-title`}>Title of H{h.number}</label>
      <input
        id={`${id}-title`}
        data-testid="hypothesis-title-input"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKey}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
        // A title is one line: the input cannot take a line break.
        autoFocus
      />
      <p id={`${id}-hint`} className={problem === null ? 'muted field-hint' : 'field-hint field-error'} data-testid="hypothesis-title-hint">
        {problem ?? `${length} of at most ${TITLE_MAX} characters. Only the title changes; the hypothesis text stays as written.`}
      </p>
      {(h.title_given ? h.title : null) !== seen ? (
        <p className="notice notice-warning" role="status" data-testid="hypothesis-title-changed">
          Renamed elsewhere meanwhile to “{h.title}”. Saving would replace that, so it is refused: cancel to see it, then rename again if you still want to.
        </p>
      ) : null}
      {save.isError ? <ErrorNotice error={save.error} title="The title was not saved" testId="hypothesis-title-error" /> : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" data-testid="hypothesis-title-save" disabled={problem !== null || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save title'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
