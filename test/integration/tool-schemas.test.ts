// The built server lists the JSON Schemas that the build precomputed (scripts/build.mjs). They
// must be exactly what converting the tools' zod schemas gives now, for every era and for the v1
// SDK client too, or clients would validate arguments and results against stale shapes; and what
// each client role is shown must read the same in JSON Schema draft-07 and 2020-12.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src-mcp/mcp/toolRegistry.js';
import { computeToolSchemas, describeTool } from '../../src-mcp/mcp/schemas/toolSchemas.js';
import { nonPortableToolSchemas } from '../../src-mcp/mcp/schemas/schemaPortability.js';
import { CLIENT_KINDS, connectServer, tempDataDir, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { SchemaDialects } from '../support/schemaDialects.js';

// Every distinct schema is compiled once: the roles and client kinds are shown the same ones.
const dialects = new SchemaDialects();
const compiled = new Set<string>();
function compileOnce(schema: Record<string, unknown>, what: string): void {
  const text = JSON.stringify(schema);
  if (compiled.has(text)) return;
  dialects.compile(schema, what);
  compiled.add(text);
}

describe.each(CLIENT_KINDS)('tools/list schemas ($label)', ({ sdk, era }) => {
  const dataDir = tempDataDir();
  let server: ConnectedServer<ToolClient, ServerProcess>;
  beforeAll(async () => {
    // The desktop client sees every tool; declaring MCP Apps, the views' app-only tools too (issue 34).
    server = await connectServer({ dataDir, client: 'desktop', era, sdk, showsApps: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every tool with the schemas its zod definitions convert to', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS.map((tool) => tool.name).sort());
    for (const tool of ALL_TOOLS) {
      const listed = tools.find((candidate) => candidate.name === tool.name);
      const expected = computeToolSchemas(tool);
      expect(listed?.inputSchema, `${tool.name} inputSchema`).toEqual(expected.inputSchema);
      expect(listed?.outputSchema, `${tool.name} outputSchema`).toEqual(expected.outputSchema);
      expect(listed?.annotations, `${tool.name} annotations`).toEqual(describeTool(tool).annotations);
    }
  });

  it('shows every role (desktop, an assistant, an unnamed client) schemas that compile strictly in draft-07 and 2020-12', async () => {
    const assistant = await connectServer({ dataDir, client: 'claude-desktop', era, sdk });
    const unnamed = await connectServer({ dataDir, client: null, era, sdk });
    try {
      for (const [role, client] of [['desktop', server.client], ['claude-desktop', assistant.client], ['unknown', unnamed.client]] as const) {
        const { tools } = await client.listTools();
        expect(tools.length, role).toBeGreaterThan(0);
        expect(nonPortableToolSchemas(tools), role).toEqual([]);
        for (const tool of tools) {
          expect(() => compileOnce(tool.inputSchema, `${role}: ${tool.name} inputSchema`)).not.toThrow();
          expect(() => compileOnce(tool.outputSchema ?? {}, `${role}: ${tool.name} outputSchema`)).not.toThrow();
        }
      }
    } finally {
      await Promise.all([assistant.close(), unnamed.close()]);
    }
  });
});
