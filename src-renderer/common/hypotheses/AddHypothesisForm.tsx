// The scientist's own hypothesis: the same fields a reasoner fills in. It is approved as written
// (they wrote it) and joins the review and the tournament; the server checks the rules and its
// message says what to fix.
import { useId, useState, type FormEvent } from 'react';
import { useAddHypothesis } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { FormActions } from '../../app/FormActions';
import { wordCount } from './labels';
import { CitationFields } from './CitationFields';
import { citationsOf, type CitationRow } from './citationInput';

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

export function AddHypothesisForm({ researchId, onAdded, onCancel }: { researchId: string; onAdded: (id: string) => void; onCancel: () => void }) {
  const id = useId();
  const add = useAddHypothesis();
  const [summary, setSummary] = useState('');
  const [rationale, setRationale] = useState('');
  const [protocol, setProtocol] = useState('');
  const [predictions, setPredictions] = useState('');
  const [assumptions, setAssumptions] = useState('');
  const [citations, setCitations] = useState<CitationRow[]>([]);
  const words = wordCount(summary);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    add.mutate(
      {
        research_id: researchId,
        hypothesis: {
          summary: summary.trim(),
          rationale: rationale.trim(),
          experimental_protocol: protocol.trim(),
          testable_predictions: lines(predictions),
          assumptions: lines(assumptions),
          citations: citationsOf(citations),
        },
      },
      { onSuccess: (added) => onAdded(added.hypothesis_id) },
    );
  };

  return (
    <form className="hypothesis-form" onSubmit={submit} data-testid="add-hypothesis-form">
      <div className="field">
        <label htmlFor={`${id}-summary`}>Summary</label>
        <textarea id={`${id}-summary`} data-testid="add-hypothesis-summary" rows={4} required value={summary} onChange={(e) => setSummary(e.target.value)} aria-describedby={`${id}-summary-hint`} autoFocus />
        <p id={`${id}-summary-hint`} className={`hint${summary && (words < 50 || words > 100) ? ' hint-warn' : ''}`} data-testid="add-hypothesis-words">
          {words} words — a summary has 50 to 100 words: the claim, the mechanism and how to test it.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rationale`}>Rationale</label>
        <textarea id={`${id}-rationale`} data-testid="add-hypothesis-rationale" rows={3} required value={rationale} onChange={(e) => setRationale(e.target.value)} />
        <p className="hint">Why it should hold: the evidence and reasoning (at least 40 characters).</p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-protocol`}>Experimental protocol</label>
        <textarea id={`${id}-protocol`} data-testid="add-hypothesis-protocol" rows={3} required value={protocol} onChange={(e) => setProtocol(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-predictions`}>Testable predictions</label>
        <textarea id={`${id}-predictions`} data-testid="add-hypothesis-predictions" rows={2} required value={predictions} onChange={(e) => setPredictions(e.target.value)} aria-describedby={`${id}-predictions-hint`} />
        <p id={`${id}-predictions-hint`} className="hint">
          One per line, 1 to 10.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-assumptions`}>Assumptions (optional)</label>
        <textarea id={`${id}-assumptions`} rows={2} value={assumptions} onChange={(e) => setAssumptions(e.target.value)} />
        <p className="hint">One per line: what it rests on. Deep-verification reviews check each.</p>
      </div>
      <CitationFields rows={citations} onChange={setCitations} />
      {add.isError ? <ErrorNotice error={add.error} title="The hypothesis was not added" testId="add-hypothesis-error" /> : null}
      <FormActions onCancel={onCancel} label="Add hypothesis" pendingLabel="Adding…" pending={add.isPending} testId="add-hypothesis-submit" />
    </form>
  );
}
