// Two hypotheses side by side: every field, their ratings, the latest review's scores and
// critique, and how they fared against each other.
import type { ComparedHypothesis, LeaderboardRow } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { methodLabel, ORIGIN_LABELS, STATUS_LABELS } from './labels';
import { useComparison } from './queries';
import { Loading } from '../../app/Loading';

const SCORES = ['plausibility', 'novelty', 'testability', 'safety', 'overall'] as const;

export function ComparePanel({ researchId, selected, rows, onPick }: { researchId: string; selected: readonly string[]; rows: readonly LeaderboardRow[]; onPick: (id: string) => void }) {
  const pair = selected.length === 2 ? ([selected[0], selected[1]] as [string, string]) : null;
  const comparison = useComparison(researchId, pair);
  const number = (id: string): number | undefined => rows.find((row) => row.id === id)?.number;

  if (pair === null) {
    return (
      <div className="empty-state" data-testid="compare-empty">
        <p>{selected.length === 1 ? `H${number(selected[0] as string) ?? '?'} is ticked; tick one more.` : 'Nothing to compare yet.'}</p>
        <p className="muted">Tick two hypotheses in the Compare column of the leaderboard to see them side by side, or pick from the top of the ranking:</p>
        <div className="compare-quick">
          {rows
            .filter((row) => row.rank !== null && row.rank <= 4 && !selected.includes(row.id))
            .map((row) => (
              <button key={row.id} type="button" className="button button-secondary" onClick={() => onPick(row.id)}>
                Add H{row.number} (rank {row.rank})
              </button>
            ))}
        </div>
      </div>
    );
  }
  if (comparison.isError) return <ErrorNotice error={comparison.error} title="Could not load the two hypotheses" onRetry={() => void comparison.refetch()} testId="compare-error" />;
  if (!comparison.data) return <Loading label="Loading the comparison" className="compare-skeleton skeleton" />;
  const { hypotheses, head_to_head: h2h } = comparison.data;
  const { first: a, second: b } = hypotheses;
  return (
    <div className="compare" data-testid="compare">
      <p className="compare-h2h" data-testid="compare-h2h">
        Head to head: H{a.number} {h2h.first_wins} – {h2h.second_wins} H{b.number}
        {h2h.matches === 0 ? ' (they have not met yet)' : ` over ${h2h.matches} match${h2h.matches === 1 ? '' : 'es'}${h2h.human_judged > 0 ? `, ${h2h.human_judged} judged by you` : ''}`}
      </p>
      <div className="compare-grid">
        <Side h={a} />
        <Side h={b} />
      </div>
    </div>
  );
}

function Side({ h }: { h: ComparedHypothesis }) {
  const review = h.latest_review;
  return (
    <article className="card compare-side" data-testid="compare-side" data-id={h.id} aria-labelledby={`compare-${h.id}`}>
      <header className="compare-head">
        <h2 id={`compare-${h.id}`}>H{h.number}</h2>
        <code>{h.id}</code>
        <span className="chip">{STATUS_LABELS[h.status]}</span>
      </header>
      <dl className="compare-stats">
        <Stat label="Rank" value={h.rank === null ? '—' : String(h.rank)} />
        <Stat label="Elo" value={String(Math.round(h.elo_score))} />
        <Stat label="BT · 95% CI" value={h.bt_score === null || h.ci95 === null ? '—' : `${Math.round(h.bt_score)} [${h.ci95.low}, ${h.ci95.high}]`} />
        <Stat label="P(top-k)" value={h.p_top_k === null ? '—' : `${Math.round(h.p_top_k * 100)}%`} />
        <Stat label="Won–lost" value={`${h.wins}–${h.matches_played - h.wins}`} />
        <Stat label="Origin" value={`${ORIGIN_LABELS[h.origin]} · ${methodLabel(h.method)}`} />
      </dl>
      <Field title="Summary">{h.summary}</Field>
      <Field title="Rationale">{h.rationale}</Field>
      <Field title="Experimental protocol">{h.experimental_protocol}</Field>
      <ListField title="Testable predictions" items={h.testable_predictions} />
      <ListField title="Assumptions" items={h.assumptions} />
      <ListField title="Citations" items={h.citations.map((c) => `${c.title}${c.year === null ? '' : ` (${c.year})`}${c.doi === null ? '' : `, doi:${c.doi}`}${c.verified ? '' : ' — not verified against the knowledge base'}`)} />
      <section className="compare-review" aria-label={`Latest review of H${h.number}`}>
        <h3>Latest review{review ? ` · ${review.type.replace(/_/g, ' ')} (${h.review_count} in all)` : ''}</h3>
        {review === null ? (
          <p className="muted">Not reviewed yet.</p>
        ) : (
          <>
            <dl className="score-list" data-testid="compare-scores">
              {SCORES.map((score) => (
                <div key={score} className="score">
                  <dt>{score}</dt>
                  <dd>
                    <meter min={0} max={1} value={review.scores[score]} aria-label={`${score} ${review.scores[score].toFixed(2)}`} />
                    <span>{review.scores[score].toFixed(2)}</span>
                  </dd>
                </div>
              ))}
            </dl>
            <ListField title="Strengths" items={review.strengths} />
            <ListField title="Weaknesses" items={review.weaknesses} />
          </>
        )}
      </section>
    </article>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Field({ title, children }: { title: string; children: string }) {
  return (
    <section className="compare-field">
      <h3>{title}</h3>
      <p>{children}</p>
    </section>
  );
}

function ListField({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="compare-field">
      <h3>{title}</h3>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
