// The Leaderboard section of the app: pick a project, see its tournament. The project view can
// embed ProjectLeaderboard directly; this section is the way in from the top bar.
import { useId, useState } from 'react';
import { useProjects } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ProjectLeaderboard } from './ProjectLeaderboard';
import './leaderboard.css';

export function LeaderboardSection({ initialProjectId }: { initialProjectId?: string | undefined }) {
  const id = useId();
  const projects = useProjects();
  const [chosen, setChosen] = useState<string | undefined>(initialProjectId);
  const list = projects.data?.projects ?? [];
  // Until the scientist picks one, the most recently updated project is shown, and then kept:
  // another project's activity must not switch the board under them.
  const current = chosen ?? [...list].sort((a, b) => b.last_updated.localeCompare(a.last_updated))[0]?.id;
  if (chosen === undefined && current !== undefined) setChosen(current);

  return (
    <div className="lb-section" data-testid="leaderboard-section">
      <div className="pane-header lb-section-head">
        <h1>Tournament</h1>
        {list.length > 0 ? (
          <div className="lb-filter lb-project-picker">
            <label htmlFor={`${id}-project`}>Project</label>
            <select id={`${id}-project`} value={current} onChange={(event) => setChosen(event.target.value)} data-testid="leaderboard-project">
              {list.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.goal.length > 90 ? `${project.goal.slice(0, 87)}…` : project.goal}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {projects.isError ? (
        <ErrorNotice error={projects.error} title="Could not load your projects" onRetry={() => void projects.refetch()} testId="leaderboard-projects-error" />
      ) : !projects.data ? (
        <div className="skeleton skeleton-block" aria-busy="true" aria-label="Loading projects" />
      ) : current === undefined ? (
        <div className="empty-state" data-testid="leaderboard-no-projects">
          <p>No research projects yet.</p>
          <p className="empty-state-prompt">
            Ask your assistant: <q>Start a Co-Scientist research project on …</q>
          </p>
          <p className="muted">Or start one under Projects. Its hypotheses compete here once they are reviewed.</p>
        </div>
      ) : (
        <ProjectLeaderboard key={current} researchId={current} />
      )}
    </div>
  );
}
