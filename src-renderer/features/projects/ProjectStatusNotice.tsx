// Under a project's header when nothing waits for the scientist: what the project waits for and
// what they can do (issue 18 item 5) — ask the assistant to continue, wait for the background
// provider, resume, or reopen a completed project with a new budget (issue 15 item 2).
import type { ProjectOverview, ResearchStatus } from '../../../src-shared/routes/index';
import { ReopenProject } from '../../common/ReopenProject';
import { waitingFor, waitingSentence } from '../../common/waitingFor';
import { AssistantPrompt } from '../../common/AssistantPrompt';

type Flags = ProjectOverview['projects'][number];

export function ProjectStatusNotice({ status, flags }: { status: ResearchStatus; flags: Flags | undefined }) {
  if (status.status === 'completed') {
    return (
      <div className="notice notice-success status-notice" data-testid="detail-completed">
        <p>
          <span className="notice-title">Complete.</span> <span data-testid="detail-what-happened">{whatHappened(status)}</span> Reopen it for another cycle to add hypotheses, review or evolve.
        </p>
        <ReopenProject researchId={status.research_id} goal={status.goal} />
      </div>
    );
  }
  if (status.status === 'paused') {
    return (
      <div className="notice notice-warning status-notice" data-testid="detail-paused">
        <p>Paused{status.stop_reason ? `: ${status.stop_reason.replace(/^[a-z_]+: /, '')}` : ''}. Ask your assistant to resume it, or raise its budget when it ran out.</p>
      </div>
    );
  }
  if (flags === undefined) return null;
  const waiting = waitingFor(flags.open_work, flags.last_worker, status.created_by);
  return (
    <div className="notice status-notice" data-testid="detail-waiting-assistant">
      <p>{waitingSentence(waiting)}</p>
      {waiting.background ? null : <AssistantPrompt goal={status.goal} />}
    </div>
  );
}

function whatHappened(status: ResearchStatus): string {
  if (status.stop_reason) return `It stopped: ${status.stop_reason.replace(/^[a-z_]+: /, '')}.`;
  return `Its final report was approved after ${status.iteration} cycle(s): ${status.hypotheses_generated} hypotheses, ${status.matches} comparisons.`;
}
