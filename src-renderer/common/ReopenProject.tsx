// Reopening a completed project, by the scientist (issue 15 item 2): another research cycle with
// the budget it may use — reasoning calls and hypotheses to add. The server checks the numbers
// (projectChangeEffects.assertApplicable) and its refusal is shown next to the form.
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../api/cosci';
import { useReopenProject } from '../api/researchQueries';
import { useToasts } from '../app/Toasts';

/** Suggested budget of one more cycle: room to generate, review and rank a handful of hypotheses. */
const DEFAULT_CALLS = 60;
const DEFAULT_HYPOTHESES = 5;

export function ReopenProject({ researchId, goal }: { researchId: string; goal: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [calls, setCalls] = useState(DEFAULT_CALLS);
  const [hypotheses, setHypotheses] = useState(DEFAULT_HYPOTHESES);
  const reopen = useReopenProject();
  const toasts = useToasts();
  // Opened, the form takes the focus; closed, the focus goes back to the button (issue 33 item 3).
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!open) {
    return (
      <button ref={opener} type="button" className="button button-secondary button-small" data-testid="reopen-project" onClick={() => setOpen(true)}>
        Reopen…
      </button>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // A promise rather than mutate's callbacks: once reopened, the project view swaps this form for
    // its "waits for your assistant" notice, and callbacks of an unmounted mutation never run.
    reopen
      .mutateAsync({ research_id: researchId, add_reasoning_calls: calls, add_hypotheses: hypotheses })
      .then(() => toasts.show({ testId: 'reopen-toast', message: `Reopened “${goal}”: ask your assistant to continue the research for the new cycle.` }))
      .catch(() => undefined); // shown next to the form (reopen.error)
  };
  return (
    <form
      className="reopen-form"
      data-testid="reopen-form"
      aria-label="Reopen this project"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <label htmlFor={`${id}-calls`}>Reasoning calls to add</label>
      <input id={`${id}-calls`} type="number" min={1} max={10000} required value={calls} onChange={(e) => setCalls(Number(e.target.value))} data-testid="reopen-calls" autoFocus />
      <label htmlFor={`${id}-hypotheses`}>Hypotheses to add</label>
      <input id={`${id}-hypotheses`} type="number" min={0} max={100} required value={hypotheses} onChange={(e) => setHypotheses(Number(e.target.value))} data-testid="reopen-hypotheses" />
      <button type="submit" className="button button-primary button-small" disabled={reopen.isPending} data-testid="reopen-submit">
        Reopen for another cycle
      </button>
      <button type="button" className="button button-secondary button-small" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {reopen.isError ? (
        <p className="field-error" role="alert" data-testid="reopen-error">
          {errorMessage(reopen.error)}
        </p>
      ) : null}
    </form>
  );
}
