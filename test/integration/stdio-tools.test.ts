// The built server over real stdio, driven by the official MCP clients: the v2 SDK in both
// protocol eras and the v1 SDK (which checks every structuredContent against its outputSchema).
import { afterEach, describe, expect, it } from 'vitest';
import Ajv from 'ajv/dist/2020.js';
import { CLIENT_KINDS, connectServer, tempDataDir, type ConnectedServer, type ConnectOptions, type ServerProcess, type ToolClient } from '../support/server.js';
import { expectErrorEnvelope, toolErrorOf } from '../support/toolErrors.js';
import { inspectStore } from '../support/storeInspector.js';

const ajv = new Ajv({ strict: false, allErrors: true });
type Connected = ConnectedServer<ToolClient, ServerProcess>;
const open: Connected[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function connect(options: ConnectOptions): Promise<Connected> {
  const server = await connectServer(options);
  open.push(server);
  return server;
}

function textOf(result: { content?: unknown }): string {
  const blocks = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return blocks.map((block) => block.text ?? '').join('\n');
}

describe.each(CLIENT_KINDS)('MCP server over stdio ($label)', ({ sdk, era }) => {
  it('lists the tools an assistant may call, each with title, annotations and schemas', async () => {
    const { client } = await connect({ dataDir: tempDataDir(), era, sdk });
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['start_research', 'list_research_projects', 'get_research_status', 'continue_research', 'submit_work', 'list_hypotheses', 'rank_hypotheses', 'get_results', 'export_results']));
    // Deciding checkpoints needs a grant from the scientist; arena votes are the desktop app's own.
    expect(names).not.toContain('decide');
    expect(names).not.toContain('record_judgement');
    expect(tools.length).toBeLessThanOrEqual(22);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(80);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
      expect(tool.name.length).toBeLessThanOrEqual(40);
    }
  });

  it('calls every tool; structuredContent validates against the advertised outputSchema', async () => {
    const { client } = await connect({ dataDir: tempDataDir(), era, sdk });
    const { tools } = await client.listTools();
    const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
    const check = (name: string, structured: unknown): void => {
      const validate = validators.get(name);
      expect(validate, name).toBeDefined();
      expect(validate?.(structured), `${name}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
    };

    const started = await client.callTool({
      name: 'start_research',
      arguments: { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 30 },
    });
    expect(started.isError).toBeFalsy();
    check('start_research', started.structuredContent);
    const project = started.structuredContent as { research_id: string; status: string; domain: string; hypothesis_count: number };
    expect(project).toMatchObject({ status: 'initializing', hypothesis_count: 30, domain: 'medicine' });
    expect(project.research_id).toMatch(/^res_[0-9a-f]{12}$/);
    expect(textOf(started)).toContain(project.research_id);

    const listed = await client.callTool({ name: 'list_research_projects', arguments: {} });
    check('list_research_projects', listed.structuredContent);
    expect(listed.structuredContent).toMatchObject({ total: 1, next_cursor: null, projects: [{ id: project.research_id }] });

    const status = await client.callTool({ name: 'get_research_status', arguments: { research_id: project.research_id } });
    check('get_research_status', status.structuredContent);
    expect(status.structuredContent).toMatchObject({
      research_id: project.research_id,
      status: 'initializing',
      progress: 0,
      created_by: 'test-assistant',
      top_hypothesis: null,
    });
    expect(textOf(status)).toContain('liver fibrosis');
  });

  it('reads the project resource as Markdown in the reference format', async () => {
    const { client } = await connect({ dataDir: tempDataDir(), era, sdk });
    const started = await client.callTool({
      name: 'start_research',
      arguments: { goal: 'Investigate mechanisms of antimicrobial resistance', domain: 'Biology' },
    });
    const id = (started.structuredContent as { research_id: string }).research_id;
    const { contents } = await client.readResource({ uri: `research://projects/${id}` });
    const text = (contents[0] as { text: string }).text;
    expect(contents[0]?.mimeType).toBe('text/markdown');
    expect(text).toContain(`# Research Project: ${id}`);
    expect(text).toContain('## Goal\nInvestigate mechanisms of antimicrobial resistance');
    expect(text).toContain('## Status\ninitializing (0% complete)');
    expect(text).toContain('- Domain: biology');
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(`research://projects/${id}`);
    await expect(client.readResource({ uri: 'research://projects/res_missing' })).rejects.toThrow(/not found/);
  });

  it('answers bad input with a coded, actionable error and changes nothing', async () => {
    const dataDir = tempDataDir();
    const { client } = await connect({ dataDir, era, sdk });
    const cases: Array<{ name: string; arguments: Record<string, unknown>; code: string; mention: RegExp }> = [
      { name: 'start_research', arguments: { goal: 'short' }, code: 'invalid_input', mention: /too short/ },
      { name: 'start_research', arguments: {}, code: 'invalid_input', mention: /goal/ },
      { name: 'start_research', arguments: { goal: 'A long enough goal text here', hypothesis_count: 101 }, code: 'invalid_input', mention: /hypothesis_count/ },
      { name: 'list_research_projects', arguments: { status: 'running' }, code: 'invalid_input', mention: /status/ },
      { name: 'list_research_projects', arguments: { cursor: 'not-a-cursor' }, code: 'invalid_input', mention: /cursor/ },
      { name: 'get_research_status', arguments: { research_id: 'res_000000000000' }, code: 'resource_not_found', mention: /list_research_projects/ },
      // Its counters are read alongside the page: the empty page of an unknown project is no answer.
      { name: 'list_hypotheses', arguments: { research_id: 'res_000000000000' }, code: 'resource_not_found', mention: /list_research_projects/ },
      { name: 'list_hypotheses', arguments: { research_id: 'res_000000000000', cursor: 'not-a-cursor' }, code: 'invalid_input', mention: /cursor/ },
    ];
    for (const testCase of cases) {
      const result = await client.callTool({ name: testCase.name, arguments: testCase.arguments });
      expect(result.isError, JSON.stringify(testCase)).toBe(true);
      const error = toolErrorOf(result);
      expect(error.code, JSON.stringify(testCase)).toBe(testCase.code);
      expect(error.message, JSON.stringify(testCase)).toMatch(testCase.mention);
      expect(textOf(result)).toContain(testCase.code);
    }
    const listed = await client.callTool({ name: 'list_research_projects', arguments: {} });
    expect(listed.structuredContent).toMatchObject({ total: 0 });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('puts what a model needs to recover into the error text: retry_after, the missing scopes', async () => {
    const dataDir = tempDataDir();
    const desktop = await connect({ dataDir, era, sdk, client: 'desktop' });
    const granted = await desktop.client.callTool({ name: 'set_client_policy', arguments: { client_id: 'claude-desktop', scopes: ['research:write'], rate_per_minute: 1, burst: 1 } });
    expect(granted.isError, textOf(granted)).toBeFalsy();
    const { client } = await connect({ dataDir, era, sdk, client: 'claude-desktop' });
    const goal = { goal: 'Identify drug repurposing candidates for AML' };
    expect((await client.callTool({ name: 'start_research', arguments: goal })).isError).toBeFalsy();

    const limited = await client.callTool({ name: 'start_research', arguments: goal });
    const rate = expectErrorEnvelope(limited, 'second start_research within the minute');
    expect(rate.code).toBe('rate_limit_exceeded');
    const retryAfter = rate.details.retry_after;
    expect(typeof retryAfter === 'number' && retryAfter > 0, JSON.stringify(rate.details)).toBe(true);
    expect(textOf(limited)).toContain(`"retry_after":${String(retryAfter)}`);

    const refused = await client.callTool({ name: 'generate_hypotheses', arguments: { research_id: 'res_x' } });
    const denied = expectErrorEnvelope(refused, 'generate_hypotheses without its scope');
    expect(denied).toMatchObject({ code: 'insufficient_permissions', details: { missing: ['hypotheses:generate'] } });
    expect(textOf(refused)).toContain('hypotheses:generate');
  });

  it('writes one hash-chained audit row per call, failures included', async () => {
    const dataDir = tempDataDir();
    const { client } = await connect({ dataDir, era, sdk, client: 'claude-desktop' });
    await client.callTool({ name: 'start_research', arguments: { goal: 'Identify drug repurposing candidates for AML', api_key: 'sk-secret' } });
    await client.callTool({ name: 'get_research_status', arguments: { research_id: 'res_x' } });
    await client.callTool({ name: 'list_research_projects', arguments: {} });
    await inspectStore(dataDir, async (store) => {
      const rows = (): Promise<Array<Record<string, unknown>>> => store.rows<Record<string, unknown>>("SELECT * FROM audit_log WHERE action LIKE 'tool:%' ORDER BY id");
      // The reads' rows follow within FLUSH_MS (src-mcp/mcp/audit/readAudit.ts).
      await expect.poll(async () => (await rows()).map((row) => [row.client_id, row.action, row.outcome, row.error_code]), { timeout: 5_000 }).toEqual([
        ['claude-desktop', 'tool:start_research', 'error', 'invalid_input'],
        ['claude-desktop', 'tool:get_research_status', 'error', 'resource_not_found'],
        ['claude-desktop', 'tool:list_research_projects', 'success', null],
      ]);
      // The unknown `api_key` argument made the call invalid, and the secret itself never reached the log.
      expect(String((await rows())[0]?.arguments)).not.toContain('sk-secret');
      const all = await store.rows<{ prev_hash: string; hash: string }>('SELECT prev_hash, hash FROM audit_log ORDER BY id');
      all.forEach((row, index) => {
        if (index > 0) expect(row.prev_hash).toBe(all[index - 1]?.hash);
      });
    });
  });
});
