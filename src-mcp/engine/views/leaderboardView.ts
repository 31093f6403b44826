// The leaderboard as the desktop app shows it: every hypothesis of a project (not only the ranked
// ones) with the ratings the last refresh stored, whether it is a certified top-k member, and how
// its rank moved in the latest judging round. A page is read from the board-order index of
// migration 0010 with what the rating refresh stored, so it costs its own rows: the GUI loads
// 10,000 rows in chunks, and the first page after a judgement is no dearer than the next.
import { readTransaction, type Db } from '../../store/database.js';
import { boardCounts, boardKeyOf, boardLines, topRankedPTopK, trailingCompetitorMatches, type BoardKey, type BoardLine } from '../../store/boardQueries.js';
import { leaderboardVersion, type LeaderboardLine, type MatchLogLine } from '../../store/leaderboardQueries.js';
import { DomainError } from '../errors.js';
import { loadResearchSettings } from '../projectRecord.js';
import { compareCodeUnits } from '../../../src-shared/codeUnitOrder.js';
import { DEFAULT_CERTIFY_THRESHOLD, fitBradleyTerry, type Match } from '../tournament/index.js';

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
  const order = [...played].sort((a, b) => (theta.get(b) as number) - (theta.get(a) as number) || compareCodeUnits(a, b));
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

/** The latest judging round among current competitors, read from the end of the log only. */
export async function boardRound(db: Db, projectId: string): Promise<{ matches: number; judge: 'model' | 'human' | null }> {
  // A compare task's round is a few dozen matches; widen the tail until the round starts inside it.
  for (let limit = 16; ; limit *= 8) {
    const tail = await trailingCompetitorMatches(db, projectId, limit);
    const size = latestRound(tail);
    if (size < tail.length || tail.length < limit) return { matches: size, judge: tail[tail.length - 1]?.judge ?? null };
  }
}

/**
 * Rank movement for the rating refresh to store: each competitor's rank before the latest round
 * and the places it moved in it, from the refreshed ranks, the log among competitors and the
 * round's size. Paid once per judgement in the write, so no page ever refits the log.
 */
export function rankMovementsAfterRefresh(
  ranked: ReadonlyArray<{ id: string; rank: number }>,
  log: readonly Match[],
  round: number,
): Array<{ id: string; previousRank: number | null; movement: number | null }> {
  const previous = previousRanks(ranked.map((entry) => entry.id), log, round);
  const rows = ranked.map((entry) => ({ id: entry.id, rank: entry.rank, previousRank: previous.get(entry.id) ?? null }));
  const movements = rankMovements(rows);
  return rows.map((row) => ({ id: row.id, previousRank: row.previousRank, movement: movements.get(row.id) ?? null }));
}

/** Ranked rows first by rank, then the rest by Elo; creation order breaks ties (the index's order). */
type SortKey = BoardKey;

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

/** What every page of a board repeats: its size, its top-k and the latest round. */
type BoardHeader = Pick<LeaderboardPage, 'k' | 'certified' | 'matchCount' | 'total' | 'movementWindow'>;

// The header is a few small reads (a counter row, the top-k, the tail of the log), but the GUI asks
// for ten pages in a row: it is kept per connection and project under the leaderboard version that
// the triggers of migration 0009 bump on any change, which a page's own statement reads with its rows.
const headers = new WeakMap<Db, Map<string, { version: number; topK: number; header: BoardHeader }>>();

function cachedHeader(db: Db, projectId: string, topK: number, version: number | undefined): BoardHeader | undefined {
  const hit = headers.get(db)?.get(projectId);
  return hit !== undefined && hit.version === version && hit.topK === topK ? hit.header : undefined;
}

/** The header at `version`, read in the caller's snapshot (the one the version was read in). */
async function boardHeader(db: Db, projectId: string, topK: number, version: number): Promise<BoardHeader> {
  const cached = cachedHeader(db, projectId, topK, version);
  if (cached !== undefined) return cached;
  const counts = await boardCounts(db, projectId);
  const k = Math.min(topK, counts.competitors);
  const top = await topRankedPTopK(db, projectId, k);
  const header: BoardHeader = {
    k,
    certified: k > 0 && top.length === k && top.every((pTopK) => (pTopK ?? 0) >= DEFAULT_CERTIFY_THRESHOLD),
    matchCount: counts.competitorMatches,
    total: counts.hypotheses,
    movementWindow: await boardRound(db, projectId),
  };
  let perProject = headers.get(db);
  if (perProject === undefined) headers.set(db, (perProject = new Map()));
  perProject.set(projectId, { version, topK, header });
  return header;
}

/**
 * One page of the board with the board's header, as of one snapshot. The page's statement reads
 * the leaderboard version too, so when the header is cached for that version the page is that one
 * statement, outside any transaction; otherwise (or with no header cached for the project at all)
 * page and header are read in one read snapshot: the header's few reads must see the state the rows show.
 */
export async function leaderboardPage(db: Db, projectId: string, query: { cursor?: string | undefined; limit: number }): Promise<LeaderboardPage> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  // The top-k only: a page needs no plan (loadResearch would parse and validate it on every page).
  // Read alongside the page when the header is cached (on PostgreSQL one wait for both); an unknown
  // or trashed project is answered by this read's error either way.
  const settings = loadResearchSettings(db, projectId);
  // One row more than asked says whether there is a next page without counting the rest.
  if (headers.get(db)?.has(projectId) === true) {
    const [{ topK }, read] = await Promise.all([settings, boardLines(db, projectId, after, query.limit + 1)]);
    const header = cachedHeader(db, projectId, topK, read.version);
    if (header !== undefined) return pageOf(projectId, header, read.lines, query.limit);
  }
  const { topK } = await settings;
  return await readTransaction(db, async (): Promise<LeaderboardPage> => {
    const again = await boardLines(db, projectId, after, query.limit + 1);
    const version = again.version ?? (await leaderboardVersion(db, projectId));
    return pageOf(projectId, await boardHeader(db, projectId, topK, version), again.lines, query.limit);
  });
}

function pageOf(projectId: string, header: BoardHeader, lines: readonly BoardLine[], limit: number): LeaderboardPage {
  const { k } = header;
  const count = Math.min(lines.length, limit);
  // One loop over the lines read into an array of the page's length, not a slice and a map: a page
  // of 1,000 rows makes no array it does not return.
  const rows = new Array<LeaderboardViewRow>(count);
  for (let index = 0; index < count; index += 1) {
    const { line, competing, bucket, previousRank, movement } = lines[index] as BoardLine;
    const rank = bucket === 0 ? line.rank : null;
    const before = competing ? previousRank : null;
    rows[index] = {
      line,
      competing,
      rank,
      previousRank: before,
      movement: rank !== null && before !== null ? movement : null,
      certified: rank !== null && rank <= k && (line.pTopK ?? 0) >= DEFAULT_CERTIFY_THRESHOLD,
    };
  }
  const last = lines[count - 1];
  return {
    researchId: projectId,
    ...header,
    certifyThreshold: DEFAULT_CERTIFY_THRESHOLD,
    rows,
    nextCursor: lines.length > limit && last !== undefined ? encodeCursor(boardKeyOf(last)) : null,
  };
}
