// The leaderboard of a lab project in the desktop app (issue 31: "signed in, the whole GUI works on
// the lab's projects … leaderboard"): with the lab side active, the host's leaderboard.page goes
// through the lab connection (parsed, no byte pass-through over HTTP) and answers, page by page,
// exactly what the lab server answers its own get_leaderboard; the same project is unknown on this
// computer's side. Real parts: a seeded tournament in the lab's data folder, `serve --http
// --issuer` with oidc-provider, the host signed in through the authorization-code flow.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { loadSeeder } from '../../../bench/leaderboard.js';
import type { Host } from '../../../src-main/host/hostCore.js';
import { createLabSessionStore, createLocalKeyCipher } from '../../../src-main/host/lab/labSessionStore.js';
import { ALL_SCOPES } from '../../../src-mcp/mcp/access/scopes.js';
import { LeaderboardPageSchema } from '../../../src-shared/schemas/tournament.js';
import { requireBuiltServer, tempDir } from '../../support/realServer.js';
import { desktopHost, labAccessToken, routeData as ok, stopLabClientTest } from '../../support/desktopHost.js';
import { connectWithToken, type LabServer } from '../../support/labServer.js';
import { startLabWithIssuer } from '../../support/labWithIssuer.js';
import { DESKTOP_APP_CLIENT, signInRedirect, type AuthorizationServer } from '../../support/authorizationServer.js';

const HYPOTHESES = 120;

describe("a lab project's leaderboard in the desktop app", () => {
  let issuer: AuthorizationServer;
  let server: LabServer;
  let host: Host;
  let projectId: string;
  let direct: Client;

  beforeAll(async () => {
    requireBuiltServer();
    const labData = tempDir('lab-leaderboard');
    projectId = (await (await loadSeeder()).seedTournament(labData, { hypotheses: HYPOTHESES, rounds: 2, seed: 31 })).projectId;
    // The lab grants the scientist's desktop sign-in every scope, admin included (the audit views).
    ({ issuer, server } = await startLabWithIssuer(labData, { grantedScope: (clientId) => (clientId === DESKTOP_APP_CLIENT ? ALL_SCOPES.join(' ') : undefined) }));
    const token = await labAccessToken(issuer, server.url, { sub: 'pat', name: 'Pat Principal', scope: 'research:read hypotheses:read reviews:read' });
    direct = await connectWithToken(server.url, token, 'modern');

    const hostDataDir = tempDir('desktop');
    host = desktopHost({
      dataDir: hostDataDir,
      lab: { store: createLabSessionStore(hostDataDir, createLocalKeyCipher(hostDataDir)), client: { clientId: DESKTOP_APP_CLIENT } },
    });
    await host.start();
    await ok(host.invoke('lab.setUrl', { url: server.url }));
    const url = new URL((await ok(host.invoke('lab.signIn', {}))).authorization_url);
    await fetch(await signInRedirect(url, 'alice', url.searchParams.get('redirect_uri') as string));
    await vi.waitFor(async () => expect((await ok(host.invoke('lab.status', {}))).state).toBe('signed-in'), { timeout: 10_000 });
  }, 120_000);
  afterAll(async () => {
    await direct?.close();
    await stopLabClientTest(host, issuer);
  });

  // get_leaderboard is desktop-only; a lab opens it (a 'view', ToolDefinition.lab) to any caller holding its scopes,
  // since the desktop app's sign-in there is an ordinary OAuth client (docs/threat-model.md).
  it('pages through the lab board with exactly what the lab server answers, in rows and in columns', async () => {
    expect((await host.invoke('lab.switch', { to: 'lab' })).ok).toBe(true);
    for (const format of ['rows', 'columns'] as const) {
      let cursor: string | undefined;
      let seen = 0;
      do {
        const input = { research_id: projectId, limit: 50, format, ...(cursor === undefined ? {} : { cursor }) };
        const viaHost = await host.invoke('leaderboard.page', input);
        if (!viaHost.ok) throw new Error(`${viaHost.error.code}: ${viaHost.error.message}`);
        const fromLab = await direct.callTool({ name: 'get_leaderboard', arguments: input });
        expect(viaHost.data).toEqual(fromLab.structuredContent);
        const page = LeaderboardPageSchema.parse(viaHost.data);
        seen += format === 'columns' ? (page.columns?.id.length ?? 0) : (page.rows?.length ?? 0);
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
      expect(seen).toBe(HYPOTHESES);
    }
  }, 60_000);

  // The other desktop views a lab opens to their scopes (ToolDefinition.lab 'view'): each answers
  // through the host's lab connection, and none of them is listed to the lab's assistants.
  it("draws the lab project's other views: overview, timeline, a hypothesis, its history, matches, comparison, arena, decisions, audit", async () => {
    expect((await host.invoke('lab.switch', { to: 'lab' })).ok).toBe(true);
    const answer = async (route: Parameters<Host['invoke']>[0], input: unknown): Promise<unknown> => {
      const settled = await host.invoke(route, input as never);
      if (!settled.ok) throw new Error(`${route}: ${settled.error.code}: ${settled.error.message}`);
      return settled.data;
    };
    const board = LeaderboardPageSchema.parse(await answer('leaderboard.page', { research_id: projectId, limit: 2 }));
    const [first, second] = (board.rows ?? []).map((row) => row.id);
    if (first === undefined || second === undefined) throw new Error('the seeded board has fewer than two rows');
    const overview = (await answer('projects.overview', {})) as { projects: Array<{ id: string }> };
    expect(overview.projects.map((project) => project.id)).toContain(projectId);
    expect(await answer('projects.timeline', { research_id: projectId })).toMatchObject({ research_id: projectId });
    expect(await answer('hypotheses.get', { hypothesis_id: first })).toMatchObject({ hypothesis: { id: first } });
    expect(await answer('leaderboard.eloHistory', { research_id: projectId, hypothesis_ids: [first] })).toBeTruthy();
    expect(await answer('leaderboard.matches', { research_id: projectId, hypothesis_id: first })).toBeTruthy();
    expect(await answer('leaderboard.compare', { research_id: projectId, first_id: first, second_id: second })).toBeTruthy();
    expect(await answer('arena.nextPair', { research_id: projectId })).toBeTruthy();
    expect(await answer('checkpoints.history', {})).toBeTruthy();
    expect(await answer('audit.verify', {})).toMatchObject({ ok: true });
    // The lab's log names who drew the board, through which client (the desktop's sign-in).
    const audit = (await answer('audit.query', { action: 'tool:get_leaderboard' })) as { rows: Array<{ client_id: string }> };
    expect(audit.rows.some((row) => row.client_id.includes(DESKTOP_APP_CLIENT))).toBe(true);

    const listed = (await direct.listTools()).tools.map((tool) => tool.name);
    expect(listed).not.toContain('get_leaderboard');
    expect(listed).not.toContain('query_audit_log');
  }, 60_000);

  // The scientist's own work on a lab project (ToolDefinition.lab 'contribution'): recorded under
  // their lab identity, through the desktop's sign-in; a project-wide change ('principal': trash,
  // archive) is the lab's PI role's, from the role claim, never from holding a token.
  it("records the scientist's own work on the lab under their name; trashing a project is the PI's", async () => {
    expect((await host.invoke('lab.switch', { to: 'lab' })).ok).toBe(true);
    const board = LeaderboardPageSchema.parse(await ok(host.invoke('leaderboard.page', { research_id: projectId, limit: 2 })));
    const [first, second] = (board.rows ?? []).map((row) => row.id);
    if (first === undefined || second === undefined) throw new Error('the seeded board has fewer than two rows');
    const alice = `Alice Student via ${DESKTOP_APP_CLIENT} (${issuer.issuer}#alice)`;

    const shown = (await ok(host.invoke('hypotheses.get', { hypothesis_id: first }))) as { hypothesis: { title: string; title_given: boolean } };
    await ok(host.invoke('hypotheses.setTitle', { hypothesis_id: first, title: 'Clock genes gate the microbial signal', expected_title: shown.hypothesis.title_given ? shown.hypothesis.title : null }));
    await ok(host.invoke('arena.vote', { first_id: first, second_id: second, winner_id: second }));
    const added = await ok(host.invoke('hypotheses.add', {
      research_id: projectId,
      hypothesis: { summary: 'Feeding mice only during their usual rest phase shifts the circadian clock of the gut epithelium within two days, well before the liver clock follows, because microbial metabolites released after each meal act as a direct timing cue on intestinal cells. Blocking short-chain fatty acid signalling should slow the gut shift and leave the later liver shift unchanged, separating microbial from hormonal timing cues.', rationale: 'Feeding time entrains peripheral clocks first.', experimental_protocol: 'Time-restricted feeding in mice, sampling gut and liver every 4 h.', testable_predictions: ['Gut Per2 peaks shift within 2 days; liver within 5.'] },
    }));

    // What the lab's own server answers: the new title, the human match and the new hypothesis.
    const viaLab = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => (await direct.callTool({ name, arguments: args })).structuredContent as Record<string, unknown>;
    expect(await viaLab('get_hypothesis', { hypothesis_id: first })).toMatchObject({ hypothesis: { title: 'Clock genes gate the microbial signal' } });
    expect(await viaLab('get_hypothesis', { hypothesis_id: added.hypothesis_id })).toMatchObject({ hypothesis: { id: added.hypothesis_id } });
    expect(await viaLab('compare_hypotheses', { research_id: projectId, first_id: first, second_id: second })).toMatchObject({ head_to_head: { human_judged: 1 } });
    const audit = (await ok(host.invoke('audit.query', { client: alice }))) as { rows: Array<{ action: string; outcome: string }> };
    for (const action of ['tool:set_hypothesis_title', 'tool:record_judgement', 'tool:add_hypothesis']) expect(audit.rows, action).toContainEqual(expect.objectContaining({ action, outcome: 'ok' }));

    // Alice holds research:write, but the lab did not give her the PI role: refused, nothing trashed, the refusal audited.
    const refused = await host.invoke('projects.trash', { research_id: projectId, trashed: true });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/principal investigators/);
    expect(((await ok(host.invoke('projects.overview', {}))) as { projects: Array<{ id: string }> }).projects.map((project) => project.id)).toContain(projectId);
    const denied = (await ok(host.invoke('audit.query', { client: alice, action: 'tool:trash_research' }))) as { rows: Array<{ outcome: string; error_code: string | null }> };
    expect(denied.rows).toMatchObject([{ outcome: 'denied', error_code: 'insufficient_permissions' }]);

    // Pat's token carries the lab's PI role claim: the same call trashes the project, and restores it.
    const piToken = await labAccessToken(issuer, server.url, { sub: 'pat', name: 'Pat Principal', scope: 'research:read research:write', roles: ['cosci-pi'] });
    const pi = await connectWithToken(server.url, piToken, 'modern');
    try {
      const trashed = await pi.callTool({ name: 'trash_research', arguments: { research_id: projectId, trashed: true } });
      expect(trashed.isError, JSON.stringify(trashed.content)).not.toBe(true);
      expect(((await ok(host.invoke('projects.overview', {}))) as { projects: Array<{ id: string }> }).projects.map((project) => project.id)).not.toContain(projectId);
      const restored = await pi.callTool({ name: 'trash_research', arguments: { research_id: projectId, trashed: false } });
      expect(restored.isError, JSON.stringify(restored.content)).not.toBe(true);
    } finally {
      await pi.close();
    }
  }, 60_000);

  it("never shows the lab's board on this computer's side", async () => {
    expect((await host.invoke('lab.switch', { to: 'local' })).ok).toBe(true);
    const local = await host.invoke('leaderboard.page', { research_id: projectId, limit: 50 });
    expect(local.ok).toBe(false);
    if (!local.ok) expect(local.error.code).toBe('NOT_FOUND');
  }, 30_000);
});
