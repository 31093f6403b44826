// The route table's contract: validate input, map tool answers and failures to Results, never throw.
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { MAX_LEADERBOARD_PAGE_ROWS, routes } from '../../../../src-shared/routes/index.js';
import { createRouter } from '../../../../src-main/host/router.js';
import { getLeaderboardTool } from '../../../../src-mcp/mcp/tools/desktop/tournament.js';
import { ServerUnavailableError } from '../../../../src-main/host/serverConnection.js';
import { APP_INFO, fakeAssistants, project, routerDeps, scriptedTools, toolFailure, toolSuccess } from './fakes.js';

const STARTED = {
  research_id: 'res_1',
  goal: 'Find novel therapeutic targets for liver fibrosis',
  domain: 'biology',
  domain_inferred: true,
  status: 'initializing',
  hypothesis_count: 20,
  estimated_time_hours: 1.8,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('input validation', () => {
  it('rejects a wrongly typed field with INVALID_INPUT naming the field, without calling the server', async () => {
    const tools = scriptedTools(() => toolSuccess(STARTED));
    const router = createRouter(routerDeps(tools.callTool));

    const result = await router.invoke('projects.start', { goal: 42 });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.message).toMatch(/^Invalid input for projects\.start: goal: .*string/);
    expect(tools.calls).toEqual([]);
  });

  it('rejects unknown fields, so a typo is reported instead of silently ignored', async () => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess(STARTED)).callTool));
    const result = await router.invoke('projects.start', { goal: 'Some research goal here', hypotheses: 5 });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(!result.ok && result.error.message).toContain('hypotheses');
  });

  it.each([null, 'text', 7, []])('rejects a non-object input %j for a route with parameters', async (input) => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess(STARTED)).callTool));
    const result = await router.invoke('projects.status', input);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('accepts a missing input for routes without parameters', async () => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool));
    expect(await router.invoke('app.info', undefined)).toEqual({ ok: true, data: APP_INFO });
  });

  it.each(['projects.explode', '__proto__', 'toString', ''])('answers UNKNOWN_ROUTE for %j', async (route) => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool));
    const result = await router.invoke(route, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ROUTE' } });
  });
});

describe('tool calls', () => {
  it('passes only the given optional fields to start_research and returns the validated result', async () => {
    const tools = scriptedTools(() => toolSuccess({ ...STARTED, extra_field: 'dropped' }));
    const router = createRouter(routerDeps(tools.callTool));

    const result = await router.invoke('projects.start', { goal: STARTED.goal, domain: undefined, hypothesis_count: 8 });

    expect(tools.calls).toEqual([{ name: 'start_research', args: { goal: STARTED.goal, hypothesis_count: 8 } }]);
    // Fields outside the contract never reach the renderer.
    expect(result).toEqual({ ok: true, data: STARTED });
  });

  it('follows list cursors to return every project once, with the total of the first page', async () => {
    const pages: Record<string, Record<string, unknown>> = {
      first: { projects: [project('res_a'), project('res_b')], total: 3, next_cursor: 'c1' },
      c1: { projects: [project('res_b'), project('res_c')], total: 3, next_cursor: null },
    };
    const tools = scriptedTools(({ args }) => toolSuccess(pages[(args.cursor as string | undefined) ?? 'first'] ?? {}));
    const router = createRouter(routerDeps(tools.callTool));

    const result = await router.invoke('projects.list', { status: 'active' });

    expect(tools.calls.map((c) => c.args)).toEqual([{ status: 'active' }, { status: 'active', cursor: 'c1' }]);
    expect(result.ok && (result.data as { projects: { id: string }[] }).projects.map((p) => p.id)).toEqual(['res_a', 'res_b', 'res_c']);
    expect(result.ok && (result.data as { total: number }).total).toBe(3);
  });

  it.each([
    ['resource_not_found', 'NOT_FOUND'],
    ['invalid_input', 'INVALID_INPUT'],
    ['insufficient_permissions', 'PERMISSION_DENIED'],
    ['conflict', 'CONFLICT'],
    ['rate_limit_exceeded', 'RATE_LIMITED'],
    ['safety_blocked', 'SAFETY_BLOCKED'],
    ['budget_exhausted', 'BUDGET_EXHAUSTED'],
    ['internal_error', 'INTERNAL'],
    ['a code this host does not know', 'INTERNAL'],
  ])('maps the tool error code %s to %s and keeps the server’s message', async (toolCode, routeCode) => {
    const message = `Research project res_9 not found (${toolCode}).`;
    const router = createRouter(routerDeps(scriptedTools(() => toolFailure(toolCode, message)).callTool));
    expect(await router.invoke('projects.status', { research_id: 'res_9' })).toEqual({
      ok: false,
      error: { code: routeCode, message },
    });
  });

  it('uses the text block when an error result carries no _meta error envelope', async () => {
    const router = createRouter(
      routerDeps(scriptedTools(() => ({ isError: true, content: [{ type: 'text', text: 'Input validation error: goal' }] })).callTool),
    );
    expect(await router.invoke('projects.status', { research_id: 'x' })).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'Input validation error: goal' },
    });
  });

  it.each([
    ['a server that is down', new ServerUnavailableError('The research server stopped unexpectedly.'), 'SERVER_UNAVAILABLE'],
    ['a connection that closed mid-call', new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), 'SERVER_UNAVAILABLE'],
    ['a call that timed out', new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), 'SERVER_UNAVAILABLE'],
    ['invalid params at the protocol level', new ProtocolError(ProtocolErrorCode.InvalidParams, 'bad params'), 'INVALID_INPUT'],
    ['anything else', new TypeError('boom'), 'INTERNAL'],
  ])('maps %s to %s instead of throwing', async (_what, thrown, code) => {
    const router = createRouter(
      routerDeps(async () => {
        throw thrown;
      }),
    );
    const result = await router.invoke('projects.list', {});
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(!result.ok && result.error.message.length).toBeGreaterThan(0);
  });

  it('reports an answer outside the contract as INTERNAL, naming the offending field', async () => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({ ...STARTED, status: 'exploded' })).callTool));
    const result = await router.invoke('projects.start', { goal: STARTED.goal });
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(!result.ok && result.error.message).toContain('status');
  });

  it('reports a success result without structuredContent as INTERNAL', async () => {
    const router = createRouter(routerDeps(scriptedTools(() => ({ content: [{ type: 'text', text: 'hi' }] })).callTool));
    expect(await router.invoke('projects.status', { research_id: 'x' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});

describe('answers the server already checked', () => {
  it("leaderboard.page passes the server's page on as is: the tool's output schema is the route's, checked by the server before it answers", async () => {
    expect(routes['leaderboard.page'].output).toBe(getLeaderboardTool.output);
    const page = { research_id: 'res_1', k: 5, total: 0, rows: [], next_cursor: null };
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess(page)).callTool));
    const result = await router.invoke('leaderboard.page', { research_id: 'res_1', format: 'columns', next_limit: 1000 });
    expect(result).toEqual({ ok: true, data: page });
  });

  it('leaderboard.page takes pages up to the tool\'s own largest and refuses a larger one before calling the server', async () => {
    const tools = scriptedTools(() => toolSuccess({ research_id: 'res_1', k: 5, total: 0, rows: [], next_cursor: null }));
    const router = createRouter(routerDeps(tools.callTool));
    expect(getLeaderboardTool.input.shape.limit.unwrap().maxValue).toBe(MAX_LEADERBOARD_PAGE_ROWS);
    expect(await router.invoke('leaderboard.page', { research_id: 'res_1', limit: MAX_LEADERBOARD_PAGE_ROWS, next_limit: MAX_LEADERBOARD_PAGE_ROWS })).toMatchObject({ ok: true });
    for (const input of [{ limit: MAX_LEADERBOARD_PAGE_ROWS + 1 }, { next_limit: MAX_LEADERBOARD_PAGE_ROWS + 1 }]) {
      const refused = await router.invoke('leaderboard.page', { research_id: 'res_1', ...input });
      expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(!refused.ok && refused.error.message).toContain(Object.keys(input)[0]);
    }
    expect(tools.calls).toHaveLength(1);
  });
});

describe('assistants routes', () => {
  it('wraps the inspected assistants in the route’s output shape', async () => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool));
    const result = await router.invoke('assistants.list', {});
    expect(result.ok && result.data).toMatchObject({ assistants: [{ id: 'claude-desktop', registered: false }] });
  });

  it('passes force through to the registration and returns its failure as is', async () => {
    const asked: Array<[string, boolean | undefined]> = [];
    const assistants = fakeAssistants({
      connect: async (id, force) => {
        asked.push([id, force]);
        return { ok: false, error: { code: 'CONFLICT', message: 'You edited the entry.', detail: '- a\n+ b' } };
      },
    });
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool, assistants));

    const result = await router.invoke('assistants.connect', { id: 'claude-desktop', force: true });

    expect(asked).toEqual([['claude-desktop', true]]);
    expect(result).toEqual({ ok: false, error: { code: 'CONFLICT', message: 'You edited the entry.', detail: '- a\n+ b' } });
  });

  it('turns an exception escaping a handler into INTERNAL', async () => {
    const assistants = fakeAssistants({
      list: async () => {
        throw new Error('disk on fire');
      },
    });
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool, assistants));
    expect(await router.invoke('assistants.list', {})).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'assistants.list failed unexpectedly: disk on fire' },
    });
  });

  it('passes id, force and variant through for connect and disconnect', async () => {
    const asked: unknown[] = [];
    const assistants = fakeAssistants({
      connect: async (id, force, variant) => {
        asked.push(['connect', id, force, variant]);
        return fakeAssistants().connect(id);
      },
      disconnect: async (id, force, variant) => {
        asked.push(['disconnect', id, force, variant]);
        return fakeAssistants().disconnect(id);
      },
    });
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool, assistants));

    expect((await router.invoke('assistants.connect', { id: 'cline', variant: 'cursor' })).ok).toBe(true);
    expect((await router.invoke('assistants.disconnect', { id: 'codex', force: true })).ok).toBe(true);
    expect(asked).toEqual([
      ['connect', 'cline', false, 'cursor'],
      ['disconnect', 'codex', true, undefined],
    ]);
  });

  it('repair and test answer in the contract’s shapes; a NOT_FOUND from test comes back as is', async () => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool));
    expect(await router.invoke('assistants.repair', { id: 'claude-desktop' })).toMatchObject({ ok: true, data: { action: 'updated', test_launch: { ok: true } } });
    expect(await router.invoke('assistants.test', { id: 'claude-desktop' })).toMatchObject({ ok: true, data: { ok: true, server_name: 'co-scientist' } });

    const missing = fakeAssistants({ test: async () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'Claude Desktop has no Co-Scientist entry.' } }) });
    const router2 = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool, missing));
    expect(await router2.invoke('assistants.test', { id: 'claude-desktop' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Claude Desktop has no Co-Scientist entry.' },
    });
  });

  it('rejects a test-launch answer outside the contract as INTERNAL', async () => {
    const broken = fakeAssistants({ test: async () => ({ ok: true, data: { ok: 'yes' } as never }) });
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool, broken));
    expect(await router.invoke('assistants.test', { id: 'claude-desktop' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('rejects an assistant id the app does not know', async () => {
    const router = createRouter(routerDeps(scriptedTools(() => toolSuccess({})).callTool));
    expect(await router.invoke('assistants.connect', { id: 'clippy' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
