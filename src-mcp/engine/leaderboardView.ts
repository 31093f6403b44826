// The leaderboard as the desktop app shows it: every hypothesis of a project (not only the ranked
// ones) with the ratings the last refresh stored, whether it is a certified top-k member, and how
// its rank moved in the latest judging round. Pages are cut from one ordering so that the GUI can
// load 10,000 rows in chunks.
import { createHash } from 'node:crypto';
import type { Db } from '../store/database.js';
import { leaderboardLines, leaderboardVersion, matchLogLines, matchLogStats, type LeaderboardLine, type MatchLogLine } from '../store/leaderboardQueries.js';
import { DomainError } from './errors.js';
import { loadResearch } from './research.js';
import { compareIds } from './tournament/matchLog.js';
import { DEFAULT_CERTIFY_THRESHOLD, fitBradleyTerry, type Match } from './tournament/index.js';

export interface LeaderboardViewRow {
  line: LeaderboardLine;
  /** Takes part in the tournament now (reviewed, approved, not flagged). */
  competing: boolean;
  /** Null when not competing or not ranked yet. */
  rank: number | null;
  /** Rank before the latest judging round; null for a hypothesis that had not played before it. */
  previousRank: number | null;
  /** Places moved in that round (see rankMovements); null when there is nothing to compare. */
  movement: number | null;
  certified: boolean;
}

export interface LeaderboardPage {
  researchId: string;
  k: number;
  certified: boolean;
  certifyThreshold: number;
  matchCount: number;
  total: number;
  /** The judging round rank movement is measured over. */
  movementWindow: { matches: number; judge: 'model' | 'human' | null };
  rows: LeaderboardViewRow[];
  nextCursor: string | null;
}

/** The last judging round: the trailing matches of the newest compare task, or the newest match alone (a human vote). */
export function latestRound(log: ReadonlyArray<Pick<MatchLogLine, 'taskId'>>): number {
  const last = log[log.length - 1];
  if (last === undefined) return 0;
  if (last.taskId === null) return 1;
  let size = 1;
  while (size < log.length && log[log.length - 1 - size]?.taskId === last.taskId) size += 1;
  return size;
}

/**
 * Ranks before the last `window` matches, by the same Bradley-Terry point fit the leaderboard
 * ranks with. Only hypotheses that had played by then get one: a newcomer has no previous rank.
 */
export function previousRanks(ids: readonly string[], log: readonly Match[], window: number): Map<string, number> {
  const before = log.slice(0, Math.max(0, log.length - window));
  const competing = new Set(ids);
  const played = new Set<string>();
  for (const match of before) {
    if (competing.has(match.first) && competing.has(match.second)) {
      played.add(match.first);
      played.add(match.second);
    }
  }
  if (played.size === 0) return new Map();
  const theta = fitBradleyTerry([...played], before).theta;
  // Strongest first, exact ties by id in code-unit order: the leaderboard's own rule.
  const order = [...played].sort((a, b) => (theta.get(b) as number) - (theta.get(a) as number) || compareIds(a, b));
  return new Map(order.map((id, position) => [id, position + 1]));
}

/**
 * Places moved in the latest round, among the hypotheses that had played before it: their
 * previous order against their order now. Newcomers (no previous rank) neither count nor shift
 * anyone, so a batch of unplayed hypotheses slotted into the middle does not read as movement.
 * Positive moved up; null for newcomers and unranked hypotheses.
 */
export function rankMovements(rows: ReadonlyArray<{ id: string; rank: number | null; previousRank: number | null }>): Map<string, number> {
  const compared = rows.filter((row) => row.rank !== null && row.previousRank !== null).sort((a, b) => (a.rank as number) - (b.rank as number));
  return new Map(compared.map((row, position) => [row.id, (row.previousRank as number) - (position + 1)]));
}

/**
 * Takes part in the tournament: the rule of ranking.ts `competitors`, applied to the compact
 * leaderboard lines so a 10,000-row page does not load every hypothesis in full. The integration
 * tests check that the ranked rows here are exactly rank_hypotheses' leaderboard.
 */
export function isCompeting(line: Pick<LeaderboardLine, 'status' | 'gate' | 'safetyFlag'>): boolean {
  return (line.status === 'reviewed' || line.status === 'in_tournament' || line.status === 'evolved') && line.gate === 'approved' && line.safetyFlag === null;
}

/** What the match log contributes to a leaderboard page: its size among competitors, the latest round, ranks before it. */
interface LogSummary {
  matchCount: number;
  window: number;
  lastJudge: 'model' | 'human' | null;
  previous: Map<string, number>;
}

// Reading and refitting the log costs a few hundred ms at 10,000 hypotheses, and the GUI asks for
// ten pages in a row: keep the last few summaries, keyed by exactly what they depend on. Matches
// are append-only, so a project's (count, last seq) pins its log.
const SUMMARY_CACHE_SIZE = 8;
const summaryCache = new Map<string, LogSummary>();

function logSummary(db: Db, projectId: string, competing: ReadonlySet<string>): LogSummary {
  const stats = matchLogStats(db, projectId);
  const digest = createHash('sha256').update([...competing].sort(compareIds).join('\n')).digest('hex');
  const key = `${projectId}|${stats.count}|${stats.lastSeq}|${digest}`;
  const hit = summaryCache.get(key);
  if (hit !== undefined) return hit;
  const log = matchLogLines(db, projectId).filter((m) => competing.has(m.firstId) && competing.has(m.secondId));
  const window = latestRound(log);
  const matches = log.map((m): Match => ({ id: m.id, first: m.firstId, second: m.secondId, winner: m.winnerId, judge: m.judge }));
  const summary = { matchCount: log.length, window, lastJudge: log[log.length - 1]?.judge ?? null, previous: previousRanks([...competing], matches, window) };
  summaryCache.set(key, summary);
  if (summaryCache.size > SUMMARY_CACHE_SIZE) summaryCache.delete(summaryCache.keys().next().value as string);
  return summary;
}

/** Ranked rows first by rank, then the rest by Elo; creation order breaks ties. */
type SortKey = [number, number, number];

function sortKey(row: LeaderboardViewRow): SortKey {
  return row.rank === null ? [1, -row.line.elo, row.line.seq] : [0, row.rank, row.line.seq];
}

function compareKeys(a: SortKey, b: SortKey): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): SortKey {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 3 && parsed.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      return parsed as SortKey;
    }
  } catch {
    // reported below
  }
  throw new DomainError('invalid_input', 'The cursor is not one this server issued. Pass next_cursor from the previous get_leaderboard result unchanged, or omit it for the first page.', { field: 'cursor' });
}

/** The whole board of one project in page order, with what every page repeats. */
interface OrderedBoard {
  k: number;
  certified: boolean;
  matchCount: number;
  movementWindow: LeaderboardPage['movementWindow'];
  ordered: ReadonlyArray<{ row: LeaderboardViewRow; key: SortKey }>;
}

// A page is a slice of the ordered board, which is a pure function of the project's hypotheses, its
// match log and its top-k: kept per project under the leaderboard version that the store's triggers
// bump on any change to either (migration 0009). Every process checks the version on every page, so
// a write by another process is seen by the next page. A few projects are kept: the desktop shows
// one at a time, and a 10,000-row board is a few megabytes.
const BOARD_CACHE_SIZE = 3;
const boardCache = new Map<string, { version: number; topK: number; board: OrderedBoard }>();

function orderedBoard(db: Db, projectId: string, topK: number): OrderedBoard {
  // Keyed by database file too: tests and tools may open several databases in one process.
  const cacheKey = `${db.name}\u0000${projectId}`;
  const version = leaderboardVersion(db, projectId);
  const hit = boardCache.get(cacheKey);
  if (hit !== undefined && hit.version === version && hit.topK === topK) return hit.board;
  // One read transaction: the lines, the log and the version they are filed under agree.
  const fresh = db.transaction(() => ({ version: leaderboardVersion(db, projectId), board: buildBoard(db, projectId, topK) }))();
  boardCache.delete(cacheKey);
  boardCache.set(cacheKey, { version: fresh.version, topK, board: fresh.board });
  if (boardCache.size > BOARD_CACHE_SIZE) boardCache.delete(boardCache.keys().next().value as string);
  return fresh.board;
}

function buildBoard(db: Db, projectId: string, topK: number): OrderedBoard {
  const lines = leaderboardLines(db, projectId);
  const competing = new Set(lines.filter(isCompeting).map((line) => line.id));
  const summary = logSummary(db, projectId, competing);
  const k = Math.min(topK, competing.size);
  const ranked = lines.map((line) => {
    const isIn = competing.has(line.id);
    return { line, isIn, id: line.id, rank: isIn ? line.rank : null, previousRank: isIn ? (summary.previous.get(line.id) ?? null) : null };
  });
  const movements = rankMovements(ranked);
  const rows = ranked.map(({ line, isIn, rank, previousRank }): LeaderboardViewRow => ({
    line,
    competing: isIn,
    rank,
    previousRank,
    movement: movements.get(line.id) ?? null,
    certified: rank !== null && rank <= k && (line.pTopK ?? 0) >= DEFAULT_CERTIFY_THRESHOLD,
  }));
  const ordered = rows.map((row) => ({ row, key: sortKey(row) })).sort((a, b) => compareKeys(a.key, b.key));
  const top = ordered.filter(({ row }) => row.rank !== null && row.rank <= k);
  return {
    k,
    certified: k > 0 && top.length === k && top.every(({ row }) => row.certified),
    matchCount: summary.matchCount,
    movementWindow: { matches: summary.window, judge: summary.lastJudge },
    ordered,
  };
}

/** One page of the board: after the first build for a project version, a page costs its own rows only. */
export function leaderboardPage(db: Db, projectId: string, query: { cursor?: string | undefined; limit: number }): LeaderboardPage {
  const project = loadResearch(db, projectId);
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const board = orderedBoard(db, project.id, project.settings.topK);
  const { ordered } = board;
  const start = after === null ? 0 : firstAfter(ordered, after);
  const page = ordered.slice(start, start + query.limit);
  const last = page[page.length - 1];
  return {
    researchId: project.id,
    k: board.k,
    certified: board.certified,
    certifyThreshold: DEFAULT_CERTIFY_THRESHOLD,
    matchCount: board.matchCount,
    total: ordered.length,
    movementWindow: board.movementWindow,
    rows: page.map(({ row }) => row),
    nextCursor: start + page.length < ordered.length && last !== undefined ? encodeCursor(last.key) : null,
  };
}

/** Index of the first row ordered after `key` (binary search over the sorted keys). */
function firstAfter(ordered: ReadonlyArray<{ key: SortKey }>, key: SortKey): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (compareKeys((ordered[mid] as { key: SortKey }).key, key) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
