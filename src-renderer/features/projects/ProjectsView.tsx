// The projects screen: the list (with the New research form above it) beside the open project.
// Archived projects have their own view of the list; deleted ones vanish at once and are only
// deleted for good when their undo toast runs out (pendingDeletes.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProjectSummary } from '../../../src-shared/routes/index';
import { useProjectOverview } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useNavigation } from '../../app/navigation';
import { HypothesisDetail } from '../../common/hypotheses/HypothesisDetail';
import { NewResearchForm } from './NewResearchForm';
import { ProjectDetail } from './ProjectDetail';
import type { LeaderboardTop } from './ProjectOverview';
import { ProjectList, type ProjectRow } from './ProjectList';
import { waitsForAssistant } from '../../common/waitingFor';
import { usePendingDeletes } from './pendingDeletes';
import { Loading, skeletonRows } from '../../app/Loading';
import './projects.css';

export function ProjectsView({
  projects,
  error,
  onRetry,
  leaderboardTop,
}: {
  projects: ProjectSummary[] | undefined;
  error: unknown;
  onRetry: () => void;
  leaderboardTop: LeaderboardTop;
}) {
  const { location, navigate } = useNavigation();
  const selectedId = location.projectId ?? null;
  const [formOpen, setFormOpen] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const overview = useProjectOverview();
  const deleting = usePendingDeletes();

  const rows = useMemo<ProjectRow[] | undefined>(() => {
    if (projects === undefined) return undefined;
    const flags = new Map((overview.data?.projects ?? []).map((p) => [p.id, p]));
    return projects
      .filter((p) => !deleting.has(p.id))
      .map((p) => ({ ...p, archivedAt: flags.get(p.id)?.archived_at ?? null, pending: flags.get(p.id)?.pending_checkpoints ?? 0, waitsForAssistant: waitsForAssistant(p.status, flags.get(p.id)) }));
  }, [projects, overview.data, deleting]);
  const archivedCount = rows?.filter((p) => p.archivedAt !== null).length ?? 0;
  const visible = rows?.filter((p) => (p.archivedAt !== null) === showArchived);
  const detailPane = useRef<HTMLDivElement>(null);
  // Set when the scientist chooses a project here, so only their choice scrolls (not a link or a reload).
  const revealChosen = useRef(false);
  const select = (id: string) => {
    revealChosen.current = true;
    navigate({ section: 'projects', projectId: id });
  };
  useEffect(() => {
    if (!revealChosen.current || selectedId === null) return;
    revealChosen.current = false;
    revealIfOutOfView(detailPane.current);
  }, [selectedId]);

  return (
    <div className="pane-layout projects-layout">
      <section className="pane list-pane" aria-labelledby="projects-title">
        <div className="pane-header">
          <h1 id="projects-title">
            {showArchived ? 'Archived projects' : 'Research projects'}
            {visible ? (
              <span className="count" data-testid="project-count">
                {visible.length}
              </span>
            ) : null}
          </h1>
          <button
            type="button"
            className="button button-primary"
            data-testid="new-research-button"
            aria-expanded={formOpen}
            aria-controls="new-research-region"
            onClick={() => setFormOpen((open) => !open)}
          >
            New research
          </button>
        </div>
        <div id="new-research-region">
          {formOpen ? (
            <NewResearchForm
              onCancel={() => setFormOpen(false)}
              onStarted={(project) => {
                setFormOpen(false);
                setShowArchived(false);
                select(project.research_id);
              }}
            />
          ) : null}
        </div>
        {archivedCount > 0 || showArchived ? (
          <button type="button" className="link-button" data-testid="toggle-archived" aria-pressed={showArchived} onClick={() => setShowArchived((shown) => !shown)}>
            {showArchived ? '← Back to research projects' : `Show archived projects (${archivedCount})`}
          </button>
        ) : null}
        {visible ? (
          <ProjectList projects={visible} selectedId={selectedId} onSelect={select} archivedView={showArchived} totalProjects={rows?.length ?? 0} />
        ) : error ? (
          <ErrorNotice error={error} title="Could not load your projects" onRetry={onRetry} testId="projects-error" />
        ) : (
          <Loading label="Loading projects" className="list-loading" shapes={skeletonRows(3)} />
        )}
      </section>
      <div className="pane detail-pane" ref={detailPane}>
        {selectedId && !deleting.has(selectedId) ? (
          location.hypothesisId ? (
            <HypothesisDetail key={location.hypothesisId} hypothesisId={location.hypothesisId} onBack={() => select(selectedId)} />
          ) : (
            <ProjectDetail key={selectedId} researchId={selectedId} leaderboardTop={leaderboardTop} />
          )
        ) : (
          <div className="detail-placeholder" data-testid="detail-placeholder">
            <p>
              {projects?.length === 0
                ? 'A project you open shows its plan, progress, timeline and hypotheses here.'
                : 'Select a project to see its plan, progress, timeline and hypotheses.'}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * In the one-column layout (narrow windows) the details sit below the whole list: bring them into
 * view. Beside the list (wide windows) they are already in view and nothing moves.
 */
function revealIfOutOfView(element: HTMLElement | null): void {
  if (element === null) return;
  const { top } = element.getBoundingClientRect();
  if (top < 0 || top > window.innerHeight * 0.6) element.scrollIntoView({ block: 'start' });
}
