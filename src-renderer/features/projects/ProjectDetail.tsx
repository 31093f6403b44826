// One project: its header (goal, status, archive and delete), then Overview (progress, plan,
// budget, meta-review), Timeline (what ran, by whom, when) and Hypotheses. It refetches whenever
// the host announces a change, so an assistant's progress shows up while the scientist watches.
import { LongText } from '../../app/LongText';
import { useState } from 'react';
import type { ResearchStatus } from '../../../src-shared/routes/index';
import { HostError } from '../../api/cosci';
import { useProjectStatus } from '../../api/queries';
import { useProjectOverview } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useNavigation } from '../../app/navigation';
import { Tabs } from '../../app/Tabs';
import { HypothesesPanel } from '../../common/hypotheses/HypothesesPanel';
import { statusLabel } from '../../common/format';
import { ProjectExports } from './ProjectExports';
import { ProjectOverview, type LeaderboardTop } from './ProjectOverview';
import { ProjectStatusNotice } from './ProjectStatusNotice';
import { ProjectTimeline } from './ProjectTimeline';
import { useProjectActions } from './useProjectActions';
import { waitsForAssistant } from '../../common/waitingFor';
import { Loading } from '../../app/Loading';

type DetailTab = 'overview' | 'timeline' | 'hypotheses';

export function ProjectDetail({ researchId, leaderboardTop }: { researchId: string; leaderboardTop: LeaderboardTop }) {
  const status = useProjectStatus(researchId);

  if (status.data) return <StatusView status={status.data} leaderboardTop={leaderboardTop} />;
  if (status.isError) {
    const gone = status.error instanceof HostError && status.error.code === 'NOT_FOUND';
    return (
      <section className="card project-detail" data-testid="project-detail" aria-live="polite">
        <ErrorNotice
          error={status.error}
          title={gone ? 'This project no longer exists' : 'Could not load this project'}
          {...(gone ? {} : { onRetry: () => void status.refetch() })}
          testId="project-detail-error"
        />
      </section>
    );
  }
  return <Loading label="Loading project" className="card project-detail is-loading" testId="project-detail-loading" shapes={['title', 'line', 'block']} />;
}

function StatusView({ status, leaderboardTop }: { status: ResearchStatus; leaderboardTop: LeaderboardTop }) {
  const [tab, setTab] = useState<DetailTab>('overview');
  const overview = useProjectOverview();
  const flags = overview.data?.projects.find((p) => p.id === status.research_id);
  const archived = flags?.archived_at != null;
  const pending = flags?.pending_checkpoints ?? 0;
  const { deleteWithUndo, setArchived, archivePending } = useProjectActions();
  const { navigate } = useNavigation();
  const project = { id: status.research_id, goal: status.goal };
  const waits = waitsForAssistant(status.status, flags);

  return (
    <section className="card project-detail" data-testid="project-detail" aria-labelledby="project-detail-goal">
      <header className="split-header project-detail-header">
        <div className="project-detail-title">
          <LongText as="h2" id="project-detail-goal" testId="detail-goal" text={status.goal} />
          <span className="project-detail-badges">
            <span className={`badge badge-${status.status}`} data-testid="detail-status">
              {statusLabel(status.status)}
            </span>
            {waits ? (
              <span className="badge badge-paused" data-testid="detail-waits-assistant">
                Waits for your assistant
              </span>
            ) : null}
            {archived ? (
              <span className="badge badge-paused" data-testid="detail-archived">
                Archived
              </span>
            ) : null}
          </span>
        </div>
        <div className="project-actions" role="group" aria-label="Project actions">
          <ProjectExports researchId={status.research_id} status={status.status} hypotheses={status.hypotheses_generated} />
          <button type="button" className="button button-secondary button-small" data-testid={archived ? 'restore-project' : 'archive-project'} disabled={archivePending} onClick={() => setArchived(project, !archived)}>
            {archived ? 'Restore' : 'Archive'}
          </button>
          <button type="button" className="button button-secondary button-small button-danger-text" data-testid="delete-project" onClick={() => deleteWithUndo(project)}>
            Delete
          </button>
        </div>
      </header>
      {pending > 0 ? (
        <div className="notice notice-warning pending-notice" data-testid="detail-pending">
          <span>
            {pending === 1 ? 'A checkpoint waits' : `${pending} checkpoints wait`} for your decision; the research continues once you decide.
          </span>
          <button type="button" className="button button-primary button-small" onClick={() => navigate({ section: 'inbox', checkpointId: overview.data?.pending.find((c) => c.research_id === project.id)?.checkpoint_id })}>
            Open in Checkpoints
          </button>
        </div>
      ) : (
        <ProjectStatusNotice status={status} flags={flags} />
      )}
      <Tabs
        items={[
          { id: 'overview', label: 'Overview' },
          { id: 'timeline', label: 'Timeline' },
          { id: 'hypotheses', label: `Hypotheses (${status.hypotheses_generated})` },
        ]}
        selected={tab}
        onSelect={setTab}
        label="Project"
        testIdPrefix="detail-tab"
        panelId="project-detail-panel"
      />
      <div id="project-detail-panel" role="tabpanel" className="project-detail-panel">
        {tab === 'overview' ? <ProjectOverview status={status} leaderboardTop={leaderboardTop} waitsForAssistant={waits} /> : tab === 'timeline' ? <ProjectTimeline researchId={status.research_id} /> : <HypothesesPanel researchId={status.research_id} addRefused={addRefusal(status)} />}
      </div>
    </section>
  );
}

/** The stage rule of issue 15 item 2 as the app shows it: a completed project takes no new hypothesis until it is reopened. */
function addRefusal(status: ResearchStatus): string | null {
  if (status.status === 'completed' || status.stage === 'done') return 'This project is complete: reopen it (above) with a new budget to add a hypothesis that is reviewed and ranked.';
  return null;
}
