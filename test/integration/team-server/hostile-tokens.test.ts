// Tokens a lab server must refuse, each answered 401 with a Bearer challenge and recorded in the
// audit log: made with the real issuer's signing key (so only the property under test is wrong),
// with a key the issuer never published, and with no signature at all. Opaque tokens are checked
// through the issuer's introspection endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { tempDataDir } from '../../support/server.js';
import { auditUntil, LIST_TOOLS_BODY, rawPost, startLabServer, stopLabServers } from '../../support/labServer.js';
import { ASSISTANT_CLIENT, INTROSPECTOR, SIGNING_KID, startAuthorizationServer, type AuthorizationServer } from '../../support/authorizationServer.js';
import { labWithIssuerForSuite } from '../../support/labWithIssuer.js';
import { connectThroughOAuth, TestOAuthProvider } from '../../support/oauthClient.js';

describe('lab server refuses hostile tokens', () => {
  const lab = labWithIssuerForSuite('cosci-lab-hostile');

  const now = (): number => Math.floor(Date.now() / 1000);
  function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return { iss: lab.issuer.issuer, sub: 'mallory', aud: lab.server.url, exp: now() + 300, iat: now(), scope: 'research:read', client_id: ASSISTANT_CLIENT, ...overrides };
  }
  async function signed(overrides: Record<string, unknown> = {}, key: CryptoKey = lab.issuer.privateKey, kid = SIGNING_KID): Promise<string> {
    return new SignJWT(claims(overrides)).setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' }).sign(key);
  }

  it('accepts a well-made token with the issuer\'s key (the baseline the cases below differ from)', async () => {
    const response = await rawPost(lab.server.url, { authorization: `Bearer ${await signed()}` }, LIST_TOOLS_BODY);
    expect(response.status).toBe(200);
  });

  const cases: Array<[string, () => Promise<string>, string]> = [
    ['for another audience', () => signed({ aud: 'https://other.example/mcp' }), 'another audience'],
    ['expired', () => signed({ exp: now() - 120, iat: now() - 600 }), 'expired'],
    ['not valid yet', () => signed({ nbf: now() + 600 }), 'not valid yet'],
    ['from another issuer', () => signed({ iss: 'https://evil.example' }), 'not one this server trusts'],
    ['signed with a key the issuer never published (unknown kid)', async () => signed({}, (await generateKeyPair('RS256')).privateKey, 'rogue-key'), 'unknown kid'],
    ['with alg none', async () => new UnsecuredJWT(claims()).encode(), 'algorithm'],
    ['with an HMAC signature (alg confusion)', async () => new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: SIGNING_KID }).sign(new TextEncoder().encode('a-guessed-shared-secret-of-32-bytes!!')), 'algorithm'],
    ['with a tampered payload', async () => {
      const [header, , signature] = (await signed()).split('.');
      const payload = Buffer.from(JSON.stringify(claims({ scope: 'admin' }))).toString('base64url');
      return `${header}.${payload}.${signature}`;
    }, 'signature'],
  ];

  it.each(cases)('refuses a token %s with 401 invalid_token, audited with the reason', async (_label, make, reason) => {
    const response = await rawPost(lab.server.url, { authorization: `Bearer ${await make()}` }, LIST_TOOLS_BODY);
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain('resource_metadata="');
    await auditUntil(lab.dataDir, (rows) => rows.some((r) => r.action === 'http:refused' && r.errorCode === 'invalid_token' && r.arguments.includes(reason)));
  });

  it('answers no token with a bare challenge (no error code) and a malformed header with 400', async () => {
    const none = await rawPost(lab.server.url, {}, LIST_TOOLS_BODY);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).not.toContain('error=');
    const malformed = await rawPost(lab.server.url, { authorization: 'Bearer two tokens' }, LIST_TOOLS_BODY);
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('www-authenticate')).toContain('error="invalid_request"');
    await auditUntil(lab.dataDir, (rows) => rows.some((r) => r.errorCode === 'invalid_request'));
  });

  it('never lets a token in the audit log', async () => {
    const token = await signed({ aud: 'https://other.example/mcp' });
    await rawPost(lab.server.url, { authorization: `Bearer ${token}` }, LIST_TOOLS_BODY);
    const rows = await auditUntil(lab.dataDir, (all) => all.filter((r) => r.arguments.includes('another audience')).length >= 2);
    expect(rows.some((r) => r.arguments.includes(token.split('.')[2] as string))).toBe(false);
  });
});

describe('lab server with opaque tokens (RFC 7662 introspection)', () => {
  let dataDir: string;
  let issuer: AuthorizationServer;
  let resource = '';

  beforeAll(async () => {
    dataDir = tempDataDir('cosci-lab-opaque');
    issuer = await startAuthorizationServer({ resource: () => resource, opaque: true });
  });
  afterAll(async () => {
    await stopLabServers();
    await issuer?.close();
  });

  it('introspects with the credentials from the environment and serves the caller', async () => {
    const server = await startLabServer(['--issuer', issuer.issuer, '--data-dir', dataDir], { COSCI_INTROSPECTION_CLIENT_ID: INTROSPECTOR.clientId, COSCI_INTROSPECTION_CLIENT_SECRET: INTROSPECTOR.clientSecret });
    resource = server.url;
    const provider = new TestOAuthProvider(ASSISTANT_CLIENT);
    const client = await connectThroughOAuth(server.url, provider, 'alice', 'legacy');
    try {
      expect(provider.stored?.access_token.split('.')).toHaveLength(1);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('start_research');
    } finally {
      await client.close();
    }
    const unknown = await rawPost(server.url, { authorization: 'Bearer an-opaque-token-nobody-issued' }, LIST_TOOLS_BODY);
    expect(unknown.status).toBe(401);
    await auditUntil(dataDir, (rows) => rows.some((r) => r.errorCode === 'invalid_token' && r.arguments.includes('no trusted issuer knows this token')));
  });
});
