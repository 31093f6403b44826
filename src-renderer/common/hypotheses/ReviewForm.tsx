// The scientist's own review: five scores on sliders and the written critique. It is stored as a
// human review next to the reasoners' ones.
import { useId, useState, type FormEvent } from 'react';
import type { ReviewScores } from '../../../src-shared/routes/index';
import { useAddReview } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { FormActions } from '../../app/FormActions';
import { SCORE_LABELS } from './labels';

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

export function ReviewForm({ hypothesisId, onDone, onCancel }: { hypothesisId: string; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const add = useAddReview();
  const [scores, setScores] = useState<ReviewScores>({ plausibility: 0.5, novelty: 0.5, testability: 0.5, safety: 0.9, overall: 0.5 });
  const [strengths, setStrengths] = useState('');
  const [weaknesses, setWeaknesses] = useState('');
  const [recommendations, setRecommendations] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    add.mutate({ hypothesis_id: hypothesisId, scores, strengths: lines(strengths), weaknesses: lines(weaknesses), recommendations: lines(recommendations) }, { onSuccess: onDone });
  };

  return (
    <form className="hypothesis-form" onSubmit={submit} data-testid="review-form">
      <fieldset className="score-inputs">
        <legend>Scores (0 = poor, 1 = excellent)</legend>
        {(Object.keys(SCORE_LABELS) as Array<keyof ReviewScores>).map((key) => (
          <div key={key} className="score-input">
            <label htmlFor={`${id}-${key}`}>{SCORE_LABELS[key]}</label>
            <input
              id={`${id}-${key}`}
              data-testid={`review-score-${key}`}
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={scores[key]}
              onChange={(event) => setScores({ ...scores, [key]: Number(event.target.value) })}
            />
            <output htmlFor={`${id}-${key}`}>{scores[key].toFixed(2)}</output>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-strengths`}>Strengths</label>
        <textarea id={`${id}-strengths`} data-testid="review-strengths" rows={2} required value={strengths} onChange={(e) => setStrengths(e.target.value)} />
        <p className="hint">One per line.</p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-weaknesses`}>Weaknesses</label>
        <textarea id={`${id}-weaknesses`} data-testid="review-weaknesses" rows={2} required value={weaknesses} onChange={(e) => setWeaknesses(e.target.value)} />
        <p className="hint">One per line.</p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-recommendations`}>Recommendations (optional)</label>
        <textarea id={`${id}-recommendations`} rows={2} value={recommendations} onChange={(e) => setRecommendations(e.target.value)} />
      </div>
      {add.isError ? <ErrorNotice error={add.error} title="The review was not saved" testId="review-error" /> : null}
      <FormActions onCancel={onCancel} label="Save review" pendingLabel="Saving…" pending={add.isPending} testId="review-submit" />
    </form>
  );
}
