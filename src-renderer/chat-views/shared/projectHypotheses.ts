// The project's hypotheses by number and title, for a checkpoint that names them by id alone (an
// evolution plan's targets and partners). The view fetches them itself with list_hypotheses: what
// the view asks its host for never reaches the model, so the checkpoint the model reads stays as
// compact as before, and the scientist still chooses "H3 · title", never an id typed by hand.
import { useEffect, useState } from 'react';
import type { CheckpointView } from '../../../src-shared/routes/index';
import { pickLabel, type PickableHypothesis } from './HypothesisPicker';
import { isRecord } from './parse';
import type { CallOutcome } from './viewApp';

/** Asks the server for a project's hypotheses (list_hypotheses through the host). */
export type ListHypotheses = (researchId: string) => Promise<CallOutcome>;

/** Ranked first, so an evolution plan's targets (the leaders) are always among them; more are rarely chosen. */
export const LISTED_FOR_CHOICE = 100;

export interface ProjectHypotheses {
  picks: readonly PickableHypothesis[];
  /** Why the titles could not be fetched (the view then shows ids); null while loading or once loaded. */
  problem: string | null;
}

/** Kinds whose payload names hypotheses by id without their text. */
export function namesHypothesesByIdOnly(checkpoint: Pick<CheckpointView, 'kind'>): boolean {
  return checkpoint.kind === 'evolution_plan';
}

/** The hypotheses a list_hypotheses result offers for choosing: rejected ones are not. */
export function choosableHypotheses(structured: Record<string, unknown>): PickableHypothesis[] {
  const rows = Array.isArray(structured.hypotheses) ? structured.hypotheses.filter(isRecord) : [];
  return rows
    .filter((h) => typeof h.id === 'string' && typeof h.summary === 'string' && h.status !== 'rejected')
    .map((h) => ({ id: h.id as string, label: pickLabel(typeof h.number === 'number' ? h.number : undefined, h.summary as string) }));
}

const NONE: ProjectHypotheses = { picks: [], problem: null };

export function useProjectHypotheses(list: ListHypotheses, checkpoint: Pick<CheckpointView, 'kind' | 'research_id'>): ProjectHypotheses {
  const [state, setState] = useState<ProjectHypotheses>(NONE);
  const wanted = namesHypothesesByIdOnly(checkpoint);
  const researchId = checkpoint.research_id;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void list(researchId).then((outcome) => {
      if (!current) return;
      setState(outcome.ok ? { picks: choosableHypotheses(outcome.data), problem: null } : { picks: [], problem: `The hypotheses' titles could not be loaded (${outcome.message}); they are shown by id.` });
    });
    return () => {
      current = false;
    };
  }, [wanted, list, researchId]);
  return wanted ? state : NONE;
}
