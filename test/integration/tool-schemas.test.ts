// The built server lists the JSON Schemas that the build precomputed (scripts/build.mjs). They
// must be exactly what converting the tools' zod schemas gives now, for every era, or clients
// would validate arguments and results against stale shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src-mcp/mcp/toolRegistry.js';
import { computeToolSchemas, describeTool } from '../../src-mcp/mcp/toolSchemas.js';
import { connectServer, tempDataDir, type ConnectedServer, type Era } from '../support/server.js';

describe.each<Era>(['legacy', 'modern'])('tools/list schemas (%s era)', (era) => {
  let server: ConnectedServer;
  beforeAll(async () => {
    // The desktop client sees every tool.
    server = await connectServer({ dataDir: tempDataDir(), client: 'desktop', era });
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
});
