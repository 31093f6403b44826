// The app shell: a top bar (sections, server state) over the current section. The root carries
// `data-app-state` — loading, ready (first project list arrived) or error — which end-to-end
// tests wait on instead of sleeping.
import { useAppInfo, useProjects } from './api/queries';
import { AssistantsPanel } from './features/assistants/AssistantsPanel';
import { KnowledgeView } from './features/knowledge/KnowledgeView';
import { AuditView } from './features/audit/AuditView';
import { useBoardPrefetch } from './features/leaderboard/boardPrefetch';
import { LeaderboardSection } from './features/leaderboard/LeaderboardSection';
import { ProjectsView } from './features/projects/ProjectsView';
import { TopHypotheses } from './features/leaderboard/TopHypotheses';
import { InboxView } from './features/checkpoints/InboxView';
import { SettingsView } from './features/settings/SettingsView';
import { useCheckpointAlerts, usePendingCount } from './features/checkpoints/useCheckpointAlerts';
import { useTrashedProjectsUndo } from './features/projects/useProjectActions';
import { NavigationProvider, useNavigation } from './app/navigation';
import { ToastProvider } from './app/Toasts';
import { useTheme } from './app/useTheme';
import './app/controls.css';
import { ServerIndicator } from './app/ServerIndicator';
import { LabSideSwitch } from './app/LabSideSwitch';
import { ConnectionBanner } from './app/ConnectionBanner';
import { useHostEvents } from './app/useHostEvents';

type Section = 'projects' | 'inbox' | 'leaderboard' | 'knowledge' | 'assistants' | 'audit' | 'settings';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'projects', label: 'Projects' },
  { id: 'inbox', label: 'Checkpoints' },
  { id: 'leaderboard', label: 'Leaderboard' },
  { id: 'knowledge', label: 'Knowledge' },
  { id: 'assistants', label: 'Assistants' },
  { id: 'audit', label: 'Audit log' },
  { id: 'settings', label: 'Settings' },
];

const SECTION_IDS: readonly string[] = SECTIONS.map((s) => s.id);
const HOME = { section: 'projects' };

export function App() {
  return (
    <NavigationProvider initial={HOME} sections={SECTION_IDS}>
      <ToastProvider>
        <AppShell />
      </ToastProvider>
    </NavigationProvider>
  );
}

function AppShell() {
  useHostEvents();
  useTheme();
  useCheckpointAlerts();
  useTrashedProjectsUndo();
  const pendingCount = usePendingCount();
  const { location, openSection, sectionLocation } = useNavigation();
  const section = location.section as Section;
  const projects = useProjects();
  const prefetchBoard = useBoardPrefetch();
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
              className="quiet-button section-tab"
              data-testid={`nav-${id}`}
              aria-current={section === id ? 'page' : undefined}
              onClick={() => openSection(id)}
              // The board's load starts on the press, not after the section's first render (boardPrefetch.ts).
              onPointerDown={
                id === 'leaderboard' && section !== 'leaderboard'
                  ? (event) => {
                      if (event.button === 0) prefetchBoard(sectionLocation('leaderboard').projectId, projects.data?.projects);
                    }
                  : undefined
              }
            >
              {label}
              {id === 'inbox' && pendingCount ? (
                <span className="section-badge" data-testid="inbox-count" title="Checkpoints waiting for your decision">
                  {pendingCount}
                </span>
              ) : null}
            </button>
          ))}
        </nav>
        <LabSideSwitch />
        <ServerIndicator />
      </header>
      <ConnectionBanner />
      {info.data?.server.state === 'down' && info.data.server.message ? (
        <div className="server-banner" role="alert" data-testid="server-banner">
          {info.data.server.message}
        </div>
      ) : null}
      <main className="content">
        {section === 'projects' ? (
          <ProjectsView
            projects={projects.data?.projects}
            error={projects.error}
            onRetry={() => void projects.refetch()}
            leaderboardTop={(researchId) => <TopHypotheses researchId={researchId} />}
          />
        ) : section === 'inbox' ? (
          <InboxView />
        ) : section === 'settings' ? (
          <SettingsView />
        ) : section === 'leaderboard' ? (
          <LeaderboardSection />
        ) : section === 'audit' ? (
          <AuditView />
        ) : section === 'knowledge' ? (
          <KnowledgeView />
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
