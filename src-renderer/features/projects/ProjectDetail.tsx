// Everything `projects.status` knows about one project. It refetches whenever the host
// announces a project change, so an assistant's progress shows up while the scientist watches.
import type { ReactNode } from 'react';
import type { ResearchStatus } from '../../../src-main/host/contract';
import { HostError } from '../../api/cosci';
import { useProjectStatus } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ProgressBar } from '../../app/ProgressBar';
import { dateTime, duration, percent, statusLabel } from './format';

export function ProjectDetail({ researchId }: { researchId: string }) {
  const status = useProjectStatus(researchId);

  if (status.data) return <StatusView status={status.data} />;
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
  return (
    <section className="card project-detail is-loading" data-testid="project-detail-loading" aria-busy="true" aria-label="Loading project">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-block" />
    </section>
  );
}

function StatusView({ status }: { status: ResearchStatus }) {
  const top = status.top_hypothesis;
  return (
    <section className="card project-detail" data-testid="project-detail" aria-labelledby="project-detail-goal">
      <header className="project-detail-header">
        <h2 id="project-detail-goal" data-testid="detail-goal">
          {status.goal}
        </h2>
        <span className={`badge badge-${status.status}`} data-testid="detail-status">
          {statusLabel(status.status)}
        </span>
      </header>
      <div className="project-detail-progress">
        <ProgressBar value={status.progress} label="Project progress" testId="detail-progress-bar" />
        <span data-testid="detail-progress">{percent(status.progress)}% complete</span>
      </div>

      <dl className="stats" aria-label="Hypotheses">
        <Stat label="Hypothesis budget" testId="detail-hypothesis-count" value={status.hypothesis_count} />
        <Stat label="Generated" testId="detail-generated" value={status.hypotheses_generated} />
        <Stat label="Reviewed" testId="detail-reviewed" value={status.hypotheses_reviewed} />
        <Stat label="In tournament" testId="detail-in-tournament" value={status.hypotheses_in_tournament} />
      </dl>

      <dl className="facts">
        <Fact label="Research ID" testId="detail-research-id">
          <code>{status.research_id}</code>
        </Fact>
        <Fact label="Domain" testId="detail-domain">
          {status.domain}
        </Fact>
        <Fact label="Started by" testId="detail-created-by">
          {status.created_by}
        </Fact>
        <Fact label="Created" testId="detail-created-at">
          <time dateTime={status.created_at}>{dateTime(status.created_at)}</time>
        </Fact>
        <Fact label="Last update" testId="detail-last-update">
          <time dateTime={status.last_update}>{dateTime(status.last_update)}</time>
        </Fact>
        <Fact label="Estimated time left" testId="detail-estimated-completion">
          {duration(status.estimated_completion_minutes)}
        </Fact>
      </dl>

      <section className="top-hypothesis" aria-labelledby="top-hypothesis-title" data-testid="detail-top-hypothesis">
        <h3 id="top-hypothesis-title">Top hypothesis</h3>
        {top ? (
          <>
            <p>{top.summary}</p>
            <p className="muted">
              <code>{top.id}</code> · Elo {Math.round(top.elo_score)} · {top.status}
            </p>
          </>
        ) : (
          <p className="muted">None yet. Hypotheses appear here once they have been generated and ranked.</p>
        )}
      </section>
    </section>
  );
}

function Stat({ label, testId, value }: { label: string; testId: string; value: number }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
