// The leaderboard in the chat (from list_hypotheses or rank_hypotheses): rank, short title, Elo,
// Bradley-Terry score with its 95% interval, whether the top-k is certified — each row the
// desktop's own row (common/leaderboard/BoardRow) with the columns a chat has room for; a row
// opens the hypothesis card. The two tools each carry half of it —
// list_hypotheses the titles, rank_hypotheses the certification — so the view asks for the other half.
import { useEffect, useState } from 'react';
import type { HypothesisDetail } from '../../src-shared/routes/index';
import type { HYPOTHESIS_CARD_TOOL } from '../../src-shared/chatViews';
import { BoardHeader, BoardRow, clickedRowId, type BoardColumnId, type BoardRowFacts } from '../common/leaderboard/BoardRow';
import { ciDomain } from '../common/leaderboard/boardFacts';
import { mountView } from './shared/mount';
import { useViewApp, type Parsed } from './shared/viewApp';
import { fail, isRecord, missingFields } from './shared/parse';
import { Notice } from './shared/Notice';
import { HypothesisCard, parseHypothesisDetail } from './shared/HypothesisCard';
import '../common/dataTable.css';

// The renderer imports only types of src-shared: the literal is checked against the one owner.
const HYPOTHESIS_CARD_TOOL_NAME: typeof HYPOTHESIS_CARD_TOOL = 'show_hypothesis_card';

/** The columns a chat has room for, and that both producing tools' rows can fill. */
const SHOWN: readonly BoardColumnId[] = ['rank', 'number', 'summary', 'elo', 'bt', 'ptopk'];

interface Board {
  /** From rank_hypotheses; null until known. */
  research_id: string | null;
  certified: boolean | null;
  k: number | null;
  rows: BoardRowFacts[];
  total: number | null;
  source: 'list_hypotheses' | 'rank_hypotheses';
}

function parseBoard(structured: unknown): Parsed<Board> {
  if (!isRecord(structured)) return fail('it is not an object.');
  if (Array.isArray(structured.hypotheses)) {
    const rows: BoardRowFacts[] = [];
    for (const [index, row] of structured.hypotheses.entries()) {
      if (!isRecord(row)) return fail(`row ${index + 1} is not an object.`);
      const missing = missingFields(row, { id: 'string', number: 'number', summary: 'string', status: 'string', elo_score: 'number', rank: 'number|null', bt_score: 'number|null', ci95: 'object|null', p_top_k: 'number|null' });
      if (missing.length > 0) return fail(`row ${index + 1} lacks ${missing.join(', ')}.`);
      rows.push({ ...(row as unknown as BoardRowFacts), certified_top_k: null });
    }
    return { ok: true, data: { research_id: null, certified: null, k: null, rows, total: typeof structured.total === 'number' ? structured.total : rows.length, source: 'list_hypotheses' } };
  }
  if (Array.isArray(structured.leaderboard)) {
    const missing = missingFields(structured, { research_id: 'string', certified: 'boolean', k: 'number' });
    if (missing.length > 0) return fail(`the leaderboard lacks ${missing.join(', ')}.`);
    const rows: BoardRowFacts[] = [];
    for (const [index, row] of structured.leaderboard.entries()) {
      if (!isRecord(row)) return fail(`row ${index + 1} is not an object.`);
      const bad = missingFields(row, { id: 'string', rank: 'number', elo_score: 'number', bt_score: 'number', ci95: 'object', p_top_k: 'number', certified_top_k: 'boolean' });
      if (bad.length > 0) return fail(`row ${index + 1} lacks ${bad.join(', ')}.`);
      rows.push({ ...(row as unknown as BoardRowFacts), number: null, summary: null, status: null });
    }
    return { ok: true, data: { research_id: structured.research_id as string, certified: structured.certified as boolean, k: structured.k as number, rows, total: rows.length, source: 'rank_hypotheses' } };
  }
  return fail('it is neither a list_hypotheses nor a rank_hypotheses result.');
}

/** Merges what the other tool knows: titles by id, certification by id. */
function merged(board: Board, other: Board | null): Board {
  if (other === null) return board;
  const byId = new Map(other.rows.map((row) => [row.id, row]));
  return {
    ...board,
    research_id: board.research_id ?? other.research_id,
    certified: board.certified ?? other.certified,
    k: board.k ?? other.k,
    rows: board.rows.map((row) => {
      const more = byId.get(row.id);
      return more === undefined ? row : { ...row, number: row.number ?? more.number, summary: row.summary ?? more.summary, status: row.status ?? more.status, certified_top_k: row.certified_top_k ?? more.certified_top_k };
    }),
  };
}

function LeaderboardView() {
  const view = useViewApp('leaderboard', parseBoard);
  const [other, setOther] = useState<Board | null>(null);
  const [card, setCard] = useState<{ id: string; detail: HypothesisDetail | null; problem: string | null } | null>(null);
  const board = view.data === null ? null : merged(view.data, other);
  const researchId = view.data?.research_id ?? null;
  const source = view.data?.source;

  // rank_hypotheses names no titles: list them (one page, the rows shown).
  useEffect(() => {
    if (source !== 'rank_hypotheses' || researchId === null) return;
    let live = true;
    void view.call('list_hypotheses', { research_id: researchId, limit: 50 }).then((outcome) => {
      if (!live || !outcome.ok) return;
      const parsed = parseBoard(outcome.data);
      if (parsed.ok) setOther(parsed.data);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per result
  }, [source, researchId]);

  async function open(id: string): Promise<void> {
    if (card?.id === id) {
      setCard(null);
      return;
    }
    setCard({ id, detail: null, problem: null });
    const outcome = await view.call(HYPOTHESIS_CARD_TOOL_NAME, { hypothesis_id: id });
    if (!outcome.ok) {
      setCard({ id, detail: null, problem: outcome.message });
      return;
    }
    const parsed = parseHypothesisDetail(outcome.data);
    setCard(parsed.ok ? { id, detail: parsed.data, problem: null } : { id, detail: null, problem: parsed.problem });
  }

  if (board === null) {
    return view.problem === null ? <p className="muted" data-testid="view-waiting">Waiting for the leaderboard…</p> : <Notice text={view.problem} />;
  }
  const domain = ciDomain(board.rows);
  return (
    <main data-testid="leaderboard-view">
      <h1>Leaderboard</h1>
      <p className="cv-meta" data-testid="leaderboard-certification">
        {board.certified === null
          ? `${board.total ?? board.rows.length} hypotheses; certification of the top-k is in the ranking (rank_hypotheses).`
          : board.certified
            ? `Top-${board.k} certified: the ranking will not change with more comparisons.`
            : `Top-${board.k} not certified yet: more comparisons could still change it.`}
      </p>
      {view.problem === null ? null : <Notice text={view.problem} />}
      <div className="lb-table cv-board" role="table" aria-label="Leaderboard" aria-rowcount={board.rows.length + 1} data-testid="leaderboard-table">
        <BoardHeader shown={SHOWN} />
        {/* One click handler for all rows, as on the desktop: a click on a row opens its card. */}
        <div
          role="rowgroup"
          className="cv-board-rows"
          onClick={(event) => {
            const id = clickedRowId(event);
            if (id !== undefined) void open(id);
          }}
        >
          {board.rows.map((row, index) => (
            <BoardRow key={row.id} row={row} shown={SHOWN} index={index} k={board.k} ciDomain={domain} open={card?.id === row.id} openable />
          ))}
        </div>
      </div>
      {card === null ? null : card.problem !== null ? <Notice text={card.problem} testId="card-problem" /> : card.detail === null ? <p className="muted">Opening the hypothesis…</p> : <HypothesisCard detail={card.detail} headingLevel={2} />}
    </main>
  );
}

mountView(<LeaderboardView />);
