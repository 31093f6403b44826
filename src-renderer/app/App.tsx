// The app shell: a top bar (sections, server state) over the current section. The root carries
// `data-app-state` — loading, ready (first project list arrived) or error — which end-to-end
// tests wait on instead of sleeping.
import { useState } from 'react';
import { useAppInfo, useProjects } from '../api/queries';
import { AssistantsPanel } from '../features/assistants/AssistantsPanel';
import { ProjectsView } from '../features/projects/ProjectsView';
import { ServerIndicator } from './ServerIndicator';
import { useHostEvents } from './useHostEvents';

type Section = 'projects' | 'assistants';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'projects', label: 'Projects' },
  { id: 'assistants', label: 'Assistants' },
];

export function App() {
  useHostEvents();
  const [section, setSection] = useState<Section>('projects');
  const projects = useProjects();
  const info = useAppInfo();
  const appState = projects.data ? 'ready' : projects.isError ? 'error' : 'loading';

  return (
    <div className="app" data-testid="app" data-app-state={appState}>
      <header className="topbar">
        <div className="brand">
          <img className="brand-mark" src="./favicon.svg" alt="" width={22} height={22} />
          <span className="brand-name">Co-Scientist</span>
        </div>
        <nav className="sections" aria-label="Sections">
          {SECTIONS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              className="section-tab"
              data-testid={`nav-${id}`}
              aria-current={section === id ? 'page' : undefined}
              onClick={() => setSection(id)}
            >
              {label}
            </button>
          ))}
        </nav>
        <ServerIndicator />
      </header>
      {info.data?.server.state === 'down' && info.data.server.message ? (
        <div className="server-banner" role="alert" data-testid="server-banner">
          {info.data.server.message}
        </div>
      ) : null}
      <main className="content">
        {section === 'projects' ? (
          <ProjectsView projects={projects.data?.projects} error={projects.error} onRetry={() => void projects.refetch()} />
        ) : (
          <AssistantsPanel />
        )}
      </main>
      <footer className="statusbar muted">
        {info.data ? (
          <>
            <span>v{info.data.version}</span>
            <span title="Where your research database lives">
              Data: <code data-testid="data-dir">{info.data.data_dir}</code>
            </span>
          </>
        ) : null}
      </footer>
    </div>
  );
}
