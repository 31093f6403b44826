// The desktop's tournament tools over real stdio, on a project an assistant ran to completion:
// hidden from assistants, complete and self-consistent for the desktop, schema-valid, and clear
// about bad input. Arena votes recorded through record_judgement show up as human matches.
// The project is run once; each SDK generation's clients then work on their own copy of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDataFolder } from '../support/testEngine.js';
import Ajv from 'ajv/dist/2020.js';
import fs from 'node:fs';
import { connectServer, tempDataDir, type Sdk, type ToolClient } from '../support/server.js';
import { completedResearchIn, type Structured } from '../e2e/web/support/researchRun.js';
import { describeToolFailure, toolErrorOf } from '../support/toolErrors.js';
import type { LeaderboardColumns } from '../../src-shared/schemas/tournament.js';
import { rowsOf } from '../../src-renderer/features/leaderboard/leaderboardModel.js';

const TOOLS = ['get_leaderboard', 'get_elo_history', 'next_arena_pair', 'list_matches', 'compare_hypotheses'];
const ajv = new Ajv({ strict: false, allErrors: true });

interface Row {
  id: string; number: number; status: string; origin: string; parents: string[]; in_tournament: boolean; rank: number | null;
  previous_rank: number | null; movement: number | null; elo_score: number; bt_score: number | null; ci95: { low: number; high: number } | null;
  p_top_k: number | null; matches_played: number; certified_top_k: boolean;
}
interface Page { k: number; certified: boolean; matches: number; total: number; movement_window: { matches: number; judge: string | null }; rows: Row[]; next_cursor: string | null }

interface Session {
  client: ToolClient;
  call(name: string, args: Structured): Promise<Structured>;
  close(): Promise<void>;
}

async function openAs(dataDir: string, clientId: string, sdk: Sdk): Promise<Session> {
  const server = await connectServer({ dataDir, client: clientId, sdk });
  return {
    client: server.client,
    async call(name, args) {
      const result = await server.client.callTool({ name, arguments: args });
      if (result.isError === true) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
      return result.structuredContent as Structured;
    },
    close: () => server.close(),
  };
}

let seedDir: string;
const dataDirs: string[] = [];
let researchId: string;
let assistant: Session;
let desktop: Session;
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

async function desktopCall(name: string, args: Structured): Promise<Structured> {
  const structured = await desktop.call(name, args);
  const validate = validators.get(name);
  expect(validate?.(structured), `${name}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
  return structured;
}

async function failure(session: Session, name: string, args: Structured): Promise<{ code: string; message: string }> {
  const result = await session.client.callTool({ name, arguments: args });
  expect(result.isError, `${name} should fail`).toBe(true);
  return toolErrorOf(result);
}

async function wholeBoard(limit = 1000): Promise<{ first: Page; rows: Row[] }> {
  let page = (await desktopCall('get_leaderboard', { research_id: researchId, limit })) as unknown as Page;
  const first = page;
  const rows = [...page.rows];
  while (page.next_cursor !== null) {
    page = (await desktopCall('get_leaderboard', { research_id: researchId, limit, cursor: page.next_cursor })) as unknown as Page;
    rows.push(...page.rows);
  }
  return { first, rows };
}

beforeAll(async () => {
  seedDir = tempDataDir('cosci-leaderboard');
  dataDirs.push(seedDir);
  researchId = await completedResearchIn(seedDir, { goal: 'Find novel therapeutic targets for liver fibrosis', hypotheses: 6 });
}, 120_000);

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// The v1 client validates every result against its outputSchema in draft-07 before the test sees it.
describe.each<Sdk>(['v2', 'v1'])('desktop tournament tools (%s SDK client)', (sdk) => {
  beforeAll(async () => {
    const dataDir = tempDataDir(`cosci-leaderboard-${sdk}`);
    dataDirs.push(dataDir);
    // Both servers of the run are closed: a copy of the folder (database and WAL, or its PostgreSQL database) is the same project.
    await copyDataFolder(seedDir, dataDir);
    assistant = await openAs(dataDir, 'claude-desktop', sdk);
    desktop = await openAs(dataDir, 'desktop', sdk);
    const { tools } = await desktop.client.listTools();
    validators.clear();
    for (const tool of tools.filter((t) => TOOLS.includes(t.name))) validators.set(tool.name, ajv.compile(tool.outputSchema ?? {}));
  });

  afterAll(async () => {
    await Promise.all([assistant?.close(), desktop?.close()]);
  });

  it('are listed to the desktop only, and refuse an assistant with a reason', async () => {
    const assistantTools = (await assistant.client.listTools()).tools.map((t) => t.name);
    const desktopTools = (await desktop.client.listTools()).tools;
    for (const name of TOOLS) {
      expect(assistantTools).not.toContain(name);
      const listed = desktopTools.find((t) => t.name === name);
      expect(listed?.annotations?.readOnlyHint, name).toBe(true);
      expect(listed?.outputSchema?.type, name).toBe('object');
    }
    const denied = await failure(assistant, 'get_leaderboard', { research_id: researchId });
    expect(denied).toMatchObject({ code: 'insufficient_permissions', message: expect.stringContaining('only be used from the Co-Scientist desktop app') });
  });

  it('get_leaderboard: every hypothesis, contiguous ranks, certified top-k, lineage, and the same rows however it is paged', async () => {
    const { first, rows } = await wholeBoard();
    expect(first.total).toBe(rows.length);
    expect(first.certified).toBe(true);
    const ranked = rows.filter((r) => r.rank !== null);
    expect(ranked.map((r) => r.rank)).toEqual(ranked.map((_, i) => i + 1));
    expect(ranked.every((r) => r.in_tournament && r.ci95 !== null && r.ci95.low <= (r.bt_score as number) && (r.bt_score as number) <= r.ci95.high)).toBe(true);
    expect(rows.filter((r) => r.certified_top_k).map((r) => r.rank)).toEqual(Array.from({ length: first.k }, (_, i) => i + 1));
    const evolved = rows.filter((r) => r.origin === 'evolved');
    expect(evolved.length).toBeGreaterThan(0);
    for (const child of evolved) for (const parent of child.parents) expect(rows.some((r) => r.id === parent)).toBe(true);
    // The latest round of model judging is what movement is measured over.
    expect(first.movement_window).toMatchObject({ judge: 'model' });
    expect(first.movement_window.matches).toBeGreaterThan(0);
    // Movement counts places among those ranked before the round; newcomers have none.
    const compared = ranked.filter((r) => r.previous_rank !== null);
    expect(compared.map((r) => r.movement)).toEqual(compared.map((r, position) => (r.previous_rank as number) - (position + 1)));
    expect(ranked.filter((r) => r.previous_rank === null).every((r) => r.movement === null)).toBe(true);

    const paged = await wholeBoard(2);
    expect(paged.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    // The Markdown summary agrees with rank_hypotheses, the assistants' own view.
    const ranking = await assistant.call('rank_hypotheses', { research_id: researchId, top_n: 50 });
    expect((ranking.leaderboard as Array<{ id: string }>).map((r) => r.id)).toEqual(ranked.map((r) => r.id));
  });

  it('get_leaderboard by column (the app\'s whole-board load) holds the same rows, paged the same way, in less JSON', async () => {
    const { rows } = await wholeBoard(2);
    const byColumn: Row[] = [];
    let cursor: string | null = null;
    do {
      const args = { research_id: researchId, limit: 2, ...(cursor === null ? {} : { cursor }) };
      const page = (await desktopCall('get_leaderboard', { ...args, format: 'columns' })) as unknown as Page & { columns: LeaderboardColumns };
      expect(page.rows).toEqual([]);
      byColumn.push(...(rowsOf(page.columns) as unknown as Row[]));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(byColumn).toEqual(rows);
    const whole = (await desktopCall('get_leaderboard', { research_id: researchId, limit: 1000, format: 'columns' })) as unknown as { columns: LeaderboardColumns };
    expect(rowsOf(whole.columns)).toEqual(rows);
    expect(JSON.stringify(whole).length).toBeLessThan(0.85 * JSON.stringify(await desktopCall('get_leaderboard', { research_id: researchId, limit: 1000 })).length);
    expect(await failure(desktop, 'get_leaderboard', { research_id: researchId, format: 'table' })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('format') });
  });

  it('get_leaderboard\'s digest is ASCII, so a page of Latin-1 rows stays a one-byte frame in the server and the client (issue 17)', async () => {
    const { rows } = await wholeBoard();
    const result = await desktop.client.callTool({ name: 'get_leaderboard', arguments: { research_id: researchId, limit: 50 } });
    const text = (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? '').join('\n');
    const [top, unranked] = [rows.find((r) => r.rank === 1), rows.find((r) => r.rank === null)];
    expect(text).toContain(`\n1. H${top?.number} ${top?.id}: Elo ${top?.elo_score} (certified)`);
    if (unranked !== undefined && rows.indexOf(unranked) < 10) expect(text).toContain(`\nunranked H${unranked.number} ${unranked.id}: Elo`);
    expect([...text].filter((char) => char.charCodeAt(0) > 0x7f)).toEqual([]);
  });

  it('get_leaderboard explains a bad cursor and an unknown project', async () => {
    expect(await failure(desktop, 'get_leaderboard', { research_id: researchId, cursor: 'not-a-cursor' })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('next_cursor') });
    expect(await failure(desktop, 'get_leaderboard', { research_id: 'res_missing' })).toMatchObject({ code: 'resource_not_found', message: expect.stringContaining('res_missing') });
    expect(await failure(desktop, 'get_leaderboard', { research_id: researchId, limit: 5000 })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('limit') });
  });

  it('get_elo_history replays to the Elo the leaderboard shows, from 1000, in at most 200 points', async () => {
    const { rows } = await wholeBoard();
    const history = await desktopCall('get_elo_history', { research_id: researchId });
    const series = history.series as Array<{ id: string; points: Array<{ match: number; elo: number }>; played_matches: number; bt_score: number | null; ci95: { low: number; high: number } | null }>;
    expect(series.map((s) => s.id)).toEqual(rows.filter((r) => r.rank !== null).slice(0, 5).map((r) => r.id));
    for (const s of series) {
      const row = rows.find((r) => r.id === s.id) as Row;
      // 1000 just before its first match: evolved hypotheses enter the log late.
      expect(s.points[0]?.elo).toBe(1000);
      expect(s.points[0]?.match).toBe((s.points[1]?.match ?? 1) - 1);
      expect(s.points.length).toBeLessThanOrEqual(200);
      expect(s.played_matches).toBe(row.matches_played);
      expect(s.points[s.points.length - 1]?.elo).toBeCloseTo(row.elo_score, 0);
      // The uncertainty the chart draws is the leaderboard's (and the final report's) own.
      expect(s.ci95).toEqual(row.ci95);
      expect(s.bt_score).toBe(row.bt_score);
      expect(s.ci95).not.toBeNull();
    }
    const unknown = await failure(desktop, 'get_elo_history', { research_id: researchId, hypothesis_ids: ['hyp_nope'] });
    expect(unknown).toMatchObject({ code: 'resource_not_found', message: expect.stringContaining('hyp_nope') });
  });

  it('an arena vote is recorded as a human match, moves the ratings and shows as the latest round', async () => {
    const before = await wholeBoard();
    const offered = await desktopCall('next_arena_pair', { research_id: researchId });
    const pair = offered.pair as { first: { id: string }; second: { id: string } };
    expect(pair.first.id).not.toBe(pair.second.id);
    const playing = new Set(before.rows.filter((r) => r.in_tournament).map((r) => r.id));
    expect(playing.has(pair.first.id) && playing.has(pair.second.id)).toBe(true);
    // Skipped pairs are not offered again while there are others.
    const skipped: Array<{ first_id: string; second_id: string }> = [{ first_id: pair.first.id, second_id: pair.second.id }];
    for (let round = 0; round < 6; round += 1) {
      const next = (await desktopCall('next_arena_pair', { research_id: researchId, skip: skipped })).pair as { first: { id: string }; second: { id: string } };
      const key = [next.first.id, next.second.id].sort().join('|');
      expect(skipped.map((p) => [p.first_id, p.second_id].sort().join('|'))).not.toContain(key);
      skipped.push({ first_id: next.first.id, second_id: next.second.id });
    }

    await desktop.call('record_judgement', { first_id: pair.first.id, second_id: pair.second.id, winner_id: pair.second.id });
    const matches = await desktopCall('list_matches', { research_id: researchId, limit: 1 });
    const latest = (matches.matches as Array<{ judge: string; winner_id: string; created_by: string; number: number }>)[0];
    expect(latest).toMatchObject({ judge: 'human', winner_id: pair.second.id, created_by: 'desktop', number: before.first.matches + 1 });
    expect(matches.next_cursor).not.toBeNull();

    const after = await wholeBoard();
    expect(after.first.matches).toBe(before.first.matches + 1);
    expect(after.first.movement_window).toEqual({ matches: 1, judge: 'human' });
    const elo = (board: { rows: Row[] }, id: string): number => (board.rows.find((r) => r.id === id) as Row).elo_score;
    expect(elo(after, pair.second.id)).toBeGreaterThan(elo(before, pair.second.id));
    expect(elo(after, pair.first.id)).toBeLessThan(elo(before, pair.first.id));

    const human = await desktopCall('list_matches', { research_id: researchId, judge: 'human' });
    expect(human.total).toBe(1);
  });

  it('list_matches pages newest first, filters by hypothesis, and rejects a foreign hypothesis', async () => {
    const all = await desktopCall('list_matches', { research_id: researchId, limit: 500 });
    const numbers = (all.matches as Array<{ number: number }>).map((m) => m.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const firstPage = await desktopCall('list_matches', { research_id: researchId, limit: 3 });
    const secondPage = await desktopCall('list_matches', { research_id: researchId, limit: 3, cursor: firstPage.next_cursor as string });
    expect([...(firstPage.matches as Array<{ id: string }>), ...(secondPage.matches as Array<{ id: string }>)].map((m) => m.id)).toEqual(
      (all.matches as Array<{ id: string }>).slice(0, 6).map((m) => m.id),
    );
    const someone = (all.matches as Array<{ first_id: string }>)[0]?.first_id as string;
    const theirs = await desktopCall('list_matches', { research_id: researchId, hypothesis_id: someone, limit: 500 });
    expect((theirs.matches as Array<{ first_id: string; second_id: string }>).every((m) => m.first_id === someone || m.second_id === someone)).toBe(true);
    expect(await failure(desktop, 'list_matches', { research_id: researchId, hypothesis_id: 'hyp_elsewhere' })).toMatchObject({ code: 'resource_not_found' });
  });

  it('compare_hypotheses gives both in full with their latest review and head-to-head record', async () => {
    const { rows } = await wholeBoard();
    const [a, b] = rows.filter((r) => r.rank !== null) as [Row, Row];
    const compared = await desktopCall('compare_hypotheses', { research_id: researchId, first_id: a.id, second_id: b.id });
    type Side = { id: string; rationale: string; latest_review: { scores: { overall: number } } | null };
    const { first, second } = compared.hypotheses as { first: Side; second: Side };
    expect([first.id, second.id]).toEqual([a.id, b.id]);
    expect(first.rationale.length).toBeGreaterThan(20);
    expect(first.latest_review?.scores.overall).toBeGreaterThan(0);
    const h2h = compared.head_to_head as { matches: number; first_wins: number; second_wins: number };
    expect(h2h.first_wins + h2h.second_wins).toBe(h2h.matches);
    const between = await desktopCall('list_matches', { research_id: researchId, hypothesis_id: a.id, limit: 500 });
    expect((between.matches as Array<{ first_id: string; second_id: string }>).filter((m) => m.first_id === b.id || m.second_id === b.id).length).toBe(h2h.matches);
    expect(await failure(desktop, 'compare_hypotheses', { research_id: researchId, first_id: a.id, second_id: a.id })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('two different') });
  });
});
