// The leaderboard in the chat (from list_hypotheses or rank_hypotheses): rank, short title, Elo,
// Bradley-Terry score with its 95% interval drawn as the desktop draws it (ciCell), whether the
// top-k is certified; a row opens the hypothesis card. The two tools each carry half of it —
// list_hypotheses the titles, rank_hypotheses the certification — so the view asks for the other half.
import { useEffect, useState } from 'react';
import type { HypothesisDetail } from '../../src-shared/routes/index';
import type { HYPOTHESIS_CARD_TOOL } from '../../src-shared/chatViews';
import { ciCell } from '../features/leaderboard/ciCell';
import { hypothesisTitle } from '../common/hypothesisTitle';
import { LISTED_STATUS_LABELS } from '../common/hypotheses/labels';
import { mountView } from './shared/mount';
import { useViewApp, type Parsed } from './shared/viewApp';
import { fail, isRecord, missingFields } from './shared/parse';
import { Notice } from './shared/Notice';
import { HypothesisCard, parseHypothesisDetail } from './shared/HypothesisCard';
import '../common/dataTable.css';

// The renderer imports only types of src-shared: the literal is checked against the one owner.
const HYPOTHESIS_CARD_TOOL_NAME: typeof HYPOTHESIS_CARD_TOOL = 'show_hypothesis_card';

interface BoardRow {
  id: string;
  number: number | null;
  summary: string | null;
  status: string | null;
  rank: number | null;
  elo_score: number;
  bt_score: number | null;
  ci95: { low: number; high: number } | null;
  p_top_k: number | null;
  certified_top_k: boolean | null;
}

interface Board {
  /** From rank_hypotheses; null until known. */
  research_id: string | null;
  certified: boolean | null;
  k: number | null;
  rows: BoardRow[];
  total: number | null;
  source: 'list_hypotheses' | 'rank_hypotheses';
}

function parseBoard(structured: unknown): Parsed<Board> {
  if (!isRecord(structured)) return fail('it is not an object.');
  if (Array.isArray(structured.hypotheses)) {
    const rows: BoardRow[] = [];
    for (const [index, row] of structured.hypotheses.entries()) {
      if (!isRecord(row)) return fail(`row ${index + 1} is not an object.`);
      const missing = missingFields(row, { id: 'string', number: 'number', summary: 'string', status: 'string', elo_score: 'number', rank: 'number|null', bt_score: 'number|null', ci95: 'object|null', p_top_k: 'number|null' });
      if (missing.length > 0) return fail(`row ${index + 1} lacks ${missing.join(', ')}.`);
      rows.push({ ...(row as unknown as BoardRow), certified_top_k: null });
    }
    return { ok: true, data: { research_id: null, certified: null, k: null, rows, total: typeof structured.total === 'number' ? structured.total : rows.length, source: 'list_hypotheses' } };
  }
  if (Array.isArray(structured.leaderboard)) {
    const missing = missingFields(structured, { research_id: 'string', certified: 'boolean', k: 'number' });
    if (missing.length > 0) return fail(`the leaderboard lacks ${missing.join(', ')}.`);
    const rows: BoardRow[] = [];
    for (const [index, row] of structured.leaderboard.entries()) {
      if (!isRecord(row)) return fail(`row ${index + 1} is not an object.`);
      const bad = missingFields(row, { id: 'string', rank: 'number', elo_score: 'number', bt_score: 'number', ci95: 'object', p_top_k: 'number', certified_top_k: 'boolean' });
      if (bad.length > 0) return fail(`row ${index + 1} lacks ${bad.join(', ')}.`);
      rows.push({ ...(row as unknown as BoardRow), number: null, summary: null, status: null });
    }
    return { ok: true, data: { research_id: structured.research_id as string, certified: structured.certified as boolean, k: structured.k as number, rows, total: rows.length, source: 'rank_hypotheses' } };
  }
  return fail('it is neither a list_hypotheses nor a rank_hypotheses result.');
}

/** The scale every row's interval is drawn on: all intervals of the board. */
function ciDomain(rows: readonly BoardRow[]): [number, number] | null {
  const bounds = rows.flatMap((row) => (row.ci95 === null ? [] : [row.ci95.low, row.ci95.high]));
  if (bounds.length === 0) return null;
  const low = Math.min(...bounds);
  const high = Math.max(...bounds);
  return high > low ? [low, high] : [low - 1, high + 1];
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
      <table className="cv-table" data-testid="leaderboard-table">
        <thead>
          <tr>
            <th scope="col" className="num">Rank</th>
            <th scope="col">Hypothesis</th>
            <th scope="col" className="num">Elo</th>
            <th scope="col">
              <abbr title="Bradley-Terry score with its 95% bootstrap interval">BT · 95% CI</abbr>
            </th>
            <th scope="col" className="num">P(top-k)</th>
          </tr>
        </thead>
        <tbody>
          {board.rows.map((row) => {
            const bt = ciCell(row.bt_score, row.ci95, domain);
            const title = row.summary === null ? row.id : hypothesisTitle({ summary: row.summary });
            return (
              <tr key={row.id} data-testid="leaderboard-row" data-id={row.id} className={row.certified_top_k === true ? 'is-certified' : undefined}>
                <td className="num" data-testid="row-rank">
                  {row.rank ?? '—'}
                  {row.certified_top_k === true ? <span className="lb-certified" role="img" aria-label={`certified in top-${board.k ?? 'k'}`}> ✓</span> : null}
                </td>
                <td>
                  <button type="button" className="cv-link" aria-expanded={card?.id === row.id} data-testid="row-open" onClick={() => void open(row.id)}>
                    {row.number === null ? title : `H${row.number} · ${title}`}
                  </button>
                  {row.status === null ? null : <span className="cv-meta">{` ${LISTED_STATUS_LABELS[row.status as keyof typeof LISTED_STATUS_LABELS] ?? row.status}`}</span>}
                </td>
                <td className="num" data-testid="row-elo">{Math.round(row.elo_score)}</td>
                <td className={bt.label === undefined ? 'ci-empty' : 'ci-cell'} aria-label={bt.label} title={bt.label} style={bt.style}>
                  {bt.text}
                </td>
                <td className="num">{row.p_top_k === null ? '—' : row.p_top_k.toFixed(2)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {card === null ? null : card.problem !== null ? <Notice text={card.problem} testId="card-problem" /> : card.detail === null ? <p className="muted">Opening the hypothesis…</p> : <HypothesisCard detail={card.detail} headingLevel={2} />}
    </main>
  );
}

mountView(<LeaderboardView />);
