// The match log, newest first, as a virtualised list that loads older pages as it scrolls: who
// met whom (in the slot order the judge saw), who won, and whether a model or the scientist judged.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { LeaderboardRow, MatchEntry } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { dateTime } from '../../common/format';
import { useMatches } from './queries';
import { Loading, skeletonRows } from '../../app/Loading';

const ROW_HEIGHT = 56;

export function MatchList({ researchId, rows }: { researchId: string; rows: readonly LeaderboardRow[] }) {
  const [judge, setJudge] = useState<'all' | 'model' | 'human'>('all');
  const query = useMatches(researchId, judge);
  const matches = useMemo(() => query.data?.pages.flatMap((page) => page.matches) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  const numbers = useMemo(() => new Map(rows.map((row) => [row.id, row.number])), [rows]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions React Compiler cannot memoise; this hook opts out by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: matches.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= matches.length - 10) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, matches.length]);

  const label = (id: string): string => `H${numbers.get(id) ?? '?'}`;
  return (
    <div className="matches" data-testid="matches">
      <div className="matches-head">
        <label className="lb-filter">
          Judged by
          <select value={judge} onChange={(event) => setJudge(event.target.value as typeof judge)} data-testid="matches-judge">
            <option value="all">Anyone</option>
            <option value="model">A model</option>
            <option value="human">You (arena)</option>
          </select>
        </label>
        <span className="muted" data-testid="matches-count">
          {query.data ? `${total.toLocaleString()} matches` : ''}
        </span>
      </div>
      {query.isError ? (
        <ErrorNotice error={query.error} title="Could not load the matches" onRetry={() => void query.refetch()} testId="matches-error" />
      ) : !query.data ? (
        <Loading label="Loading matches" className="lb-skeleton" shapes={skeletonRows(2)} />
      ) : matches.length === 0 ? (
        <div className="empty-state" data-testid="matches-empty">
          <p>{judge === 'human' ? 'You have not judged any pair yet.' : 'No matches yet.'}</p>
          <p className="muted">{judge === 'human' ? 'Open the Arena tab to judge pairs yourself; your votes count as human judgements.' : 'Matches appear once at least two reviewed hypotheses meet in the tournament.'}</p>
        </div>
      ) : (
        // Focusable: rows hold no control, and a scroll region must be reachable from the keyboard.
        <div ref={scrollRef} className="matches-scroll" role="list" aria-label="Matches, newest first" aria-busy={isFetchingNextPage} tabIndex={0}>
          <div className="lb-body" style={{ height: `${virtualizer.getTotalSize()}px` }}>
            {items.map((item) => {
              const match = matches[item.index] as MatchEntry;
              return (
                <div key={match.id} role="listitem" className="match-row" style={{ transform: `translateY(${item.start}px)` }} data-testid="match-row" data-judge={match.judge}>
                  <span className="match-number muted">#{match.number}</span>
                  <span className="match-pair">
                    <Side id={match.first_id} winner={match.winner_id} label={label} /> <span className="muted">vs</span>{' '}
                    <Side id={match.second_id} winner={match.winner_id} label={label} />
                  </span>
                  <span className={`chip match-judge match-judge-${match.judge}`} data-testid="match-judge">
                    {match.judge === 'human' ? 'Human' : 'Model'}
                  </span>
                  <span className="match-when muted">
                    {match.created_by} · <time dateTime={match.created_at}>{dateTime(match.created_at)}</time>
                  </span>
                  <span className="match-rationale muted" title={match.rationale}>
                    {match.rationale}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

function Side({ id, winner, label }: { id: string; winner: string; label: (id: string) => string }) {
  return id === winner ? (
    <strong className="match-winner" title={`${label(id)} won`}>
      {label(id)} <span className="match-won">won</span>
    </strong>
  ) : (
    <span>{label(id)}</span>
  );
}
