// The top of a project's leaderboard, for the project view, in the full board's own rows
// (common/leaderboard/BoardRow): the leading hypotheses with rank, movement, Elo and Bradley-Terry
// intervals (on the scale of these rows, so whether the leaders can be told apart shows at a
// glance), the certified top-k marked, each opening its detail, and the way to the full tournament. Its query is keyed under ['projects'], so it follows an
// assistant's judgements live like the rest of the project view.
import { certificationBadge } from './certification';
import type { LeaderboardPage } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useNavigation } from '../../app/navigation';
import { ciDomain } from '../../common/leaderboard/boardFacts';
import { BoardHeader, BoardRow, clickedRowId, type BoardColumnId } from '../../common/leaderboard/BoardRow';
import { useLeaderboardTop } from './queries';
import { Loading } from '../../app/Loading';
import '../../common/dataTable.css';
import './topHypotheses.css';

/** Enough to see the certified top-k (k is at most 10 in practice) and who presses on it. */
export const TOP_ROWS = 10;

/** The full board's row (common/leaderboard/BoardRow), with the columns a project's overview has room for. */
const SHOWN: readonly BoardColumnId[] = ['rank', 'movement', 'number', 'summary', 'elo', 'bt', 'matches'];

export function TopHypotheses({ researchId }: { researchId: string }) {
  const top = useLeaderboardTop(researchId, TOP_ROWS);
  const { navigate } = useNavigation();
  const page = top.data;

  return (
    <section className="overview-section top-board" aria-labelledby={`top-board-${researchId}`} data-testid="project-top-board" data-state={page === undefined ? 'loading' : 'ready'} data-total={page?.total}>
      <div className="top-board-head">
        <h3 id={`top-board-${researchId}`}>Leaderboard</h3>
        <button type="button" className="button button-secondary button-small" data-testid="open-full-leaderboard" onClick={() => navigate({ section: 'leaderboard', projectId: researchId })}>
          Open the full leaderboard
        </button>
      </div>
      {page !== undefined ? (
        <Board page={page} onOpen={(hypothesisId) => navigate({ section: 'projects', projectId: researchId, hypothesisId })} />
      ) : top.isError ? (
        <ErrorNotice error={top.error} title="Could not load the leaderboard" onRetry={() => void top.refetch()} testId="project-top-board-error" />
      ) : (
        <Loading label="Loading the leaderboard" className="skeleton skeleton-block" />
      )}
    </section>
  );
}

function Board({ page, onOpen }: { page: LeaderboardPage; onOpen: (hypothesisId: string) => void }) {
  if (page.total === 0) {
    return (
      <p className="muted" data-testid="project-top-board-empty">
        No hypotheses yet. Once your assistant has generated and reviewed some, they compete in pairwise matches and the leaders show here.
      </p>
    );
  }
  const domain = ciDomain(page.rows);
  const shown = page.rows.length;
  return (
    <>
      <p className="muted top-board-summary" data-testid="project-top-board-summary">
        <span className={`badge ${page.certified ? 'badge-completed' : 'badge-paused'}`} data-testid="project-top-board-certified">
          {certificationBadge(page.rows, page.k, page.certified)}
        </span>{' '}
        {shown < page.total ? `Top ${shown} of ${page.total.toLocaleString()} hypotheses` : `${page.total.toLocaleString()} ${page.total === 1 ? 'hypothesis' : 'hypotheses'}`} · {page.matches.toLocaleString()} matches
      </p>
      <div className="lb-table top-board-table" role="table" aria-label={`Top ${shown} hypotheses`} aria-rowcount={shown + 1}>
        <BoardHeader shown={SHOWN} />
        {/* One click handler for all rows, as on the full board: a click on a row opens its hypothesis. */}
        <div
          role="rowgroup"
          className="top-board-rows"
          onClick={(event) => {
            const id = clickedRowId(event);
            if (id !== undefined) onOpen(id);
          }}
        >
          {page.rows.map((row, index) => (
            <BoardRow key={row.id} row={row} shown={SHOWN} index={index} k={page.k} ciDomain={domain} open={false} openable />
          ))}
        </div>
      </div>
    </>
  );
}
