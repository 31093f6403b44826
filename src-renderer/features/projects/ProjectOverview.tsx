// A project at a glance: progress and counts, the top of its leaderboard, the research plan it
// follows, the budget it used, and what the meta-review made of the work so far (its feedback and
// the research overview).
import type { ReactNode } from 'react';
import type { ProjectTimeline, ResearchStatus } from '../../../src-shared/routes/index';
import { useProjectTimeline } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Fact, Stat } from '../../app/Facts';
import { ItemList } from '../../app/ItemList';
import { ProgressBar } from '../../app/ProgressBar';
import { dateTime, duration, percent } from '../../common/format';
import { PAUSABLE } from '../../common/PausePolicyFields';
import { Loading } from '../../app/Loading';

/**
 * The top of a project's leaderboard, drawn by the leaderboard feature: App.tsx passes it in, since
 * features do not import each other (architecture.md, *Layers and folders*).
 */
export type LeaderboardTop = (researchId: string) => ReactNode;

export function ProjectOverview({
  status,
  leaderboardTop,
  waitsForAssistant = false,
}: {
  status: ResearchStatus;
  leaderboardTop: LeaderboardTop;
  waitsForAssistant?: boolean;
}) {
  const record = useProjectTimeline(status.research_id);
  const first = record.data?.pages[0];
  const top = status.top_hypothesis;
  return (
    <div className="project-overview">
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

      {leaderboardTop(status.research_id)}

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
          {/* No clock runs while the project waits to be asked: an estimate would mislead (issue 33 item 7). */}
          {waitsForAssistant ? 'none: the project waits until your assistant is asked to continue' : duration(status.estimated_completion_minutes)}
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

      {first ? <Record record={first} /> : record.isError ? <ErrorNotice error={record.error} title="Could not load the plan and budget" onRetry={() => void record.refetch()} /> : <Loading label="Loading the plan" className="skeleton skeleton-block" />}
    </div>
  );
}

function Record({ record }: { record: ProjectTimeline }) {
  const pauses = PAUSABLE.filter((p) => record.pause_at.includes(p.kind)).map((p) => p.label);
  return (
    <>
      <section className="overview-section" aria-labelledby="budget-title" data-testid="detail-budget">
        <h3 id="budget-title">Budget</h3>
        <div className="project-detail-progress">
          <ProgressBar value={record.reasoning_call_budget === 0 ? 0 : record.reasoning_calls_used / record.reasoning_call_budget} label="Reasoning calls used" testId="detail-budget-bar" />
          <span data-testid="detail-budget-used">
            {record.reasoning_calls_used} of {record.reasoning_call_budget} reasoning calls
          </span>
        </div>
        <p className="muted">
          Stage <strong>{record.stage}</strong>, research cycle {record.iteration} of {Math.max(record.max_iterations, record.iteration)}.
          {record.stop_reason ? ` Stopped: ${record.stop_reason}.` : ''}
        </p>
        <p className="muted" data-testid="detail-pause-at">
          Pauses for your decision at: {pauses.length > 0 ? pauses.join(', ') : 'nothing but'}
          {pauses.length > 0 ? ' and safety reviews.' : ' safety reviews.'}
        </p>
      </section>

      <section className="overview-section" aria-labelledby="plan-title" data-testid="detail-plan">
        <h3 id="plan-title">Research plan</h3>
        <Items title="Objectives" items={record.plan.objectives} />
        <Items title="Constraints" items={record.plan.constraints} empty="No constraints." />
        <Items title="Preferences" items={record.plan.preferences} empty="No preferences." />
      </section>

      <section className="overview-section" aria-labelledby="meta-title" data-testid="detail-meta-review">
        <h3 id="meta-title">Meta-review</h3>
        {record.meta_review === null ? (
          <p className="muted">None yet. After each tournament round a meta-review sums up recurring critiques and steers the next generation.</p>
        ) : (
          <>
            <Items title="Recurring critiques" items={record.meta_review.recurring_critiques} empty="None recorded." />
            <div className="overview-text">
              <h4>Feedback for generation</h4>
              <p>{record.meta_review.feedback_for_generation}</p>
            </div>
            <div className="overview-text">
              <h4>Feedback for review</h4>
              <p>{record.meta_review.feedback_for_review}</p>
            </div>
            <div className="overview-text" data-testid="detail-research-overview">
              <h4>Research overview</h4>
              <p className="prose">{record.meta_review.research_overview}</p>
            </div>
          </>
        )}
      </section>
    </>
  );
}

function Items({ title, items, empty = 'None.' }: { title: string; items: string[]; empty?: string }) {
  return (
    <div className="overview-text">
      <h4>{title}</h4>
      <ItemList items={items} empty={empty} />
    </div>
  );
}
