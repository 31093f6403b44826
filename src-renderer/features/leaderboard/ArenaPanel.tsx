// Arena mode: the scientist judges the pair the tournament would judge next. Their vote is a
// human match (record_judgement), refits the ranking once sent, and the next pair follows at once;
// the vote is sent after a few seconds in which Undo (or u) takes it back and shows the pair again. The pair
// is fetched outside the project queries on purpose: an assistant's judgements arriving while the
// scientist reads must not swap the hypotheses in front of them.
import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArenaCard, LeaderboardRow } from '../../../src-shared/routes/index';
import { call, errorMessage } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { ErrorNotice } from '../../app/ErrorNotice';
import { tournamentKeys } from './queries';
import { ArenaCardView } from './ArenaCardView';
import { Loading } from '../../app/Loading';
import { useToasts } from '../../app/Toasts';
import { UNDO_WINDOW_MS, useDelayedSend } from '../../app/useDelayedSend';
import './arena.css';

interface LastVote {
  winner: ArenaCard;
  loser: ArenaCard;
}

export function ArenaPanel({
  researchId,
  rows,
  active,
  onRead,
}: {
  researchId: string;
  rows: readonly LeaderboardRow[];
  active: boolean;
  /** Opens a hypothesis in the side panel (reviews, citations, lineage), without its standings. */
  onRead?: ((id: string) => void) | undefined;
}) {
  const api = useCosci();
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [skipped, setSkipped] = useState<Array<{ first_id: string; second_id: string }>>([]);
  const [rationale, setRationale] = useState('');
  const [last, setLast] = useState<LastVote | null>(null);
  const [votes, setVotes] = useState(0);
  const toasts = useToasts();

  const pair = useQuery({
    queryKey: ['arena', researchId, round, skipped.length],
    queryFn: () => call(api, 'arena.nextPair', { research_id: researchId, ...(skipped.length > 0 ? { skip: skipped } : {}) }),
    staleTime: Infinity,
  });
  type Offered = NonNullable<NonNullable<typeof pair.data>['pair']>;
  // A pair whose vote was taken back is shown again until it is judged or skipped.
  const [retry, setRetry] = useState<Offered | null>(null);
  const offered = retry ?? pair.data?.pair ?? null;
  // A vote is sent only after a few seconds with Undo (app/useDelayedSend.ts); meanwhile the next pair is up.
  const delayed = useDelayedSend();
  const [held, setHeld] = useState<LastVote | null>(null);

  const send = useCallback(
    (shown: Offered, winner: 'first' | 'second', why: string) => {
      const recorded = { winner: shown[winner], loser: shown[winner === 'first' ? 'second' : 'first'] };
      // The note of a later vote, still held, stays.
      const release = (): void => setHeld((now) => (now?.winner.id === recorded.winner.id && now.loser.id === recorded.loser.id ? null : now));
      call(api, 'arena.vote', {
        first_id: shown.first.id,
        second_id: shown.second.id,
        winner_id: shown[winner].id,
        ...(why === '' ? {} : { rationale: why }),
      }).then(
        () => {
          release();
          setLast(recorded);
          setVotes((n) => n + 1);
          // The change feed will say so too; refreshing now makes the scientist's own vote instant.
          void queryClient.invalidateQueries({ queryKey: tournamentKeys.all(researchId) });
        },
        (error: unknown) => {
          release();
          toasts.show({ testId: 'arena-vote-error', durationMs: 10_000, message: `Your vote was not recorded: ${errorMessage(error)}` });
        },
      );
    },
    [api, queryClient, researchId, toasts],
  );

  const judge = useCallback(
    (winner: 'first' | 'second') => {
      if (offered === null) return;
      // A vote on the next pair confirms the one before: only the latest can still be taken back.
      delayed.sendNow();
      const shown = offered;
      const why = rationale.trim();
      const vote = { winner: shown[winner], loser: shown[winner === 'first' ? 'second' : 'first'] };
      delayed.schedule(`${shown.first.id}|${shown.second.id}`, {
        testId: 'arena-vote-pending',
        message: `Voting H${vote.winner.number} better than H${vote.loser.number}: sent in ${UNDO_WINDOW_MS / 1000} seconds.`,
        undoneTestId: 'arena-vote-undone',
        undoneMessage: 'Vote taken back: nothing was sent.',
        send: () => send(shown, winner, why),
        onUndo: () => {
          setHeld(null);
          setRetry(shown);
          setRationale(why);
        },
      });
      setHeld(vote);
      setRetry(null);
      setRationale('');
      // The pair just judged is not offered again straight away: the scientist's view of it will not have changed.
      setSkipped([{ first_id: shown.first.id, second_id: shown.second.id }]);
      setRound((n) => n + 1);
    },
    [offered, delayed, rationale, send],
  );

  // ← and → vote while the arena is the open tab, unless the scientist is typing; u takes a vote back.
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'ArrowLeft' && !event.repeat) judge('first');
      if (event.key === 'ArrowRight' && !event.repeat) judge('second');
      if (event.key === 'u' && delayed.undo()) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [judge, active, delayed]);

  if (pair.isError) return <ErrorNotice error={pair.error} title="Could not find a pair to judge" onRetry={() => void pair.refetch()} testId="arena-error" />;
  if (!pair.data) return <Loading label="Finding the next pair" className="arena-skeleton skeleton" testId="arena-loading" />;
  if (offered === null) {
    return (
      <div className="empty-state" data-testid="arena-empty">
        <p>Nothing to judge yet.</p>
        <p className="muted">{pair.data.message} Approve the hypothesis batch when the app asks, and let your assistant review them.</p>
      </div>
    );
  }

  return (
    <section className="arena" aria-label="Arena" data-testid="arena">
      <header className="arena-head">
        <p>
          <strong>Which hypothesis is better?</strong> <span className="muted">Judge on plausibility, novelty and testability. Your vote counts as a human judgement in the ranking.</span>
        </p>
        <span className="muted" data-testid="arena-votes">
          {votes === 0 ? 'No votes yet this session' : `${votes} vote${votes === 1 ? '' : 's'} this session`}
        </span>
      </header>
      {/* One slot for the hint and, after a vote, what it did: the cards below never move. */}
      {held ? (
        <div className="notice arena-hint" role="status" data-testid="arena-vote-held">
          <p className="notice-body">
            Your vote, H{held.winner.number} better than H{held.loser.number}, is sent in {UNDO_WINDOW_MS / 1000} seconds.{' '}
            <button type="button" className="link-button" data-testid="arena-vote-undo" aria-keyshortcuts="u" onClick={() => delayed.undo()}>
              Undo (u)
            </button>
          </p>
        </div>
      ) : last ? (
        <VoteNote last={last} rows={rows} />
      ) : (
        <div className="notice arena-hint" data-testid="arena-hint">
          <p className="notice-body">Read both, then vote with the buttons below or the ← and → keys. Skip a pair you cannot judge; rank and Elo stay hidden until you have voted.</p>
        </div>
      )}
      <div className="arena-pair" data-testid="arena-pair" data-first={offered.first.id} data-second={offered.second.id}>
        <ArenaCardView card={offered.first} side="Left" onRead={onRead} />
        <ArenaCardView card={offered.second} side="Right" onRead={onRead} />
      </div>
      {/* The reason and the votes stay in reach together: the box is part of the sticky dock, so the
          vote buttons can never cover it (issue 33 item 12). */}
      <div className="arena-dock" data-testid="arena-dock">
      <div className="field arena-rationale">
        <label htmlFor={`arena-why-${researchId}`}>Why (optional)</label>
        <textarea
          id={`arena-why-${researchId}`}
          data-testid="arena-why"
          value={rationale}
          maxLength={4000}
          onChange={(event) => setRationale(event.target.value)}
          placeholder="What made the difference, for the record"
        />
      </div>
      <div className="arena-actions" data-testid="arena-actions">
        <button type="button" className="button button-primary" onClick={() => judge('first')} data-testid="arena-vote-first" aria-keyshortcuts="ArrowLeft">
          ← Left is better (H{offered.first.number})
        </button>
        <button
          type="button"
          className="button button-secondary"
         
          onClick={() => {
            setRetry(null);
            setSkipped((now) => [...now, { first_id: offered.first.id, second_id: offered.second.id }].slice(-50));
          }}
          data-testid="arena-skip"
        >
          Skip this pair
        </button>
        <button type="button" className="button button-primary" onClick={() => judge('second')} data-testid="arena-vote-second" aria-keyshortcuts="ArrowRight">
          Right is better (H{offered.second.number}) →
        </button>
      </div>
      </div>
    </section>
  );
}

/** What the last vote did: the two ratings before the vote and, once the leaderboard refreshed, after it. */
function VoteNote({ last, rows }: { last: LastVote; rows: readonly LeaderboardRow[] }) {
  const now = (card: ArenaCard): number | undefined => rows.find((row) => row.id === card.id)?.elo_score;
  const change = (card: ArenaCard): string => {
    const after = now(card);
    return after === undefined || after === card.elo_score ? `Elo ${Math.round(card.elo_score)}` : `Elo ${Math.round(card.elo_score)} → ${Math.round(after)}`;
  };
  return (
    <div className="notice notice-success arena-hint" role="status" data-testid="arena-recorded">
      <p className="notice-title">
        Recorded: H{last.winner.number} beat H{last.loser.number}.
      </p>
      <p className="notice-body" data-testid="arena-recorded-ratings">
        H{last.winner.number}: {change(last.winner)} · H{last.loser.number}: {change(last.loser)}. The ranking was refitted with your vote.
      </p>
    </div>
  );
}
