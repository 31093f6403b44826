// The Leaderboard section of the app: pick a project, see its tournament, and read any hypothesis
// in full in the side panel beside it. The project and the open hypothesis are the section's
// address (#/leaderboard?project=…&hypothesis=…), so Back closes the panel and a link reopens it.
import { useCallback, useEffect, useId, useState } from 'react';
import { useProjects } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ProjectGoalOptions } from '../../common/ProjectGoalOptions';
import { useNavigation } from '../../app/navigation';
import { HypothesisSidePanel } from '../../common/hypotheses/HypothesisSidePanel';
import { shownBoardProject } from './boardPrefetch';
import { ProjectLeaderboard } from './ProjectLeaderboard';
import { Loading } from '../../app/Loading';
import '../../common/dataTable.css';

export function LeaderboardSection() {
  const id = useId();
  const projects = useProjects();
  const { location, navigate, replace } = useNavigation();
  const list = projects.data?.projects ?? [];
  // Until the scientist picks one, the most recently updated project is shown, and then kept (it
  // becomes the address): another project's activity must not switch the board under them.
  const current = shownBoardProject(location.projectId, list);
  useEffect(() => {
    if (location.projectId === undefined && current !== undefined) replace({ section: 'leaderboard', projectId: current });
  }, [location.projectId, current, replace]);
  const openId = location.hypothesisId ?? null;
  // Opened from the arena, the panel leaves the standings out (HypothesisDetail's hideStandings).
  const [blind, setBlind] = useState(false);
  const openHypothesis = (hypothesisId: string, from?: 'arena'): void => {
    setBlind(from === 'arena');
    navigate({ section: 'leaderboard', projectId: current, hypothesisId });
  };
  const closeHypothesis = useCallback((): void => navigate({ section: 'leaderboard', projectId: current }), [navigate, current]);
  return (
    <div className="fill-view lb-section" data-testid="leaderboard-section">
      <div className="pane-header lb-section-head">
        <h1>Tournament</h1>
        {list.length > 0 ? (
          <div className="lb-filter lb-project-picker">
            <label htmlFor={`${id}-project`}>Project</label>
            <select id={`${id}-project`} value={current} onChange={(event) => navigate({ section: 'leaderboard', projectId: event.target.value })} data-testid="leaderboard-project">
              <ProjectGoalOptions projects={list} maxChars={90} />
            </select>
          </div>
        ) : null}
      </div>
      {projects.isError ? (
        <ErrorNotice error={projects.error} title="Could not load your projects" onRetry={() => void projects.refetch()} testId="leaderboard-projects-error" />
      ) : !projects.data ? (
        <Loading label="Loading projects" className="skeleton skeleton-block" />
      ) : current === undefined ? (
        <div className="empty-state" data-testid="leaderboard-no-projects">
          <p>No research projects yet.</p>
          <p className="empty-state-prompt">
            Ask your assistant: <q>Start a Co-Scientist research project on …</q>
          </p>
          <p className="muted">Or start one under Projects. Its hypotheses compete here once they are reviewed.</p>
        </div>
      ) : (
        <div className={`lb-workspace${openId === null ? '' : ' has-side'}`}>
          <ProjectLeaderboard key={current} researchId={current} openId={openId} onOpen={openHypothesis} />
          {openId !== null ? <HypothesisSidePanel hypothesisId={openId} onClose={closeHypothesis} hideStandings={blind} /> : null}
        </div>
      )}
    </div>
  );
}
