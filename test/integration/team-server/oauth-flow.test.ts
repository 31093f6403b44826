// The MCP authorization flow end to end against a real authorization server (oidc-provider): the
// official SDK client meets 401, discovers the RFC 9728 metadata and the issuer, runs the
// authorization-code flow with PKCE (the login driven over HTTP), calls tools with a JWT access
// token for our resource, and refreshes it after it expires; both protocol eras on one endpoint.
import { describe, expect, it } from 'vitest';
import { auditUntil, rawPost } from '../../support/labServer.js';
import { ASSISTANT_CLIENT, READER_CLIENT } from '../../support/authorizationServer.js';
import { labWithIssuerForSuite } from '../../support/labWithIssuer.js';
import { connectThroughOAuth, TestOAuthProvider } from '../../support/oauthClient.js';

const ACCESS_TOKEN_TTL_SECONDS = 3;

describe('lab server with an issuer: the SDK client OAuth flow', () => {
  const lab = labWithIssuerForSuite('cosci-lab-oauth', { accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS });

  it('publishes RFC 9728 metadata naming the issuer and our scopes, at both well-known paths', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await fetch(new URL(path, lab.server.url));
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.resource).toBe(lab.server.url);
      expect(body.authorization_servers).toEqual([lab.issuer.issuer]);
      expect(body.scopes_supported).toEqual(expect.arrayContaining(['research:read', 'checkpoints:decide']));
      expect(body.bearer_methods_supported).toEqual(['header']);
    }
    const challenge = await fetch(lab.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${new URL('/.well-known/oauth-protected-resource/mcp', lab.server.url).href}"`);
  });

  it.each(['legacy', 'modern'] as const)('a %s-era client signs in with PKCE, calls tools as that person, and refreshes after expiry', async (era) => {
    const provider = new TestOAuthProvider(ASSISTANT_CLIENT);
    const client = await connectThroughOAuth(lab.server.url, provider, 'alice', era);
    try {
      const started = await client.callTool({ name: 'start_research', arguments: { goal: `How do axolotls regenerate limbs without scarring? (${era})` } });
      expect(started.isError ?? false).toBe(false);
      const researchId = (started.structuredContent as { research_id: string }).research_id;
      const rows = await auditUntil(lab.dataDir, (all) => all.some((r) => r.action === 'tool:start_research' && r.target?.includes(researchId) === true));
      const row = rows.find((r) => r.action === 'tool:start_research' && r.target?.includes(researchId) === true);
      // The person, the client acting for them, and the issuer + subject that identify them.
      expect(row?.clientId).toBe(`Alice Student via ${ASSISTANT_CLIENT} (${lab.issuer.issuer}#alice)`);

      const firstToken = provider.stored?.access_token;
      expect(provider.stored?.refresh_token).toBeTruthy();
      // Past expiry and the server's clock skew: the old token is refused, the client refreshes.
      await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_TTL_SECONDS + 11) * 1000));
      const stale = await fetch(lab.server.url, { method: 'POST', headers: { authorization: `Bearer ${firstToken}`, 'content-type': 'application/json' }, body: '{}' });
      expect(stale.status).toBe(401);
      expect(stale.headers.get('www-authenticate')).toContain('error="invalid_token"');
      const status = await client.callTool({ name: 'get_research_status', arguments: { research_id: researchId } });
      expect(status.isError ?? false).toBe(false);
      expect(provider.stored?.access_token).not.toBe(firstToken);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a token without the scope a tool needs gets 403 insufficient_scope naming the scope (step-up), audited as refused', async () => {
    const provider = new TestOAuthProvider(READER_CLIENT);
    const client = await connectThroughOAuth(lab.server.url, provider, 'alice', 'modern');
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).not.toContain('start_research');
      // The SDK client meets the 403 challenge and asks the user for the wider grant: a new
      // authorization URL that requests the scope the tool needs.
      provider.pendingAuthorization = undefined;
      const refused = await client.callTool({ name: 'start_research', arguments: { goal: 'Can a reader start a project by asking nicely?' } }).then(() => undefined, (error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      const stepUp = provider.pendingAuthorization as URL | undefined;
      expect(stepUp?.searchParams.get('scope')?.split(' ')).toContain('research:write');
    } finally {
      await client.close();
    }
    const token = provider.stored?.access_token ?? '';
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'start_research', arguments: { goal: 'Escalate by hand' } } });
    const raw = await rawPost(lab.server.url, { authorization: `Bearer ${token}` }, body);
    expect(raw.status).toBe(403);
    const challenge = raw.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="research:write"');
    expect(challenge).toContain(`resource_metadata="${new URL('/.well-known/oauth-protected-resource/mcp', lab.server.url).href}"`);
    // A tool the token covers still runs: the challenge is per operation, not per token.
    const allowed = await rawPost(lab.server.url, { authorization: `Bearer ${token}` }, JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'list_research_projects', arguments: {} } }));
    expect(allowed.status).toBe(200);
    // A desktop view or contribution a lab opens to its scopes (ToolDefinition.lab) steps up like
    // any tool; a desktop-only tool no scope opens stays the tool's coded refusal, with no challenge.
    const view = await rawPost(lab.server.url, { authorization: `Bearer ${token}` }, JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_leaderboard', arguments: { research_id: 'res_000000000000' } } }));
    expect(view.status).toBe(403);
    expect(view.headers.get('www-authenticate')).toContain('scope="hypotheses:read reviews:read"');
    const vote = await rawPost(lab.server.url, { authorization: `Bearer ${token}` }, JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'record_judgement', arguments: {} } }));
    expect(vote.status).toBe(403);
    expect(vote.headers.get('www-authenticate')).toContain('scope="reviews:write"');
    const closed = await rawPost(lab.server.url, { authorization: `Bearer ${token}` }, JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'set_client_policy', arguments: {} } }));
    expect(closed.status).toBe(200);
    expect(await closed.text()).toContain('insufficient_permissions');
    const rows = await auditUntil(lab.dataDir, (all) => all.filter((r) => r.action === 'http:refused' && r.errorCode === 'insufficient_scope').length >= 4);
    const row = rows.find((r) => r.action === 'http:refused' && r.errorCode === 'insufficient_scope');
    expect(row?.clientId).toBe(`Alice Student via ${READER_CLIENT} (${lab.issuer.issuer}#alice)`);
    expect(row?.outcome).toBe('denied');
    expect(JSON.parse(row?.arguments ?? '{}')).toMatchObject({ status: 403, tool: 'start_research', required: ['research:write'], missing: ['research:write'] });
    // Nothing ran: no tool row for the refused call.
    expect(rows.some((r) => r.action === 'tool:start_research' && r.clientId.includes(READER_CLIENT))).toBe(false);
  });
});
