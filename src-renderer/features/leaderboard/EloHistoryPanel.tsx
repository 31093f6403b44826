// Elo over time for the current top five, plus any hypotheses ticked for comparison.
import { useMemo } from 'react';
import type { LeaderboardRow } from '../../../src-main/host/contract';
import { ErrorNotice } from '../../app/ErrorNotice';
import { EloChart } from './EloChart';
import { useEloHistory } from './queries';

const TOP = 5;

export function EloHistoryPanel({ researchId, rows, selected }: { researchId: string; rows: readonly LeaderboardRow[]; selected: readonly string[] }) {
  const ids = useMemo(() => {
    const top = rows
      .filter((row) => row.rank !== null)
      .sort((a, b) => (a.rank as number) - (b.rank as number))
      .slice(0, TOP)
      .map((row) => row.id);
    return [...new Set([...top, ...selected])];
  }, [rows, selected]);
  const history = useEloHistory(researchId, ids);

  if (ids.length === 0) {
    return (
      <div className="empty-state" data-testid="elo-empty">
        <p>No ranked hypotheses yet.</p>
        <p className="muted">Elo moves as matches are judged. Once reviewed hypotheses meet in the tournament, their ratings appear here.</p>
      </div>
    );
  }
  if (history.isError) return <ErrorNotice error={history.error} title="Could not load the Elo history" onRetry={() => void history.refetch()} testId="elo-error" />;
  if (!history.data) return <div className="chart-skeleton skeleton" aria-busy="true" aria-label="Loading the Elo history" />;
  return (
    <div className="lb-chart-panel">
      <p className="muted">
        The current top {Math.min(TOP, ids.length)}
        {selected.length > 0 ? ' and the hypotheses ticked for comparison' : ''}. Elo is replayed over the match log in order; the ranking itself uses the Bradley-Terry fit.
      </p>
      <EloChart history={history.data} />
    </div>
  );
}
