// The project's hypotheses as "H3 — summary…", for fields and proposals that refer to them by id.
import { useMemo } from 'react';
import type { HypothesisSummary } from '../../../src-shared/routes/index';
import { useHypothesisList } from '../../api/researchQueries';
import type { Choice } from './schemaForm/SchemaForm';

export function useHypothesisChoices(researchId: string): Choice[] {
  const list = useHypothesisList(researchId);
  return useMemo(
    () =>
      (list.data?.pages.flatMap((page) => page.hypotheses) ?? [])
        .filter((h) => h.status !== 'rejected')
        .map((h) => ({ value: h.id, label: `H${h.number} — ${h.summary.length > 70 ? `${h.summary.slice(0, 70)}…` : h.summary}` })),
    [list.data],
  );
}

/** id → the listed hypothesis (number, summary…), for showing proposals that name hypotheses by id. */
export function useListedHypotheses(researchId: string): Map<string, HypothesisSummary> {
  const list = useHypothesisList(researchId);
  return useMemo(() => new Map((list.data?.pages.flatMap((page) => page.hypotheses) ?? []).map((h) => [h.id, h])), [list.data]);
}
