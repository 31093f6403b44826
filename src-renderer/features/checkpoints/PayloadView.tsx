// What a checkpoint proposes, readable per kind: the plan, the new hypotheses, the evolutions,
// the final report or the flagged text. Unknown shapes fall back to their JSON, never to nothing.
import type { CheckpointView } from '../../../src-shared/routes/index';
import { HypothesisInline, namedFrom, TwinPair } from './HypothesisInline';
import { useListedHypotheses } from './useHypothesisChoices';

type Payload = Record<string, unknown>;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const records = (value: unknown): Payload[] => (Array.isArray(value) ? value.filter((v): v is Payload => typeof v === 'object' && v !== null) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

function List({ title, items, testId }: { title: string; items: string[]; testId?: string }) {
  return (
    <div className="payload-block">
      <h4>{title}</h4>
      {items.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <ul data-testid={testId}>
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PayloadView({ checkpoint }: { checkpoint: CheckpointView }) {
  const payload = checkpoint.payload;
  const listed = useListedHypotheses(checkpoint.research_id);
  const named = (id: unknown, payload?: Payload) => namedFrom(text(id), listed.get(text(id)), payload);
  const labelOf = (id: unknown) => {
    const h = listed.get(text(id));
    return h === undefined ? text(id) : `H${h.number}`;
  };
  const hypothesis = (id: unknown) => <strong title={text(id)}>{labelOf(id)}</strong>;
  switch (checkpoint.kind) {
    case 'research_plan': {
      const plan = (payload.plan ?? {}) as Payload;
      return (
        <div className="payload" data-testid="payload">
          <div className="payload-block">
            <h4>Goal</h4>
            <p data-testid="payload-goal">{text(plan.goal)}</p>
          </div>
          <dl className="facts facts-inline">
            <div className="fact">
              <dt>Domain</dt>
              <dd>{text(plan.domain)}</dd>
            </div>
            <div className="fact">
              <dt>Hypothesis budget</dt>
              <dd data-testid="payload-budget">{text(plan.hypothesis_budget)}</dd>
            </div>
          </dl>
          <List title="Objectives" items={strings(plan.objectives)} />
          <List title="Constraints" items={strings(plan.constraints)} />
          <List title="Preferences" items={strings(plan.preferences)} />
        </div>
      );
    }
    case 'hypothesis_batch':
      return (
        <ol className="payload payload-hypotheses" data-testid="payload">
          {records(payload.hypotheses).map((h) => (
            <li key={text(h.id)} data-testid="payload-hypothesis" data-hypothesis-id={text(h.id)}>
              <p className="payload-hypothesis-head">
                <span className="chip">{text(h.method).replace(/_/g, ' ')}</span>
                {h.near_duplicate_of ? <span className="badge badge-initializing">{`near-duplicate of ${labelOf(h.near_duplicate_of)}`}</span> : null}
              </p>
              {h.near_duplicate_of ? <TwinPair fresh={named(h.id, h)} twin={named(h.near_duplicate_of)} /> : <HypothesisInline hypothesis={named(h.id, h)} />}
            </li>
          ))}
        </ol>
      );
    case 'evolution_plan':
      return (
        <ul className="payload payload-evolutions" data-testid="payload">
          {records(payload.proposals).length === 0 ? <li className="muted">No evolutions proposed: approving goes straight to the final report.</li> : null}
          {records(payload.proposals).map((p, index) => (
            <li key={index} data-testid="payload-evolution">
              <p>
                <span className="chip">{text(p.strategy).replace(/_/g, ' ')}</span> {hypothesis(p.hypothesis_id)}
                {p.partner_id ? <> with {hypothesis(p.partner_id)}</> : null}
              </p>
              <HypothesisInline hypothesis={named(p.hypothesis_id)} />
              {p.partner_id ? <HypothesisInline hypothesis={named(p.partner_id)} /> : null}
            </li>
          ))}
        </ul>
      );
    case 'final_report': {
      const stats = (payload.stats ?? {}) as Payload;
      const replaces = (payload.replaces ?? null) as Payload | null;
      return (
        <div className="payload" data-testid="payload">
          {replaces === null ? null : (
            <p className="notice notice-warning" data-testid="payload-replaces">
              This report replaces one withdrawn before you decided it. {text(replaces.reason).replace(/^Withdrawn: /, '')}
            </p>
          )}
          <p>
            <span className={`badge ${payload.certified === true ? 'badge-completed' : 'badge-initializing'}`}>
              {payload.certified === true ? 'Top group certified' : 'Ranking not certified'}
            </span>{' '}
            <span className="muted">
              {text(stats.hypotheses)} hypotheses, {text(stats.rejected)} rejected, {text(stats.matches)} matches, {text(stats.iterations)} iteration(s)
            </span>
          </p>
          <div className="payload-block">
            <h4>Overview</h4>
            <p className="prose">{text(payload.overview)}</p>
          </div>
          <div className="payload-block">
            <h4>Top hypotheses</h4>
            <ol className="payload-ranked">
              {records(payload.top_hypotheses).map((h) => (
                // Listed by Bradley-Terry rank, so the rank is what shows: an Elo beside it would
                // look mis-sorted (Elo depends on match order; the rank does not).
                <li key={text(h.id)} data-testid="report-hypothesis">
                  <strong>#{text(h.rank)} · H{text(h.seq)}</strong> <ReportScore h={h} /> — {text(h.summary)}
                </li>
              ))}
            </ol>
          </div>
        </div>
      );
    }
    case 'safety_review':
      return (
        <div className="payload" data-testid="payload">
          <p className="muted">
            Flagged {payload.subject === 'goal' ? 'research goal' : <>hypothesis {hypothesis(payload.hypothesis_id)}</>}
          </p>
          <blockquote className="payload-quote">{text(payload.text)}</blockquote>
          <List title="Why it was flagged" items={strings(payload.reasons)} />
          <List
            title="Where (the matched words «marked» in their passage)"
            testId="payload-safety-matches"
            items={records(payload.matches).map((m) => `${text(m.field).replace(/_/g, ' ')}: ${text(m.passage)}`)}
          />
        </div>
      );
    case 'change_request':
      return (
        <div className="payload" data-testid="payload">
          <p data-testid="payload-change-request">
            {text(payload.requested_by)} asks to {payload.change === 'reopen' ? 'reopen this completed project' : 'raise the reasoning-call budget'}: +{text(payload.add_reasoning_calls)} reasoning calls
            {payload.change === 'reopen' ? `, +${text(payload.add_hypotheses)} hypotheses` : ''}.
          </p>
          {typeof payload.reason === 'string' ? <blockquote className="payload-quote">{payload.reason}</blockquote> : null}
        </div>
      );
  }
}

/** The report's one score: the Bradley-Terry score the rank comes from, with its 95% interval. */
function ReportScore({ h }: { h: Payload }) {
  if (typeof h.bt_score !== 'number') return null;
  const ci = (h.ci95 ?? null) as { low?: unknown; high?: unknown } | null;
  return (
    <span className="muted" data-testid="report-score">
      Bradley-Terry {h.bt_score}
      {ci !== null && typeof ci.low === 'number' && typeof ci.high === 'number' ? ` (95% interval ${ci.low}–${ci.high})` : ''}
    </span>
  );
}
