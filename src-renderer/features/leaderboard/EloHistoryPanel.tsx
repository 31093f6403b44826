// Elo over time for the hypotheses the scientist chooses: the top N (default 5), the ones ticked
// for comparison, and any added here; each can be taken off the chart from its legend.
import { useMemo } from 'react';
import type { LeaderboardRow } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { hypothesisTitle } from '../../common/hypothesisTitle';
import { EloChart } from './EloChart';
import { addCharted, chartedIds, MAX_CHARTED, removeCharted, TOP_CHOICES, type EloChoice } from './eloSelection';
import { useEloHistory } from './queries';
import { Loading } from '../../app/Loading';

export function EloHistoryPanel({
  researchId,
  rows,
  selected,
  choice,
  onChoice,
}: {
  researchId: string;
  rows: readonly LeaderboardRow[];
  selected: readonly string[];
  choice: EloChoice;
  onChoice: (next: EloChoice) => void;
}) {
  const { ids, leftOut } = useMemo(() => chartedIds(rows, choice, selected), [rows, choice, selected]);
  const history = useEloHistory(researchId, ids);
  const addable = useMemo(() => {
    const shown = new Set(ids);
    return rows.filter((row) => !shown.has(row.id)).sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.number - b.number);
  }, [rows, ids]);

  const controls = (
    <div className="elo-controls">
      <label>
        Show the top{' '}
        <select value={choice.top} onChange={(event) => onChoice({ ...choice, top: Number(event.target.value) })} data-testid="elo-top">
          {TOP_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? 'none' : n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Add a hypothesis{' '}
        <select
          value=""
          disabled={addable.length === 0 || ids.length >= MAX_CHARTED}
          onChange={(event) => {
            if (event.target.value !== '') onChoice(addCharted(choice, event.target.value));
          }}
          data-testid="elo-add"
        >
          <option value="">Choose…</option>
          {addable.map((row) => (
            <option key={row.id} value={row.id}>
              H{row.number}
              {row.rank === null ? ' (not ranked)' : ` (rank ${row.rank})`} — {hypothesisTitle(row)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );

  if (ids.length === 0) {
    return (
      <div className="lb-chart-panel">
        {controls}
        <div className="empty-state" data-testid="elo-empty">
          {rows.some((row) => row.rank !== null) ? (
            <>
              <p>No hypotheses chosen for the chart.</p>
              <p className="muted">Show some of the top, add a hypothesis above, or tick hypotheses in the leaderboard.</p>
            </>
          ) : (
            <>
              <p>No ranked hypotheses yet.</p>
              <p className="muted">Elo moves as matches are judged. Once reviewed hypotheses meet in the tournament, their ratings appear here.</p>
            </>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="lb-chart-panel">
      {controls}
      <p className="muted" data-testid="elo-note">
        {describeChoice(choice, selected.length > 0)} Elo is replayed over the match log in order; the rank comes from the Bradley-Terry fit, drawn at the right with its 95% interval.
        {leftOut > 0 ? ` ${leftOut} more chosen ${leftOut === 1 ? 'is' : 'are'} not drawn: the chart shows at most ${MAX_CHARTED}.` : ''}
      </p>
      {history.isError ? (
        <ErrorNotice error={history.error} title="Could not load the Elo history" onRetry={() => void history.refetch()} testId="elo-error" />
      ) : history.data ? (
        <EloChart history={history.data} onRemove={(id) => onChoice(removeCharted(choice, id))} />
      ) : (
        <Loading label="Loading the Elo history" className="chart-skeleton skeleton" />
      )}
    </div>
  );
}

function describeChoice(choice: EloChoice, ticked: boolean): string {
  const parts = [choice.top > 0 ? `the current top ${choice.top}` : null, ticked ? 'the hypotheses ticked for comparison' : null, choice.added.length > 0 ? 'those you added' : null].filter(
    (part): part is string => part !== null,
  );
  if (parts.length === 0) return '';
  const text = parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] as string}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
