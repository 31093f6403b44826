// One hypothesis in full, as the chat shows it: the text, reviews with their scores (the desktop's
// ScoreBars), citations as the exports print them (paperLine) with their DOI, and the lineage.
// Shown by the hypothesis card view and inside the leaderboard view when a row is opened.
import type { HypothesisDetail } from '../../../src-shared/routes/index';
import { ScoreBars } from '../../common/hypotheses/ScoreBars';
import { REVIEW_TYPE_LABELS, STATUS_LABELS } from '../../common/hypotheses/labels';
import { paperLine } from '../../common/format';
import { hypothesisTitle } from '../../common/hypothesisTitle';
import { fail, isRecord, missingFields } from './parse';
import type { Parsed } from './viewApp';
import '../../common/hypotheses/hypotheses.css';

export function parseHypothesisDetail(structured: unknown): Parsed<HypothesisDetail> {
  if (!isRecord(structured) || !isRecord(structured.hypothesis)) return fail('it carries no hypothesis.');
  const missing = [
    ...missingFields(structured, { reviews: 'array', parents: 'array', children: 'array' }),
    ...missingFields(structured.hypothesis, { id: 'string', number: 'number', summary: 'string', status: 'string', elo_score: 'number', citations: 'array' }).map((key) => `hypothesis.${key}`),
  ];
  return missing.length > 0 ? fail(`missing or malformed ${missing.join(', ')}.`) : { ok: true, data: structured as unknown as HypothesisDetail };
}

const lineageLine = (refs: HypothesisDetail['parents']): string => refs.map((ref) => `H${ref.number} ${hypothesisTitle(ref)}`).join('; ');

export function HypothesisCard({ detail, headingLevel = 1 }: { detail: HypothesisDetail; headingLevel?: 1 | 2 }) {
  const h = detail.hypothesis;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <article className="cv-card" data-testid="hypothesis-card" aria-label={`Hypothesis H${h.number}`}>
      <Heading>{`H${h.number} · ${hypothesisTitle(h)}`}</Heading>
      <p className="cv-meta">
        {STATUS_LABELS[h.status] ?? h.status} · Elo {Math.round(h.elo_score)}
        {h.bt_score === null || h.ci95 === null ? '' : ` · Bradley-Terry ${Math.round(h.bt_score)} [${h.ci95.low}, ${h.ci95.high}]`}
        {h.rank === null ? '' : ` · rank ${h.rank}`}
      </p>
      <p data-testid="card-summary">{h.summary}</p>
      {h.rationale ? (
        <>
          <Sub>Rationale</Sub>
          <p>{h.rationale}</p>
        </>
      ) : null}
      {h.testable_predictions.length > 0 ? (
        <>
          <Sub>Testable predictions</Sub>
          <ul className="cv-list">{h.testable_predictions.map((prediction, index) => <li key={index}>{prediction}</li>)}</ul>
        </>
      ) : null}
      <Sub>{`Reviews (${detail.reviews.length})`}</Sub>
      {detail.reviews.length === 0 ? <p className="muted">Not reviewed yet.</p> : null}
      {detail.reviews.map((review) => (
        <section key={review.id} className="cv-card" data-testid="card-review" aria-label={`${REVIEW_TYPE_LABELS[review.type] ?? review.type} review`}>
          <p className="cv-meta">{`${REVIEW_TYPE_LABELS[review.type] ?? review.type} review by ${review.reviewer}`}</p>
          <ScoreBars scores={review.scores} />
          {review.weaknesses.length > 0 ? <p>Weaknesses: {review.weaknesses.join(' · ')}</p> : null}
        </section>
      ))}
      <Sub>{`Citations (${h.citations.length})`}</Sub>
      {h.citations.length === 0 ? <p className="muted">No citations.</p> : null}
      <ul className="cv-list">
        {h.citations.map((citation, index) => (
          <li key={index} data-testid="card-citation">
            {paperLine(citation)}
            {citation.doi ? ` doi:${citation.doi}` : ''}
            {citation.verified ? '' : ' (unverified)'}
          </li>
        ))}
      </ul>
      <Sub>Lineage</Sub>
      <p data-testid="card-lineage">
        {detail.parents.length === 0 ? `${h.origin === 'human' ? 'Written by the scientist' : 'An original hypothesis'}.` : `Evolved from ${lineageLine(detail.parents)}.`}
        {detail.children.length === 0 ? '' : ` Evolved into ${lineageLine(detail.children)}.`}
      </p>
    </article>
  );
}
