// The MCP authorization flow end to end against a real authorization server (oidc-provider): the
// official SDK client meets 401, discovers the RFC 9728 metadata and the issuer, runs the
// authorization-code flow with PKCE (the login driven over HTTP), calls tools with a JWT access
// token for our resource, and refreshes it after it expires; both protocol eras on one endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../support/server.js';
import { auditUntil, startLabServer, stopLabServers, type LabServer } from '../../support/labServer.js';
import { ASSISTANT_CLIENT, READER_CLIENT, startAuthorizationServer, type AuthorizationServer } from '../../support/authorizationServer.js';
import { connectThroughOAuth, TestOAuthProvider } from '../../support/oauthClient.js';

const ACCESS_TOKEN_TTL_SECONDS = 3;

describe('lab server with an issuer: the SDK client OAuth flow', () => {
  let dataDir: string;
  let server: LabServer;
  let issuer: AuthorizationServer;
  let resource = '';

  beforeAll(async () => {
    dataDir = tempDataDir('cosci-lab-oauth');
    issuer = await startAuthorizationServer({ resource: () => resource, accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS });
    server = await startLabServer(['--issuer', issuer.issuer, '--data-dir', dataDir]);
    resource = server.url;
  });
  afterAll(async () => {
    await stopLabServers();
    await issuer?.close();
  });

  it('publishes RFC 9728 metadata naming the issuer and our scopes, at both well-known paths', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.resource).toBe(server.url);
      expect(body.authorization_servers).toEqual([issuer.issuer]);
      expect(body.scopes_supported).toEqual(expect.arrayContaining(['research:read', 'checkpoints:decide']));
      expect(body.bearer_methods_supported).toEqual(['header']);
    }
    const challenge = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${new URL('/.well-known/oauth-protected-resource/mcp', server.url).href}"`);
  });

  it.each(['legacy', 'modern'] as const)('a %s-era client signs in with PKCE, calls tools as that person, and refreshes after expiry', async (era) => {
    const provider = new TestOAuthProvider(ASSISTANT_CLIENT);
    const client = await connectThroughOAuth(server.url, provider, 'alice', era);
    try {
      const started = await client.callTool({ name: 'start_research', arguments: { goal: `How do axolotls regenerate limbs without scarring? (${era})` } });
      expect(started.isError ?? false).toBe(false);
      const researchId = (started.structuredContent as { research_id: string }).research_id;
      const rows = await auditUntil(dataDir, (all) => all.some((r) => r.action === 'tool:start_research' && r.target?.includes(researchId) === true));
      const row = rows.find((r) => r.action === 'tool:start_research' && r.target?.includes(researchId) === true);
      // The person, the client acting for them, and the issuer + subject that identify them.
      expect(row?.clientId).toBe(`Alice Student via ${ASSISTANT_CLIENT} (${issuer.issuer}#alice)`);

      const firstToken = provider.stored?.access_token;
      expect(provider.stored?.refresh_token).toBeTruthy();
      // Past expiry and the server's clock skew: the old token is refused, the client refreshes.
      await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_TTL_SECONDS + 11) * 1000));
      const stale = await fetch(server.url, { method: 'POST', headers: { authorization: `Bearer ${firstToken}`, 'content-type': 'application/json' }, body: '{}' });
      expect(stale.status).toBe(401);
      expect(stale.headers.get('www-authenticate')).toContain('error="invalid_token"');
      const status = await client.callTool({ name: 'get_research_status', arguments: { research_id: researchId } });
      expect(status.isError ?? false).toBe(false);
      expect(provider.stored?.access_token).not.toBe(firstToken);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a token without the scope a tool needs gets insufficient_permissions naming it, audited as denied', async () => {
    const provider = new TestOAuthProvider(READER_CLIENT);
    const client = await connectThroughOAuth(server.url, provider, 'alice', 'modern');
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).not.toContain('start_research');
      const refused = await client.callTool({ name: 'start_research', arguments: { goal: 'Can a reader start a project by asking nicely?' } });
      expect(refused.isError).toBe(true);
      const text = JSON.stringify(refused.content);
      expect(text).toContain('insufficient_permissions');
      expect(text).toContain('research:write');
      await auditUntil(dataDir, (rows) => rows.some((r) => r.action === 'tool:start_research' && r.outcome === 'denied' && r.clientId.startsWith(`Alice Student via ${READER_CLIENT}`)));
    } finally {
      await client.close();
    }
  });
});
