// The leaderboard.page route reads ahead (src-main/host/leaderboardReadAhead.ts) against the BUILT
// server over stdio: once a page by column is answered, the host has already asked the server for
// the next one (in next_limit rows when the app says its next page is larger), and the request
// for that cursor gets it without another call; the rows are those a direct call gives, and a
// board walked to its end costs one call per page. Pages by row (the project view's top of the
// board) are not read ahead.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter, type Router } from '../../src-main/host/router.js';
import { APP_INFO, fakeAssistants, silentLogger } from '../unit/src-main/host/fakes.js';
import { connectServer, tempDataDir, type ConnectedServer } from '../support/server.js';
import { completedResearchIn } from '../e2e/web/support/researchRun.js';
import { storeScalars } from '../support/storeInspector.js';

let dataDir: string;
let researchId: string;
let server: ConnectedServer;
let router: Router;

beforeAll(async () => {
  dataDir = tempDataDir('cosci-read-ahead');
  researchId = await completedResearchIn(dataDir, { goal: 'Find novel therapeutic targets for liver fibrosis', hypotheses: 6 });
  server = await connectServer({ dataDir, client: 'desktop' });
  router = createRouter({
    callTool: async (name, args) => (await server.client.callTool({ name, arguments: args })) as CallToolResult,
    appInfo: () => APP_INFO,
    assistants: fakeAssistants(),
    log: silentLogger,
  });
}, 120_000);

afterAll(async () => {
  await server.close();
});

interface PageArguments {
  cursor?: string;
  limit?: number;
  format?: string;
}

/**
 * The arguments of every get_leaderboard call the desktop's server has audited. A read's row is
 * queued for up to FLUSH_MS (src-mcp/mcp/audit/readAudit.ts); an audit tool appends the queue first, so
 * asking for the log makes every call so far countable.
 */
async function auditedPageArguments(): Promise<PageArguments[]> {
  await server.client.callTool({ name: 'query_audit_log', arguments: { limit: 1 } });
  const args = await storeScalars<string>(dataDir, "SELECT arguments FROM audit_log WHERE action = 'tool:get_leaderboard' AND client_id = 'desktop'");
  return args.map((json) => JSON.parse(json) as PageArguments);
}

/** get_leaderboard calls the desktop's server has audited with this cursor (null: first pages). */
async function pageCalls(cursor: string | null): Promise<number> {
  return (await auditedPageArguments()).filter((args) => (args.cursor ?? null) === cursor).length;
}

/** Calls by column in pages of `limit` rows after the first page. */
async function laterPageCalls(limit: number): Promise<number> {
  return (await auditedPageArguments()).filter((args) => args.cursor !== undefined && args.limit === limit && args.format === 'columns').length;
}

interface Page {
  rows: unknown[];
  columns?: Record<string, unknown[]>;
  next_cursor: string | null;
}

async function page(input: Record<string, unknown>): Promise<Page> {
  const result = await router.invoke('leaderboard.page', { research_id: researchId, ...input });
  expect(result, JSON.stringify(result).slice(0, 300)).toMatchObject({ ok: true });
  return (result as { data: Page }).data;
}

describe('leaderboard.page read-ahead', () => {
  it('asks the server for the next page by column before the app does, and answers the app with it', async () => {
    const first = await page({ limit: 2, format: 'columns' });
    const cursor = first.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    await expect.poll(() => pageCalls(cursor), { timeout: 10_000 }).toBe(1);
    const second = await page({ limit: 2, format: 'columns', cursor });
    expect(await pageCalls(cursor)).toBe(1);
    const direct = (await server.client.callTool({ name: 'get_leaderboard', arguments: { research_id: researchId, limit: 2, format: 'columns', cursor } })).structuredContent;
    expect(second).toEqual(direct);
    // The page after it was read ahead in turn.
    if (second.next_cursor !== null) await expect.poll(() => pageCalls(second.next_cursor), { timeout: 10_000 }).toBe(1);
  });

  it('reads the next page ahead in next_limit rows, the size the app asks for it in, and never passes next_limit to the server', async () => {
    const first = await page({ limit: 1, format: 'columns', next_limit: 3 });
    const cursor = first.next_cursor as string;
    expect(first.columns?.id).toHaveLength(1);
    await expect.poll(() => pageCalls(cursor), { timeout: 10_000 }).toBe(1);
    const second = await page({ limit: 3, format: 'columns', cursor });
    expect(await pageCalls(cursor)).toBe(1);
    expect(second.columns?.id).toHaveLength(3);
    const direct = (await server.client.callTool({ name: 'get_leaderboard', arguments: { research_id: researchId, limit: 3, format: 'columns', cursor } })).structuredContent;
    expect(second).toEqual(direct);
    // The route passes the server's page on as the server checked it: same data, nothing added.
    const head = (await server.client.callTool({ name: 'get_leaderboard', arguments: { research_id: researchId, limit: 1, format: 'columns' } })).structuredContent;
    expect(first).toEqual(head);
  });

  it('the app walking a board by column gets every row once, in order, for one server call per page', async () => {
    // 4 rows a page: no other test here asks for that size, so its calls are this walk's alone.
    const limit = 4;
    const whole = (await server.client.callTool({ name: 'get_leaderboard', arguments: { research_id: researchId, limit: 100, format: 'columns' } })).structuredContent as unknown as Page;
    const wholeIds = whole.columns?.id ?? [];
    expect(wholeIds.length).toBeGreaterThan(1 + limit);
    const first = await page({ limit: 1, format: 'columns', next_limit: limit });
    const ids = [...(first.columns?.id ?? [])];
    let cursor = first.next_cursor;
    while (cursor !== null) {
      const next = await page({ limit, format: 'columns', cursor });
      ids.push(...(next.columns?.id ?? []));
      cursor = next.next_cursor;
    }
    expect(ids).toEqual(wholeIds);
    expect(await laterPageCalls(limit)).toBe(Math.ceil((wholeIds.length - 1) / limit));
  });

  it('does not read ahead pages by row', async () => {
    const before = await pageCalls(null);
    const top = await page({ limit: 3 });
    expect(top.rows).toHaveLength(3);
    const cursor = top.next_cursor as string;
    // A later call is audited after any read-ahead would have been: none was made for this cursor.
    await page({ limit: 1, format: 'rows' });
    await expect.poll(() => pageCalls(null), { timeout: 10_000 }).toBe(before + 2);
    expect(await pageCalls(cursor)).toBe(0);
  });
});
