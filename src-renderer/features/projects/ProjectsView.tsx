// The projects screen: the list (with the New research form above it) beside the open project.
import { useState } from 'react';
import type { ProjectSummary } from '../../../src-main/host/contract';
import { ErrorNotice } from '../../app/ErrorNotice';
import { NewResearchForm } from './NewResearchForm';
import { ProjectDetail } from './ProjectDetail';
import { ProjectList } from './ProjectList';

export function ProjectsView({
  projects,
  error,
  onRetry,
}: {
  projects: ProjectSummary[] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  return (
    <div className="projects-layout">
      <section className="pane list-pane" aria-labelledby="projects-title">
        <div className="pane-header">
          <h1 id="projects-title">
            Research projects
            {projects ? (
              <span className="count" data-testid="project-count">
                {projects.length}
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
                setSelectedId(project.research_id);
              }}
            />
          ) : null}
        </div>
        {projects ? (
          <ProjectList projects={projects} selectedId={selectedId} onSelect={setSelectedId} />
        ) : error ? (
          <ErrorNotice error={error} title="Could not load your projects" onRetry={onRetry} testId="projects-error" />
        ) : (
          <div className="list-loading" aria-busy="true" aria-label="Loading projects">
            <div className="skeleton skeleton-row" />
            <div className="skeleton skeleton-row" />
            <div className="skeleton skeleton-row" />
          </div>
        )}
      </section>
      <div className="pane detail-pane">
        {selectedId ? (
          <ProjectDetail key={selectedId} researchId={selectedId} />
        ) : (
          <div className="detail-placeholder" data-testid="detail-placeholder">
            <p>
              {projects?.length === 0
                ? 'A project you open shows its progress, hypotheses and top-ranked idea here.'
                : 'Select a project to see its progress, hypotheses and top-ranked idea.'}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
