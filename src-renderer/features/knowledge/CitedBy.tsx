// Under a search result: the hypotheses citing its source, each opening in the hypothesis panel
// (a passage belongs to no hypothesis; its document is what hypotheses cite).
import type { CitingHypotheses } from '../../../src-shared/routes/index';
import { useNavigation } from '../../app/navigation';

type CitedByDocument = CitingHypotheses['documents'][number];

export function CitedBy({ cited, loading }: { cited: CitedByDocument | undefined; loading: boolean }) {
  const { location, navigate } = useNavigation();
  if (cited === undefined) {
    return loading ? <p className="muted knowledge-cited-by" aria-busy="true">Looking for hypotheses that cite this source…</p> : null;
  }
  if (cited.total === 0) {
    return (
      <p className="muted knowledge-cited-by" data-testid="knowledge-cited-by-none">
        No hypothesis cites this source yet.
      </p>
    );
  }
  const more = cited.total - cited.hypotheses.length;
  return (
    <div className="knowledge-cited-by" data-testid="knowledge-cited-by">
      <span className="muted">Cited by</span>
      <ul>
        {cited.hypotheses.map((h) => (
          <li key={h.id}>
            <CitingHypothesisButton hypothesis={h} />
          </li>
        ))}
      </ul>
      {more > 0 ? (
        // The source's details list every citing hypothesis.
        <button type="button" className="link-button" data-testid="knowledge-cited-more" onClick={() => navigate({ section: location.section, documentId: cited.document_id })}>
          and {more} more…
        </button>
      ) : null}
    </div>
  );
}

/**
 * One hypothesis citing a source, opening in the hypothesis panel; `documentId` keeps that source's
 * details open beside it (the document view), where a search result has none to keep.
 */
export function CitingHypothesisButton({ hypothesis: h, documentId }: { hypothesis: { id: string; number: number; title: string; research_id: string }; documentId?: string }) {
  const { location, navigate } = useNavigation();
  return (
    <button
      type="button"
      className="chip chip-button"
      data-testid="knowledge-cited-hypothesis"
      data-hypothesis-id={h.id}
      aria-pressed={location.hypothesisId === h.id}
      onClick={() => navigate({ section: location.section, ...(documentId === undefined ? {} : { documentId }), projectId: h.research_id, hypothesisId: h.id })}
    >
      <strong>H{h.number}</strong> {h.title}
    </button>
  );
}
