// The list of research projects, newest first as the server orders them: status, progress and
// how many checkpoints wait in each. Each row is a button that opens the project. The list is
// virtualised, so hundreds of projects cost no more than the dozen in view.
import type { ProjectSummary } from '../../../src-shared/routes/index';
import { ProgressBar } from '../../app/ProgressBar';
import { VirtualList } from '../../app/VirtualList';
import { dateTime, statusLabel, timeAgo } from '../../common/format';
import '../../common/selectCard.css';

export interface ProjectRow extends ProjectSummary {
  archivedAt: string | null;
  /** Checkpoints waiting for the scientist. */
  pending: number;
  /** Nothing moves until the scientist asks their assistant to continue (waitingFor.waitsForAssistant). */
  waitsForAssistant: boolean;
}

export function ProjectList({
  projects,
  selectedId,
  onSelect,
  archivedView,
  totalProjects,
}: {
  projects: ProjectRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  archivedView: boolean;
  totalProjects: number;
}) {
  if (projects.length === 0) {
    if (archivedView) return <p className="muted">No archived projects.</p>;
    return totalProjects === 0 ? <EmptyProjects /> : <p className="muted" data-testid="projects-all-archived">All your projects are archived.</p>;
  }
  return (
    <VirtualList
      items={projects}
      getKey={(project) => project.id}
      estimateSize={112}
      gap={8}
      label={archivedView ? 'Archived projects' : 'Research projects'}
      testId="project-list"
      className="project-scroll"
      renderItem={(project) => (
        <button
          type="button"
          className="select-card project-item"
          data-testid="project-item"
          data-project-id={project.id}
          aria-current={project.id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(project.id)}
        >
          <span className="select-card-title" data-testid="project-goal">
            {project.goal}
          </span>
          <span className="project-item-meta">
            <span className={`badge badge-${project.status}`} data-testid="project-status">
              {statusLabel(project.status)}
            </span>
            {project.pending > 0 ? (
              <span className="badge badge-waiting" data-testid="project-pending" title="Checkpoints waiting for your decision">
                {project.pending} waiting for you
              </span>
            ) : null}
            {project.waitsForAssistant ? (
              <span className="badge badge-paused" data-testid="project-waits-assistant" title="Ask your assistant to continue the research: the project moves only then">
                Waits for your assistant
              </span>
            ) : null}
            <span className="chip" data-testid="project-domain">
              {project.domain}
            </span>
            {/* hypothesis_count is the budget the project was started with, not how many exist. */}
            <span data-testid="project-hypotheses" title="How many hypotheses the project was asked to generate">
              aims for {project.hypothesis_count} {project.hypothesis_count === 1 ? 'hypothesis' : 'hypotheses'}
            </span>
            <time dateTime={project.created_at} title={dateTime(project.created_at)} data-testid="project-created">
              {timeAgo(project.created_at)}
            </time>
          </span>
          <ProgressBar value={project.progress} label={`Progress of “${project.goal}”`} testId="project-progress" />
        </button>
      )}
    />
  );
}

function EmptyProjects() {
  return (
    <div className="empty-state" data-testid="projects-empty">
      <h2>No research projects yet</h2>
      <p>Co-Scientist turns a research goal into hypotheses, reviews and a ranked shortlist. Projects appear here as soon as they start, whoever starts them.</p>
      <p className="empty-state-prompt">
        Ask Claude: <q>Start a Co-Scientist research project on …</q>
      </p>
      <p className="muted">
        Claude needs to be connected first (see <strong>Assistants</strong>). You can also start a project yourself with{' '}
        <strong>New research</strong>.
      </p>
    </div>
  );
}
