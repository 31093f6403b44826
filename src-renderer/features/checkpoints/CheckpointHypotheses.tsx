// The hypotheses a checkpoint names, each a button that opens it in the hypothesis side panel
// beside the inbox (full text, reviews, matches, lineage, citations). A slot under the payload
// view, so the payload views (PayloadView.tsx) stay about what the decision is.
import { useMemo } from 'react';
import type { CheckpointView } from '../../../src-shared/routes/index';
import { useHypothesisList } from '../../api/researchQueries';
import { namedHypothesisIds } from './checkpointHypothesisIds';

export function CheckpointHypotheses({ checkpoint, openId, onOpen }: { checkpoint: CheckpointView; openId: string | null; onOpen: (id: string) => void }) {
  const ids = useMemo(() => namedHypothesisIds(checkpoint), [checkpoint]);
  const list = useHypothesisList(checkpoint.research_id);
  const numbers = useMemo(() => new Map((list.data?.pages.flatMap((page) => page.hypotheses) ?? []).map((h) => [h.id, h.number])), [list.data]);
  if (ids.length === 0) return null;
  return (
    <nav className="checkpoint-hypotheses" aria-label="Read a hypothesis in full" data-testid="checkpoint-hypotheses">
      <span className="muted">Read in full:</span>
      {ids.map((hypothesisId) => {
        const number = numbers.get(hypothesisId);
        return (
          <button
            key={hypothesisId}
            type="button"
            className="chip chip-button"
            data-testid="checkpoint-hypothesis-open"
            data-hypothesis-id={hypothesisId}
            aria-pressed={openId === hypothesisId}
            onClick={() => onOpen(hypothesisId)}
          >
            {number === undefined ? hypothesisId : `H${number}`}
          </button>
        );
      })}
    </nav>
  );
}
