// The lab server builds one McpServer per request (createServer.ts, shared with stdio): each must
// let go of the process's change feed when its exchange ends, or every request would leave a
// listener behind that every later change event runs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { closeDatabase } from '../../../src-mcp/store/database.js';
import { ChangeFeed } from '../../../src-mcp/mcp/notifications/changeFeed.js';
import { knowledgeGrounding, knowledgeVerifier } from '../../../src-mcp/runtime/knowledgeGrounding.js';
import { createEndpoint } from '../../../src-mcp/runtime/http/endpoint.js';
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

  it.each(['legacy', 'modern'] as const)('leave no change-feed listener behind after %s-era requests', async (era) => {
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const resource = new URL(`http://127.0.0.1:${port}/mcp`);
    // Counted before the endpoint exists: it follows the feed itself (to announce changes) until closed.
    const listeners = (): number => (feed as unknown as { listeners: Set<unknown> }).listeners.size;
    const before = listeners();
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
    const client = new Client({ name: 'lifecycle', version: '1' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
    await client.connect(new StreamableHTTPClientTransport(resource, { requestInit: { headers: { authorization: 'Bearer test-token' } } }));
    for (let i = 0; i < 10; i++) await client.listTools();
    await client.close();
    await endpoint.close();
    await expect.poll(listeners).toBe(before);
  });
});
