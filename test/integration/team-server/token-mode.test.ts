// `co-scientist serve --http` without --issuer: loopback only, a random bearer token printed at
// start, the same tools as the stdio server for both protocol eras, refusals answered and audited.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../support/server.js';
import { closeDatabase } from '../../../src-mcp/store/database.js';
import { openStoreFor } from '../../support/storeEngine.js';
import { upsertPolicy } from '../../../src-mcp/store/policies.js';
import { auditUntil, connectWithToken, LIST_TOOLS_BODY, rawPost, runServeHttp, startLabServer, stopLabServers, type LabServer } from '../../support/labServer.js';

describe('lab server in token mode (no --issuer)', () => {
  let dataDir: string;
  let server: LabServer;

  beforeAll(async () => {
    dataDir = tempDataDir('cosci-lab-token');
    // A limit no other test here reaches, whatever the machine's speed: the flood has a server of its own.
    server = await startLabServer(['--data-dir', dataDir], { COSCI_HTTP_REQUESTS_PER_MINUTE: '6000' });
  });
  afterAll(stopLabServers);

  it('prints its URL on loopback and a token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each(['legacy', 'modern'] as const)('serves the tools to a %s-era client holding the printed token, and audits the calls as the http client', async (era) => {
    const client = await connectWithToken(server.url, server.token as string, era);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('start_research');
      const started = await client.callTool({ name: 'start_research', arguments: { goal: `Why do tardigrades survive desiccation so well? (${era})` } });
      expect(started.isError ?? false).toBe(false);
      const researchId = (started.structuredContent as { research_id: string }).research_id;
      const status = await client.callTool({ name: 'get_research_status', arguments: { research_id: researchId } });
      expect(status.isError ?? false).toBe(false);
      await auditUntil(dataDir, (rows) => rows.some((r) => r.clientId === 'http' && r.action === 'tool:get_research_status' && r.target?.includes(researchId) === true));
    } finally {
      await client.close();
    }
  });

  it('answers 401 to no token and to a wrong one, with a Bearer challenge, and audits both', async () => {
    const none = await rawPost(server.url, {}, LIST_TOOLS_BODY);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await rawPost(server.url, { authorization: 'Bearer not-the-token' }, LIST_TOOLS_BODY);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const malformed = await rawPost(server.url, { authorization: 'Basic dXNlcjpwYXNz' }, LIST_TOOLS_BODY);
    expect(malformed.status).toBe(400);
    await auditUntil(dataDir, (rows) => {
      const refused = rows.filter((r) => r.action === 'http:refused' && r.outcome === 'denied');
      return refused.some((r) => r.errorCode === 'invalid_token' && r.arguments.includes('not the token')) && refused.some((r) => r.errorCode === 'invalid_request') && refused.every((r) => r.clientId.startsWith('anonymous ('));
    });
  });

  it('refuses a foreign Origin and a foreign Host with 403, audited', async () => {
    const origin = await rawPost(server.url, { authorization: `Bearer ${server.token}`, origin: 'https://evil.example' }, LIST_TOOLS_BODY);
    expect(origin.status).toBe(403);
    const own = await rawPost(server.url, { authorization: `Bearer ${server.token}`, origin: new URL(server.url).origin }, LIST_TOOLS_BODY);
    expect(own.status).toBe(200);
    const rebound = await statusWithHost(server.url, 'attacker.example', server.token as string);
    expect(rebound).toBe(403);
    await auditUntil(dataDir, (rows) => rows.some((r) => r.errorCode === 'foreign_origin' && r.arguments.includes('evil.example')) && rows.some((r) => r.errorCode === 'foreign_host'));
  });

  it('refuses an oversize body with 413, audited under the caller', async () => {
    const huge = new Uint8Array(5 * 1024 * 1024).fill(0x20);
    const response = await rawPost(server.url, { authorization: `Bearer ${server.token}` }, huge);
    expect(response.status).toBe(413);
    await auditUntil(dataDir, (rows) => rows.some((r) => r.errorCode === 'payload_too_large' && r.clientId === 'http'));
  });

  it('answers a flood from one caller with 429 and Retry-After, audited as rate limited', async () => {
    const floodDir = tempDataDir('cosci-lab-flood');
    const flooded = await startLabServer(['--data-dir', floodDir], { COSCI_HTTP_REQUESTS_PER_MINUTE: '20' });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 30; i++) {
      const response = await rawPost(flooded.url, { authorization: `Bearer ${flooded.token}` }, LIST_TOOLS_BODY);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
      await response.body?.cancel();
    }
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    await auditUntil(floodDir, (rows) => rows.some((r) => r.errorCode === 'rate_limit_exceeded' && r.outcome === 'denied' && r.clientId === 'http'));
  });

  it('without OAuth to step up through, a call beyond the stored policy is the tool\'s coded insufficient_permissions (200, no challenge)', async () => {
    const db = await openStoreFor(dataDir);
    try {
      await upsertPolicy(db, { clientId: 'http', scopes: ['research:read'], ratePerMinute: 60, burst: 10, mayDecideCheckpoints: false, updatedAt: new Date().toISOString(), updatedBy: 'test' });
    } finally {
      await closeDatabase(db);
    }
    const body = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'start_research', arguments: { goal: 'Escalate past the stored policy' } } });
    const response = await rawPost(server.url, { authorization: `Bearer ${server.token}` }, body);
    expect(response.status).toBe(200);
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(await response.text()).toContain('insufficient_permissions');
    await auditUntil(dataDir, (rows) => rows.some((r) => r.clientId === 'http' && r.action === 'tool:start_research' && r.outcome === 'denied' && r.errorCode === 'insufficient_permissions'));
  });

  it('answers /healthz without a token', async () => {
    const response = await fetch(new URL('/healthz', server.url));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('serve --http refuses to start', () => {
  it('on a non-loopback host without --issuer, saying why', async () => {
    const { code, stderr } = await runServeHttp(['--host', '0.0.0.0', '--port', '0', '--data-dir', tempDataDir('cosci-lab-refuse')]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('Refusing to listen on 0.0.0.0 without --issuer');
  });

  it('with an http:// issuer off loopback', async () => {
    const { code, stderr } = await runServeHttp(['--issuer', 'http://idp.example', '--port', '0', '--data-dir', tempDataDir('cosci-lab-refuse')]);
    expect(code).toBe(2);
    expect(stderr).toContain('use https://');
  });
});

/** fetch may not set Host: a DNS-rebound request is made with node:http. */
function statusWithHost(url: string, host: string, token: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.once('error', reject);
    request.end(LIST_TOOLS_BODY);
  });
}
