// What the scientist can ask for on a hypothesis: a (deeper) review or an evolution — queued as a
// work item for their assistant, since the app does no reasoning of its own — or their own review.
import { useId, useState } from 'react';
import type { RouteInput } from '../../../src-shared/routes/index';
import { useProjects } from '../../api/queries';
import { useHypothesisList, useRequestEvolution, useRequestReview } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Modal } from '../../app/Modal';
import { REVIEW_TYPE_LABELS, STRATEGY_LABELS } from './labels';
import { ReviewForm } from './ReviewForm';
import { ReopenProject } from '../ReopenProject';
import { LabelSelect } from '../LabelSelect';

type ReviewType = RouteInput<'hypotheses.review'>['review_type'];
type Strategy = RouteInput<'hypotheses.evolve'>['strategy'];

/** `refused`: why the server would refuse a review or evolution now (not approved, project completed…); the buttons are off and say so. */
export function HypothesisActions({ hypothesisId, researchId, refused }: { hypothesisId: string; researchId: string; refused: string | null }) {
  const id = useId();
  const review = useRequestReview();
  const evolve = useRequestEvolution();
  const partners = useHypothesisList(researchId);
  const [reviewType, setReviewType] = useState<ReviewType>('full');
  const [strategy, setStrategy] = useState<Strategy>('refine');
  const [partner, setPartner] = useState('');
  const [writing, setWriting] = useState(false);
  const [saved, setSaved] = useState(false);
  const queued = review.data ?? evolve.data;
  const error = review.error ?? evolve.error;
  // The server's refusal is worded for an assistant ("ask the scientist to reopen it"); here the
  // scientist is the one who can, so a completed project offers Reopen… instead.
  const project = useProjects().data?.projects.find((p) => p.id === researchId);
  const completed = refused !== null && project?.status === 'completed';
  const options = (partners.data?.pages.flatMap((page) => page.hypotheses) ?? []).filter((h) => h.id !== hypothesisId && h.status !== 'rejected');

  return (
    <section className="hypothesis-actions" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Actions</h3>
      {completed ? (
        <div className="actions-reopen" data-testid="actions-completed">
          <p className="muted">This project is completed. Reopen it for another cycle to ask for more reviews or evolutions.</p>
          <ReopenProject researchId={researchId} goal={project.goal} />
        </div>
      ) : refused !== null ? (
        <p className="muted" data-testid="actions-refused">
          {refused}
        </p>
      ) : null}
      <div className="action-row">
        <LabelSelect id={`${id}-review`} label="Kind of review" value={reviewType} labels={REVIEW_TYPE_LABELS} onChange={setReviewType} testId="review-type" />
        <button type="button" className="button button-secondary button-small" data-testid="request-review" disabled={review.isPending || refused !== null} onClick={() => { evolve.reset(); review.mutate({ hypothesis_id: hypothesisId, review_type: reviewType }); }}>
          Request review
        </button>
      </div>
      <div className="action-row">
        <LabelSelect id={`${id}-strategy`} label="How to evolve it" value={strategy} labels={STRATEGY_LABELS} onChange={setStrategy} testId="evolve-strategy" />
        {strategy === 'combine' ? (
          <>
            <label htmlFor={`${id}-partner`} className="visually-hidden">
              Combine with
            </label>
            <select id={`${id}-partner`} value={partner} onChange={(e) => setPartner(e.target.value)} data-testid="evolve-partner">
              <option value="">Combine with…</option>
              {options.map((h) => (
                <option key={h.id} value={h.id}>
                  H{h.number}: {h.summary.slice(0, 60)}…
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button
          type="button"
          className="button button-secondary button-small"
          data-testid="request-evolution"
          disabled={evolve.isPending || refused !== null || (strategy === 'combine' && partner === '')}
          onClick={() => {
            review.reset();
            evolve.mutate({ hypothesis_id: hypothesisId, strategy, ...(strategy === 'combine' ? { partner_id: partner } : {}) });
          }}
        >
          Request evolution
        </button>
      </div>
      <div className="action-row">
        <button type="button" className="button button-secondary button-small" data-testid="write-review" onClick={() => { setSaved(false); setWriting(true); }}>
          Write your own review
        </button>
        {saved ? <span className="muted" data-testid="review-saved">Your review is saved below.</span> : null}
      </div>
      {queued ? (
        <p className="notice notice-success" role="status" data-testid="queued-notice">
          {queued.title}: queued for your assistant — ask Claude to continue the research.
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} title="Nothing was queued" testId="action-error" /> : null}
      {writing ? (
        <Modal title="Your review" onClose={() => setWriting(false)} testId="review-dialog">
          <ReviewForm
            hypothesisId={hypothesisId}
            onCancel={() => setWriting(false)}
            onDone={() => {
              setWriting(false);
              setSaved(true);
            }}
          />
        </Modal>
      ) : null}
    </section>
  );
}
