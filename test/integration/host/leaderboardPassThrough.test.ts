// A leaderboard page crosses the BUILT web host as the server's own JSON text (src-main/host/
// checkedJson.ts): the HTTP answer's data is byte for byte what the server checked and wrote, and
// it satisfies the route's output schema; a page the server refuses still reaches the browser as
// the server's specific error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderboardPageSchema } from '../../../src-shared/schemas/tournament.js';
import { loadSeeder } from '../../../bench/leaderboard.js';
import { startWebHost, type WebHost } from '../../e2e/web/support/webHost.js';
import { connectServer, tempDataDir, type ConnectedServer } from '../../support/server.js';

const HYPOTHESES = 1_100;
let dataDir: string;
let researchId: string;
let host: WebHost;
let direct: ConnectedServer;

beforeAll(async () => {
  dataDir = tempDataDir('cosci-pass-through');
  const { seedTournament } = await loadSeeder();
  researchId = (await seedTournament(dataDir, { hypotheses: HYPOTHESES, rounds: 2, seed: 7 })).projectId;
  host = await startWebHost({ dataDir, home: tempDataDir('cosci-pass-through-home') });
  direct = await connectServer({ dataDir, client: 'desktop' });
}, 120_000);

afterAll(async () => {
  await direct?.close();
  await host?.stop();
});

/** POST /api/invoke as the page does; the answer's body as text. */
async function invokeText(route: string, input: unknown): Promise<string> {
  const response = await fetch(`${host.origin}/api/invoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}`, Origin: host.origin },
    body: JSON.stringify({ route, input }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe('leaderboard.page through the web host', () => {
  it('answers each page of a board with exactly the JSON the server checked and wrote', async () => {
    let cursor: string | undefined;
    let pages = 0;
    do {
      const input = { research_id: researchId, limit: 1000, format: 'columns' as const, summary_chars: 120, ...(cursor === undefined ? {} : { cursor }) };
      const body = await invokeText('leaderboard.page', input);
      const fromServer = await direct.client.callTool({ name: 'get_leaderboard', arguments: input });
      // The server writes JSON.stringify of its message (src-mcp/runtime/frameEncoding.ts).
      expect(body).toBe(`{"ok":true,"data":${JSON.stringify(fromServer.structuredContent)}}`);
      const page = LeaderboardPageSchema.parse((JSON.parse(body) as { data: unknown }).data);
      expect(page.columns?.id.length).toBe(pages === 0 ? 1000 : HYPOTHESES - 1000);
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(2);
  });

  it("passes the server's specific error on for a page it refuses", async () => {
    const missing = JSON.parse(await invokeText('leaderboard.page', { research_id: 'res_000000000000', limit: 1000, format: 'columns' })) as unknown;
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('res_000000000000') } });
    const badCursor = JSON.parse(await invokeText('leaderboard.page', { research_id: researchId, cursor: 'not-a-cursor', limit: 1000, format: 'columns' })) as unknown;
    expect(badCursor).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/cursor/i) } });
  });
});
