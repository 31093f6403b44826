// One side of an arena pair: the whole hypothesis, as a model judge would see it (summary,
// rationale, protocol, predictions). Rank and Elo are left out on purpose: a judge who sees the
// standings anchors on them, and the vote would echo the ranking instead of informing it.
import type { ArenaCard } from '../../../src-shared/routes/index';

export function ArenaCardView({ card, side, onRead }: { card: ArenaCard; side: 'Left' | 'Right'; onRead?: ((id: string) => void) | undefined }) {
  return (
    <article className="card arena-card" aria-labelledby={`arena-${card.id}`} data-testid={`arena-card-${side.toLowerCase()}`} data-id={card.id}>
      <header className="arena-card-head">
        <span className="arena-side muted">{side}</span>
        <h2 id={`arena-${card.id}`}>H{card.number}</h2>
      </header>
      <p className="arena-summary">{card.summary}</p>
      <section>
        <h3>Rationale</h3>
        <p>{card.rationale}</p>
      </section>
      <section>
        <h3>Experimental protocol</h3>
        <p>{card.experimental_protocol}</p>
      </section>
      {card.testable_predictions.length > 0 ? (
        <section>
          <h3>Testable predictions</h3>
          <ul>
            {card.testable_predictions.map((prediction, i) => (
              <li key={i}>{prediction}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {onRead ? (
        <button type="button" className="link-button arena-read" data-testid={`arena-read-${side.toLowerCase()}`} onClick={() => onRead(card.id)}>
          Reviews, citations and lineage of H{card.number}
        </button>
      ) : null}
    </article>
  );
}
