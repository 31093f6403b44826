// One hypothesis in full: every field, its citations, its reviews with their scores drawn as
// bars, the tournament matches it played with the judges' rationales, its lineage, its history
// (renames), and what the scientist can do with it.
import type { ReactNode } from 'react';
import type { HypothesisDetail as Detail } from '../../../src-shared/routes/index';
import { HostError } from '../../api/cosci';
import { useHypothesis } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Fact, Stat } from '../../app/Facts';
import { GrowingList } from '../../app/GrowingList';
import { ItemList } from '../../app/ItemList';
import { useNavigation } from '../../app/navigation';
import { dateTime } from '../format';
import { Citations } from './Citations';
import { HypothesisTitleHeading } from './HypothesisTitleHeading';
import { HypothesisActions } from './HypothesisActions';
import { HypothesisHistory } from './HypothesisHistory';
import { ORIGIN_LABELS, REVIEW_TYPE_LABELS, STATUS_LABELS } from './labels';
import { ScoreBars } from './ScoreBars';
import './hypotheses.css';
import '../stackList.css';

export interface HypothesisDetailProps {
  hypothesisId: string;
  onBack: () => void;
  backLabel?: string;
  /**
   * Leave out the tournament standings (Elo, rank, scores, match results): the arena opens the
   * panel this way, since a judge who sees the standings anchors on them (ArenaCardView.tsx).
   */
  hideStandings?: boolean;
}

/** The one hypothesis panel: the project view, the leaderboard, the inbox and the arena all show this. */
export function HypothesisDetail({ hypothesisId, onBack, backLabel = '← Back to the project', hideStandings = false }: HypothesisDetailProps) {
  const detail = useHypothesis(hypothesisId);
  const back = (
    <button type="button" className="link-button" data-testid="hypothesis-back" onClick={onBack}>
      {backLabel}
    </button>
  );
  if (detail.data) return <DetailView detail={detail.data} back={back} hideStandings={hideStandings} />;
  return (
    <section className="card hypothesis-detail" data-testid="hypothesis-detail-loading" aria-busy={!detail.isError}>
      {back}
      {detail.isError ? (
        <ErrorNotice
          error={detail.error}
          title={detail.error instanceof HostError && detail.error.code === 'NOT_FOUND' ? 'This hypothesis no longer exists' : 'Could not load this hypothesis'}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-block" />
        </>
      )}
    </section>
  );
}

function DetailView({ detail, back, hideStandings }: { detail: Detail; back: ReactNode; hideStandings: boolean }) {
  const h = detail.hypothesis;
  const { location, navigate } = useNavigation();
  // A linked hypothesis opens in the same place as this one (the project view, the leaderboard's
  // or the inbox's side panel), the rest of the address kept: the inbox keeps its checkpoint.
  const open = (id: string) => navigate({ ...location, projectId: location.projectId ?? h.research_id, hypothesisId: id });
  return (
    <section className="card hypothesis-detail" data-testid="hypothesis-detail" aria-labelledby="hypothesis-title">
      {back}
      <header className="hypothesis-header">
        <HypothesisTitleHeading hypothesis={h} headingId="hypothesis-title" />
        <p className="muted hypothesis-id">{h.id}</p>
        <p className="hypothesis-badges">
          <span className={`badge hypothesis-status-${h.status}`} data-testid="hypothesis-status">
            {STATUS_LABELS[h.status]}
          </span>
          <span className="chip" data-testid="hypothesis-origin">
            {ORIGIN_LABELS[h.origin]}
          </span>
          {h.gate !== 'approved' ? <span className="badge badge-waiting">awaiting your approval</span> : null}
          {h.safety_flag ? <span className="badge badge-waiting">safety flag: {h.safety_flag}</span> : null}
          {h.near_duplicate_of ? (
            <button type="button" className="link-button" onClick={() => open(h.near_duplicate_of as string)}>
              near-duplicate of {h.near_duplicate_of}
            </button>
          ) : null}
        </p>
      </header>

      {hideStandings ? null : (
      <dl className="stats hypothesis-stats" aria-label="Tournament">
        <Stat label="Elo" value={String(Math.round(h.elo_score))} testId="hypothesis-elo" />
        <Stat label="Rank" value={h.rank === null ? '—' : String(h.rank)} testId="hypothesis-rank" />
        <Stat label="Bradley-Terry" value={h.bt_score === null ? '—' : String(h.bt_score)} sub={h.ci95 ? `95% interval ${h.ci95.low}–${h.ci95.high}` : undefined} testId="hypothesis-bt" />
        <Stat label="Matches (won)" value={`${h.matches_played} (${h.wins})`} testId="hypothesis-matches-played" />
      </dl>
      )}

      <Text title="Summary" testId="hypothesis-summary">
        {h.summary}
      </Text>
      <Text title="Rationale" testId="hypothesis-rationale">
        {h.rationale}
      </Text>
      <Text title="Experimental protocol" testId="hypothesis-protocol">
        {h.experimental_protocol}
      </Text>
      <Items title="Testable predictions" items={h.testable_predictions} testId="hypothesis-predictions" />
      <Items title="Assumptions" items={h.assumptions} testId="hypothesis-assumptions" />
      <section className="hypothesis-section">
        <h3>Citations</h3>
        <Citations citations={h.citations} />
      </section>

      <dl className="facts">
        <Fact label="Method">{h.method.replace(/_/g, ' ')}</Fact>
        <Fact label="Research cycle">{h.iteration}</Fact>
        <Fact label="Written by">{h.reasoner ?? h.created_by}</Fact>
        <Fact label="Created">{dateTime(h.created_at)}</Fact>
        {h.p_top_k !== null && !hideStandings ? <Fact label="P(top group)">{h.p_top_k.toFixed(2)}</Fact> : null}
      </dl>

      {detail.parents.length > 0 || detail.children.length > 0 ? (
        <section className="hypothesis-section" data-testid="hypothesis-lineage">
          <h3>Lineage</h3>
          {detail.parents.map((p) => (
            <LineageLink key={p.id} relation="Evolved from" link={p} open={open} />
          ))}
          {detail.children.map((c) => (
            <LineageLink key={c.id} relation="Evolved into" link={c} open={open} />
          ))}
        </section>
      ) : null}

      <HypothesisActions hypothesisId={h.id} researchId={h.research_id} refused={detail.work_refused} />

      <section className="hypothesis-section" aria-labelledby="reviews-title">
        <h3 id="reviews-title">Reviews ({detail.reviews.length})</h3>
        {detail.reviews.length === 0 ? <p className="muted">No reviews yet.</p> : null}
        <GrowingList
          items={detail.reviews}
          getKey={(review) => review.id}
          label="Reviews"
          className="reviews stack-list"
          scrollClassName="reviews reviews-scroll"
          estimateSize={260}
          renderItem={(review) => (
            <article className="review" data-testid="review" data-judge={review.judge}>
              <header className="review-header">
                <strong>{REVIEW_TYPE_LABELS[review.type]}</strong>
                <span className="muted">
                  {review.judge === 'human' ? 'by you' : `by ${review.reviewer}`} · {dateTime(review.created_at)}
                </span>
                {review.fundamental_flaw ? <span className="badge badge-waiting">fundamental flaw</span> : null}
              </header>
              <ScoreBars scores={review.scores} />
              <div className="review-lists">
                <Items title="Strengths" items={review.strengths} testId="review-strengths-list" />
                <Items title="Weaknesses" items={review.weaknesses} testId="review-weaknesses-list" />
                <Items title="Recommendations" items={review.recommendations} />
              </div>
              {review.assumption_checks.length > 0 ? (
                <Items title="Assumptions checked" items={review.assumption_checks.map((c) => `${c.assumption} — ${c.verdict}${c.fundamental ? ' (fundamental)' : ''}: ${c.evidence}`)} />
              ) : null}
              {review.narrative ? <Text title="Narrative">{review.narrative}</Text> : null}
              {review.citations.length > 0 ? <Citations citations={review.citations} /> : null}
            </article>
          )}
        />
      </section>

      {hideStandings ? null : (
      <section className="hypothesis-section" aria-labelledby="matches-title">
        <h3 id="matches-title">Tournament matches ({detail.matches.length})</h3>
        {detail.matches.length === 0 ? <p className="muted">No matches yet. Reviewed hypotheses compete pairwise in the tournament.</p> : null}
        <GrowingList
          items={detail.matches}
          getKey={(match) => match.id}
          label="Tournament matches"
          className="hyp-matches stack-list"
          scrollClassName="hyp-matches hyp-matches-scroll"
          estimateSize={90}
          renderItem={(match) => (
            <div className={`hyp-match ${match.won ? 'hyp-match-won' : 'hyp-match-lost'}`} data-testid="match" data-won={match.won}>
              <p className="hyp-match-head">
                <span className={`badge ${match.won ? 'badge-completed' : 'badge-paused'}`}>{match.won ? 'Won' : 'Lost'}</span>
                against{' '}
                {match.opponent ? (
                  <button type="button" className="link-button" onClick={() => open(match.opponent?.id ?? '')}>
                    H{match.opponent.number}
                  </button>
                ) : (
                  'a removed hypothesis'
                )}
                <span className="muted">
                  {match.judge === 'human' ? ' · judged by you' : ` · model judge${match.confidence !== null ? `, confidence ${match.confidence.toFixed(2)}` : ''}`}
                </span>
              </p>
              <p className="hyp-match-rationale" data-testid="match-rationale">
                {match.rationale}
              </p>
              {match.debate.length > 0 ? (
                <details>
                  <summary>Debate ({match.debate.length} turns)</summary>
                  {match.debate.map((turn, index) => (
                    <p key={index}>
                      <strong>{turn.speaker}:</strong> {turn.argument}
                    </p>
                  ))}
                </details>
              ) : null}
            </div>
          )}
        />
      </section>
      )}

      <HypothesisHistory detail={detail} />
    </section>
  );
}

/** One parent or child in the lineage: the relation, a link to it, and the start of its summary. */
function LineageLink({ relation, link, open }: { relation: string; link: Detail['parents'][number]; open: (id: string) => void }) {
  return (
    <p>
      {relation}{' '}
      <button type="button" className="link-button" onClick={() => open(link.id)}>
        H{link.number}
      </button>{' '}
      <span className="muted">{link.summary.slice(0, 120)}…</span>
    </p>
  );
}

function Text({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="hypothesis-section">
      <h3>{title}</h3>
      <p className="prose" data-testid={testId}>
        {children}
      </p>
    </section>
  );
}

function Items({ title, items, testId }: { title: string; items: readonly string[]; testId?: string }) {
  return (
    <section className="hypothesis-section">
      <h3>{title}</h3>
      <ItemList items={items} testId={testId} />
    </section>
  );
}
