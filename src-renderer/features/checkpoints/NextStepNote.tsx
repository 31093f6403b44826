// The line beside an approve button that says what approving sets off (nextStep.ts), from the
// project's own records: who worked on it last (overview), who started it (status) and the
// budget it has left (its timeline record).
import type { CheckpointView } from '../../../src-shared/routes/index';
import { useProjectStatus } from '../../api/queries';
import { useProjectOverview, useProjectTimeline } from '../../api/researchQueries';
import { waitingFor } from '../../common/waitingFor';
import { nextStepSentence } from './nextStep';

export function NextStepNote({ checkpoint, hypotheses, id }: { checkpoint: CheckpointView; hypotheses: number | null; id?: string }) {
  const overview = useProjectOverview();
  const status = useProjectStatus(checkpoint.research_id);
  const record = useProjectTimeline(checkpoint.research_id).data?.pages[0];
  if (overview.data === undefined || status.data === undefined || record === undefined) return null;
  const flags = overview.data.projects.find((p) => p.id === checkpoint.research_id);
  const sentence = nextStepSentence({
    kind: checkpoint.kind,
    waiting: waitingFor(flags?.open_work ?? [], flags?.last_worker ?? null, status.data.created_by),
    hypotheses,
    reasoningCallsLeft: Math.max(0, record.reasoning_call_budget - record.reasoning_calls_used),
    maxCycles: Math.max(record.max_iterations, record.iteration),
  });
  return (
    <p className="muted next-step" id={id} data-testid="next-step">
      {sentence}
    </p>
  );
}
