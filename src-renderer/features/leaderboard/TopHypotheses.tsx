// The top of a project's leaderboard, for the project view: the leading hypotheses with rank,
// movement, Elo and Bradley-Terry intervals (on the scale of these rows, so whether the leaders
// can be told apart shows at a glance), the certified top-k marked, each opening its detail, and
// the way to the full tournament. Its query is keyed under ['projects'], so it follows an
// assistant's judgements live like the rest of the project view.
import { certificationBadge } from './certification';
import type { LeaderboardPage, LeaderboardRow } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useNavigation } from '../../app/navigation';
import { ciCell } from '../../common/leaderboard/ciCell';
import { ciDomain, movementLabel } from '../../common/leaderboard/boardFacts';
import { useLeaderboardTop } from './queries';
import { Loading } from '../../app/Loading';
import '../../common/dataTable.css';
import './topHypotheses.css';

/** Enough to see the certified top-k (k is at most 10 in practice) and who presses on it. */
export const TOP_ROWS = 10;

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
      <table className="top-board-table" aria-label={`Top ${shown} hypotheses`}>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col" title="Rank movement in the latest judging round">
              Move
            </th>
            <th scope="col">Hypothesis</th>
            <th scope="col" className="num">
              Elo
            </th>
            <th scope="col" title="Bradley-Terry score with its 95% bootstrap interval, on the scale of these rows">
              BT score · 95% CI
            </th>
            <th scope="col" className="num" title="Matches won and lost">
              W–L
            </th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <TopRow key={row.id} row={row} k={page.k} domain={domain} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </>
  );
}

function TopRow({ row, k, domain, onOpen }: { row: LeaderboardRow; k: number; domain: [number, number] | null; onOpen: (hypothesisId: string) => void }) {
  const movement = movementLabel(row);
  const bt = ciCell(row.bt_score, row.ci95, domain);
  return (
    <tr className={row.certified_top_k ? 'is-certified' : undefined} data-testid="project-top-row" data-id={row.id} data-rank={row.rank ?? ''}>
      <td className="top-board-rank">
        {row.rank ?? '—'}
        {row.certified_top_k ? (
          <span className="lb-certified" role="img" aria-label={`certified in top-${k}`} title={`Certified in the top ${k}`} data-testid="project-top-certified">
            ✓
          </span>
        ) : null}
      </td>
      <td className={`lb-move-${movement.kind}`} title={movement.description} aria-label={movement.description || 'not ranked'}>
        {movement.text}
      </td>
      <td className="top-board-summary-cell">
        <button type="button" className="link-button top-board-open" title={row.summary} onClick={() => onOpen(row.id)} data-testid="project-top-open">
          <span className="top-board-number">H{row.number}</span> {row.summary}
        </button>
      </td>
      <td className="num" data-testid="project-top-elo">
        {Math.round(row.elo_score)}
      </td>
      <td className={bt.label === undefined ? 'ci-empty' : 'ci-cell'} aria-label={bt.label} title={bt.label} style={bt.style}>
        {bt.text}
      </td>
      <td className="num" title={`${row.matches_played} matches played`}>
        {`${row.wins}–${row.matches_played - row.wins}`}
      </td>
    </tr>
  );
}
