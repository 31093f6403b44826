// The hypotheses picked to compare, per project, kept while the scientist looks elsewhere: the
// board unmounts when another section opens, and the picks must still be there when they come
// back (issue 33 item 6). At most two: a third replaces the older one, so "compare" is a pair.
import { useCallback, useState } from 'react';

const picksByProject = new Map<string, readonly string[]>();

/** `picks` with `id` added (the older of two dropped) or removed. */
export function togglePick(picks: readonly string[], id: string): string[] {
  return picks.includes(id) ? picks.filter((x) => x !== id) : [...picks, id].slice(-2);
}

export function useComparePicks(researchId: string): [readonly string[], (id: string) => void] {
  const [picks, setPicks] = useState<readonly string[]>(() => picksByProject.get(researchId) ?? []);
  const toggle = useCallback(
    (id: string) =>
      setPicks((now) => {
        const next = togglePick(now, id);
        picksByProject.set(researchId, next);
        return next;
      }),
    [researchId],
  );
  return [picks, toggle];
}
