// The lab server builds one McpServer per request (createServer.ts, shared with stdio): each must
// let go of the process's change feed when its exchange ends, or every request would leave a
// listener behind that every later change event runs. Each is built with only the part of the
// surface its request's method needs (mcp/requestSurface.ts): every method must still be answered
// as a whole server answers it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { closeDatabase } from '../../../src-mcp/store/database.js';
import { ChangeFeed } from '../../../src-mcp/mcp/notifications/changeFeed.js';
import { knowledgeGrounding, knowledgeVerifier } from '../../../src-mcp/runtime/knowledgeGrounding.js';
import { createEndpoint, type Endpoint } from '../../../src-mcp/runtime/http/endpoint.js';
import { PROJECTS_LIST_URI } from '../../../src-mcp/mcp/resources/install.js';
import { staticTokenAuthenticator } from '../../../src-mcp/runtime/http/auth/staticToken.js';
import { CallerBuckets } from '../../../src-mcp/runtime/http/callerBuckets.js';
import { allowedPlaces } from '../../../src-mcp/runtime/http/requestGuards.js';
import { tempDataDir } from '../../support/server.js';
import { openStoreFor } from '../../support/storeEngine.js';

describe('per-request MCP servers of the HTTP endpoint', async () => {
  const dataDir = tempDataDir('cosci-lab-per-request');
  // The folder's store on the run's engine: this process is the lab server here.
  const db = await openStoreFor(dataDir);
  const feed = await ChangeFeed.open(db);
  const server = http.createServer();
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    feed.stop();
    await closeDatabase(db);
  });

  /** Serves a new endpoint on the test's HTTP server; the client connects to the URL returned. */
  async function serveEndpoint(): Promise<{ endpoint: Endpoint; resource: URL }> {
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const resource = new URL(`http://127.0.0.1:${port}/mcp`);
    const endpoint = createEndpoint({
      shared: { db, dataDir, feed, now: () => new Date(), grounding: knowledgeGrounding(db), verifyCitation: knowledgeVerifier(db), ownerAlive: () => true },
      version: 'test',
      resource,
      issuers: [],
      authenticator: staticTokenAuthenticator('test-token'),
      buckets: new CallerBuckets(100_000),
      places: allowedPlaces(resource, '127.0.0.1', port),
      maxBodyBytes: 4 * 1024 * 1024,
      exchangeTimeoutMs: 60_000,
    });
    server.removeAllListeners('request');
    server.on('request', (req, res) => void endpoint.handle(req, res));
    return { endpoint, resource };
  }

  async function connect(resource: URL, era: 'legacy' | 'modern'): Promise<Client> {
    const client = new Client({ name: 'lifecycle', version: '1' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
    await client.connect(new StreamableHTTPClientTransport(resource, { requestInit: { headers: { authorization: 'Bearer test-token' } } }));
    return client;
  }

  it.each(['legacy', 'modern'] as const)('leave no change-feed listener behind after %s-era requests', async (era) => {
    // Counted before the endpoint exists: it follows the feed itself (to announce changes) until closed.
    const listeners = (): number => (feed as unknown as { listeners: Set<unknown> }).listeners.size;
    const before = listeners();
    const { endpoint, resource } = await serveEndpoint();
    const client = await connect(resource, era);
    for (let i = 0; i < 10; i++) await client.listTools();
    await client.close();
    await endpoint.close();
    await expect.poll(listeners).toBe(before);
  });

  it.each(['legacy', 'modern'] as const)('answer every part of the surface to %s-era clients', async (era) => {
    const { endpoint, resource } = await serveEndpoint();
    const client = await connect(resource, era);
    try {
      // Discovery (or initialize) is built whole: every capability and the instructions.
      expect(Object.keys(client.getServerCapabilities() ?? {})).toEqual(expect.arrayContaining(['tools', 'resources', 'prompts']));
      expect(client.getInstructions()).toContain('start_research');

      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toEqual(expect.arrayContaining(['start_research', 'get_research_status', 'list_hypotheses']));
      const listed = await client.callTool({ name: 'list_research_projects', arguments: {} });
      expect(listed.isError ?? false).toBe(false);

      const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
      expect(prompts).toEqual(['research-workflow', 'hypothesis-analysis', 'literature-review']);
      const prompt = await client.getPrompt({ name: 'literature-review', arguments: { topic: 'hepatic stellate cells' } });
      expect(JSON.stringify(prompt.messages)).toContain('hepatic stellate cells');
      // A prompt's argument schema is still checked: too short a topic is refused.
      await expect(client.getPrompt({ name: 'literature-review', arguments: { topic: 'x' } })).rejects.toThrow();

      const templates = (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
      expect(templates).toContain('research://projects/{project_id}/export/{format}');
      const projects = await client.readResource({ uri: PROJECTS_LIST_URI });
      expect(projects.contents[0]?.uri).toBe(PROJECTS_LIST_URI);

      // Completion spans prompts and resource templates: built whole.
      const formats = await client.complete({ ref: { type: 'ref/resource', uri: 'research://projects/{project_id}/export/{format}' }, argument: { name: 'format', value: 'bib' } });
      expect(formats.completion.values).toEqual(['bibtex']);
    } finally {
      await client.close();
      await endpoint.close();
    }
  });
});
