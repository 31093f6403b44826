// Hostile sizes and the rate limit at the toolkit's choke point (src-mcp/mcp/toolkit.ts): every
// string argument has a maximum, advertised in tools/list and enforced before any work and before
// any error message could echo it; a call refused as invalid costs no rate-limit token.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { connectServer, tempDataDir, type ConnectedServer } from '../support/server.js';
import { toolErrorOf } from '../support/toolErrors.js';

const open: ConnectedServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(client: string, dataDir: string): Promise<ConnectedServer> {
  const server = await connectServer({ dataDir, client });
  open.push(server);
  return server;
}

describe('argument limits', () => {
  it('advertises a maxLength on every string argument of every tool', async () => {
    const dataDir = tempDataDir('cosci-limits');
    dirs.push(dataDir);
    const desktop = await start('desktop', dataDir);
    const unbounded: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (schema === null || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'string' && node.enum === undefined && node.const === undefined && typeof node.maxLength !== 'number') unbounded.push(where);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value !== null && typeof value === 'object') for (const [name, sub] of Object.entries(value)) walk(sub, `${where}.${name}`);
        else if (typeof value === 'object') walk(value, `${where}.${key}`);
      }
    };
    const { tools } = await desktop.client.listTools();
    for (const tool of tools) walk(tool.inputSchema, tool.name);
    expect(unbounded).toEqual([]);
  });

  it('refuses a 9 MB research_id at once, without echoing it, and other calls are not held up', async () => {
    const dataDir = tempDataDir('cosci-limits');
    dirs.push(dataDir);
    const assistant = await start('claude-desktop', dataDir);
    const huge = 'r'.repeat(3 * 1024 * 1024);
    const started = performance.now();
    const [refused, listed] = await Promise.all([
      assistant.client.callTool({ name: 'get_research_status', arguments: { research_id: huge } }),
      assistant.client.callTool({ name: 'list_research_projects', arguments: {} }),
    ]);
    const elapsed = performance.now() - started;
    const error = toolErrorOf(refused);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/research_id is 3,145,728 characters long; at most 256 are accepted/);
    expect(JSON.stringify(refused).length).toBeLessThan(2_000);
    expect(listed.isError).toBeFalsy();
    // Generous guard (the point is "not seconds per call"; before, 9 MB took 5 s).
    expect(elapsed).toBeLessThan(5_000);
    // Unknown tool names are not echoed at length either.
    await expect(assistant.client.callTool({ name: 'x'.repeat(100_000), arguments: {} })).rejects.toThrow(/a name of 100000 characters/);
  });

  it('refuses text holding a NUL character, on either engine, naming where it is and changing nothing', async () => {
    const dataDir = tempDataDir('cosci-limits');
    dirs.push(dataDir);
    const assistant = await start('claude-desktop', dataDir);
    for (const [name, args, path] of [
      ['start_research', { goal: 'Why do tardigrades\u0000 survive desiccation so well?' }, 'goal'],
      ['evolve_hypothesis', { hypothesis_id: '\u0000', strategy: 'simplify' }, 'hypothesis_id'],
    ] as const) {
      const error = toolErrorOf(await assistant.client.callTool({ name, arguments: args }));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe(`Invalid arguments for ${name}: ${path} contains a NUL character (U+0000), which text may not hold.`);
    }
    const listed = await assistant.client.callTool({ name: 'list_research_projects', arguments: {} });
    expect((listed.structuredContent as { total: number }).total).toBe(0);
  });

  it('charges the rate limit only for calls that pass validation', async () => {
    const dataDir = tempDataDir('cosci-limits');
    dirs.push(dataDir);
    const desktop = await start('desktop', dataDir);
    const policy = await desktop.client.callTool({
      name: 'set_client_policy',
      arguments: { client_id: 'claude-desktop', scopes: ['research:write', 'hypotheses:generate'], rate_per_minute: 1, burst: 2, may_decide_checkpoints: false },
    });
    expect(policy.isError).toBeFalsy();
    const assistant = await start('claude-desktop', dataDir);
    // Before: each of these invalid expensive calls took a token, and the valid one below was refused.
    for (const args of [{ goal: 'short' }, { goal: 'A valid goal about liver fibrosis and its drivers', hypothesis_count: 'many' }, { goal: 'x'.repeat(30_000) }, {}]) {
      expect(toolErrorOf(await assistant.client.callTool({ name: 'start_research', arguments: args })).code).toBe('invalid_input');
    }
    for (let i = 0; i < 2; i += 1) {
      const ok = await assistant.client.callTool({ name: 'start_research', arguments: { goal: `A valid goal about liver fibrosis number ${i}` } });
      expect(ok.isError, JSON.stringify(ok.content)).toBeFalsy();
    }
    expect(toolErrorOf(await assistant.client.callTool({ name: 'start_research', arguments: { goal: 'A third goal about liver fibrosis' } })).code).toBe('rate_limit_exceeded');
  });
});
