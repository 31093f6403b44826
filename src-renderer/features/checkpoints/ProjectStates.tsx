// When nothing waits for the scientist: where each (unarchived) project stands, and what the
// scientist can do about it — ask the assistant to continue an active one (saying what it has to
// do), read or reopen a completed one (issue 18 item 5).
import { useProjects } from '../../api/queries';
import { useProjectOverview } from '../../api/researchQueries';
import { useNavigation } from '../../app/navigation';
import { ReopenProject } from '../../common/ReopenProject';
import { AssistantPrompt } from '../../common/AssistantPrompt';
import { waitingFor, waitingSentence } from '../../common/waitingFor';

export function ProjectStates() {
  const projects = useProjects();
  const overview = useProjectOverview();
  const { navigate } = useNavigation();
  const flags = new Map((overview.data?.projects ?? []).map((p) => [p.id, p]));
  const archived = new Set([...flags.values()].filter((p) => p.archived_at !== null).map((p) => p.id));
  const shown = (projects.data?.projects ?? []).filter((p) => !archived.has(p.id));
  const running = shown.filter((p) => p.status === 'active' || p.status === 'initializing');
  const paused = shown.filter((p) => p.status === 'paused');
  const completed = shown.filter((p) => p.status === 'completed');
  if (shown.length === 0) return null;
  const open = (projectId: string) => (
    <button type="button" className="link-button" onClick={() => navigate({ section: 'projects', projectId })}>
      Open project
    </button>
  );
  return (
    <ul className="project-states" aria-label="Your projects" data-testid="inbox-project-states">
      {running.map((p) => (
        <li key={p.id} data-testid="inbox-state-waiting-assistant">
          <strong>{p.goal}</strong> waits for your assistant, not for you:{' '}
          <span data-testid="inbox-state-work">{waitingSentence(waitingFor(flags.get(p.id)?.open_work ?? [], flags.get(p.id)?.last_worker ?? null, null))}</span> {open(p.id)}
          <AssistantPrompt goal={p.goal} />
        </li>
      ))}
      {paused.map((p) => (
        <li key={p.id} data-testid="inbox-state-paused">
          <strong>{p.goal}</strong> is paused. Resume it from the project when you are ready. {open(p.id)}
        </li>
      ))}
      {completed.map((p) => (
        <li key={p.id} data-testid="inbox-state-completed">
          <strong>{p.goal}</strong> is complete: its final report and ranked hypotheses are in the project. {open(p.id)} <ReopenProject researchId={p.id} goal={p.goal} />
        </li>
      ))}
    </ul>
  );
}
