// One project's tournament: the leaderboard table, Elo over time, the evolution lineage, a
// side-by-side comparison, the arena where the scientist judges pairs, and the match log.
// Exported for the project view to embed; the Leaderboard section shows it too.
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { LeaderboardPage } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ArenaPanel } from './ArenaPanel';
import { ComparePanel } from './ComparePanel';
import { EloHistoryPanel } from './EloHistoryPanel';
import { INITIAL_ELO_CHOICE, type EloChoice } from './eloSelection';
import { LeaderboardTab, type TableState } from './LeaderboardTab';
import { DEFAULT_SORT, NO_FILTERS } from './leaderboardModel';
import { LineagePanel } from './LineagePanel';
import { useComparePicks } from './comparePicks';
import { certificationBadge } from './certification';
import { MatchList } from './MatchList';
import { useLeaderboardPages } from './queries';
import { useRenderMarks } from './renderMarks';
import { Loading, skeletonRows } from '../../app/Loading';
import '../../common/dataTable.css';
import './charts.css';
import './compare.css';

type Tab = 'table' | 'history' | 'lineage' | 'compare' | 'arena' | 'matches';

const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'table', label: 'Leaderboard' },
  { id: 'history', label: 'Elo over time' },
  { id: 'lineage', label: 'Lineage' },
  { id: 'compare', label: 'Compare' },
  { id: 'arena', label: 'Arena' },
  { id: 'matches', label: 'Matches' },
];

export function ProjectLeaderboard({
  researchId,
  openId,
  onOpen,
}: {
  researchId: string;
  /** The hypothesis shown in full beside the board. */
  openId?: string | null | undefined;
  /** from 'arena': opened to judge, so the panel hides the standings. */
  onOpen?: ((id: string, from?: 'arena') => void) | undefined;
}) {
  const query = useLeaderboardPages(researchId);
  const [tab, setTab] = useState<Tab>('table');
  const [table, setTable] = useState<TableState>({ filters: NO_FILTERS, sort: DEFAULT_SORT });
  const [selected, toggle] = useComparePicks(researchId);
  // Kept here, not in the chart's tab, so a look at the table does not reset the scientist's choice.
  const [eloChoice, setEloChoice] = useState<EloChoice>(INITIAL_ELO_CHOICE);
  const [arenaOpened, setArenaOpened] = useState(false);
  if (tab === 'arena' && !arenaOpened) setArenaOpened(true);
  const pages = query.data;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows) ?? [], [pages]);
  const head: LeaderboardPage | undefined = pages?.[0];
  // Complete once the last page is in; a refresh keeps the complete board until it replaces it.
  const complete = pages !== undefined && pages.at(-1)?.next_cursor === null;

  // Measured here, mounted before any data arrives; its layout effect runs after the table's commit.
  useRenderMarks(tab === 'table' ? rows.length : 0, complete && tab === 'table');

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    // In the arena ← and → choose a side (ArenaPanel), even with the focus still on its tab.
    if (tab === 'arena') return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + step + TABS.length) % TABS.length] as (typeof TABS)[number];
    setTab(next.id);
    document.getElementById(`lb-tab-${researchId}-${next.id}`)?.focus();
  };

  if (query.isError && head === undefined) {
    return <ErrorNotice error={query.error} title="Could not load the leaderboard" onRetry={() => void query.refetch()} testId="leaderboard-error" />;
  }

  return (
    <section className="lb" aria-label="Tournament" data-testid="project-leaderboard" data-state={head === undefined ? 'loading' : complete ? 'complete' : 'partial'} data-loaded-rows={rows.length}>
      <Summary head={head} rows={rows} loaded={rows.length} complete={complete} failed={query.isError && !query.isFetching} />
      {query.isError ? <ErrorNotice error={query.error} title="Some of the leaderboard could not be loaded" onRetry={() => void query.refetch()} testId="leaderboard-error" /> : null}
      <div className="lb-tabs" role="tablist" aria-label="Tournament views" onKeyDown={onTabKey}>
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            id={`lb-tab-${researchId}-${id}`}
            type="button"
            role="tab"
            className="lb-tabbutton"
            aria-selected={tab === id}
            aria-controls={`lb-panel-${researchId}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            data-testid={`tab-${id}`}
          >
            {label}
            {id === 'compare' && selected.length > 0 ? <span className="count">{selected.length}/2</span> : null}
          </button>
        ))}
      </div>
      <div id={`lb-panel-${researchId}`} role="tabpanel" aria-labelledby={`lb-tab-${researchId}-${tab}`} className="lb-panel">
        {head === undefined ? (
          <TableSkeleton />
        ) : head.total === 0 ? (
          <div className="empty-state" data-testid="leaderboard-empty">
            <p>No hypotheses in this project yet.</p>
            <p className="muted">
              The leaderboard fills as your assistant generates hypotheses and judges them. Ask it to <q>continue the research</q>, and approve the hypothesis batch when the app asks.
            </p>
          </div>
        ) : tab === 'table' ? (
          <LeaderboardTab researchId={researchId} rows={rows} k={head.k} state={table} onState={setTable} selected={selected} onToggleSelect={toggle} openId={openId} onOpen={onOpen} />
        ) : tab === 'history' ? (
          <EloHistoryPanel researchId={researchId} rows={rows} selected={selected} choice={eloChoice} onChoice={setEloChoice} />
        ) : tab === 'lineage' ? (
          <LineagePanel rows={rows} onOpen={onOpen} />
        ) : tab === 'compare' ? (
          <ComparePanel researchId={researchId} selected={selected} rows={rows} onPick={toggle} />
        ) : tab === 'arena' ? null : (
          <MatchList researchId={researchId} rows={rows} />
        )}
        {/* The arena stays mounted once opened: its pair, skips and votes survive a look at the table. */}
        {head !== undefined && head.total > 0 && arenaOpened ? (
          <div hidden={tab !== 'arena'} className="lb-arena-slot">
            <ArenaPanel researchId={researchId} rows={rows} active={tab === 'arena'} onRead={onOpen === undefined ? undefined : (id) => onOpen(id, 'arena')} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Summary({ head, rows, loaded, complete, failed }: { head: LeaderboardPage | undefined; rows: LeaderboardPage['rows']; loaded: number; complete: boolean; failed: boolean }) {
  if (head === undefined) return <Loading label="Loading the leaderboard summary" className="lb-summary skeleton skeleton-line" />;
  return (
    <div className="lb-summary" data-testid="leaderboard-summary">
      <span className={`badge ${head.certified ? 'badge-completed' : 'badge-paused'}`} data-testid="leaderboard-certified" title={`Certified when every top-${head.k} member is in the top ${head.k} in at least ${Math.round(head.certify_threshold * 100)}% of bootstrap replicates`}>
        {certificationBadge(rows, head.k, head.certified)}
      </span>
      <span className="muted">
        {head.total.toLocaleString()} hypotheses · {head.matches.toLocaleString()} matches
        {head.movement_window.matches > 0
          ? ` · movement since the last ${head.movement_window.judge === 'human' ? 'human vote' : `round of ${head.movement_window.matches} matches`}`
          : ''}
      </span>
      {complete ? null : failed ? (
        // A page failed mid-board (the error notice says why): the board stops growing, and says it is partial.
        <span className="lb-loading" data-testid="leaderboard-progress">
          Only {loaded.toLocaleString()} of {head.total.toLocaleString()} loaded
        </span>
      ) : (
        <span className="lb-loading" role="status" data-testid="leaderboard-progress">
          <progress max={head.total} value={loaded} aria-label="Leaderboard rows loaded" /> Loading {loaded.toLocaleString()} of {head.total.toLocaleString()}…
        </span>
      )}
    </div>
  );
}

function TableSkeleton() {
  return <Loading label="Loading the leaderboard" className="lb-skeleton" testId="leaderboard-loading" shapes={skeletonRows(8)} />;
}
