// The list of research projects, newest first as the server orders them. Each row is a button
// that opens the project; long lists stay cheap because off-screen rows skip rendering
// (`content-visibility: auto` in the stylesheet) while keeping their place for scrolling.
import type { ProjectSummary } from '../../../src-main/host/contract';
import { ProgressBar } from '../../app/ProgressBar';
import { dateTime, statusLabel, timeAgo } from './format';

export function ProjectList({
  projects,
  selectedId,
  onSelect,
}: {
  projects: ProjectSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  if (projects.length === 0) return <EmptyProjects />;
  return (
    <ul className="project-list" data-testid="project-list" aria-label="Research projects">
      {projects.map((project) => (
        <li key={project.id} className="project-list-row">
          <button
            type="button"
            className="project-item"
            data-testid="project-item"
            data-project-id={project.id}
            aria-current={project.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(project.id)}
          >
            <span className="project-item-goal" data-testid="project-goal">
              {project.goal}
            </span>
            <span className="project-item-meta">
              <span className={`badge badge-${project.status}`} data-testid="project-status">
                {statusLabel(project.status)}
              </span>
              <span className="chip" data-testid="project-domain">
                {project.domain}
              </span>
              <span data-testid="project-hypotheses">
                {project.hypothesis_count} {project.hypothesis_count === 1 ? 'hypothesis' : 'hypotheses'}
              </span>
              <time dateTime={project.created_at} title={dateTime(project.created_at)} data-testid="project-created">
                {timeAgo(project.created_at)}
              </time>
            </span>
            <ProgressBar value={project.progress} label={`Progress of “${project.goal}”`} testId="project-progress" />
          </button>
        </li>
      ))}
    </ul>
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
