// A hypothesis's history in its panel: when and by whom it was written, then every rename (who,
// when, old → new), newest first, as get_hypothesis reports them (store/hypothesisTitles.ts).
import type { HypothesisDetail } from '../../../src-shared/routes/index';
import { clientName } from '../../app/clientNames';
import { dateTime } from '../format';

/** "you" for the scientist (the desktop client), the assistant's name otherwise. */
function who(clientId: string): string {
  return clientId === 'desktop' ? 'you' : clientName(clientId);
}

export function HypothesisHistory({ detail }: { detail: HypothesisDetail }) {
  const h = detail.hypothesis;
  return (
    <section className="hypothesis-section" aria-labelledby="hypothesis-history-title" data-testid="hypothesis-history">
      <h3 id="hypothesis-history-title">History</h3>
      <ol className="hypothesis-history">
        {detail.title_history.map((edit, index) => (
          <li key={`${edit.at}-${index}`} data-testid="title-edit">
            <span className="muted">
              {dateTime(edit.at)} · renamed by {who(edit.by)}:
            </span>{' '}
            {edit.from === null ? <span className="muted">(no title given)</span> : <q>{edit.from}</q>} → <q>{edit.to}</q>
          </li>
        ))}
        <li data-testid="hypothesis-created">
          <span className="muted">{dateTime(h.created_at)} ·</span> written by {who(h.reasoner ?? h.created_by)}
        </li>
      </ol>
    </section>
  );
}
