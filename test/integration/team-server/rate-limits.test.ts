// Per-identity rate limits on a lab server with an issuer: the request bucket belongs to the person
// (issuer + subject), not to the client acting for them, so signing in through a second assistant
// does not double a person's share; another person is not slowed down. A refusal is 429 with
// Retry-After and an audit row naming who. The limit is COSCI_HTTP_REQUESTS_PER_MINUTE.
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { auditUntil, LIST_TOOLS_BODY, rawPost } from '../../support/labServer.js';
import { ASSISTANT_CLIENT, READER_CLIENT, SIGNING_KID } from '../../support/authorizationServer.js';
import { labWithIssuerForSuite } from '../../support/labWithIssuer.js';

/** The limit under test; its burst is max(10, a tenth of it) = 10 requests at once. */
const PER_MINUTE = 12;
const BURST = 10;

describe('lab server rate limits per person', () => {
  const lab = labWithIssuerForSuite('cosci-lab-rate', {}, { COSCI_HTTP_REQUESTS_PER_MINUTE: String(PER_MINUTE) });

  async function tokenFor(subject: string, clientId: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: lab.issuer.issuer, sub: subject, aud: lab.server.url, exp: now + 300, iat: now, scope: 'research:read', client_id: clientId, name: subject })
      .setProtectedHeader({ alg: 'RS256', kid: SIGNING_KID, typ: 'at+jwt' })
      .sign(lab.issuer.privateKey);
  }

  it('one person through two clients shares one bucket: 429 with Retry-After once it is spent, audited; another person still served', async () => {
    const viaAssistant = await tokenFor('carol', ASSISTANT_CLIENT);
    const viaReader = await tokenFor('carol', READER_CLIENT);
    const statuses: number[] = [];
    for (let i = 0; i < BURST; i++) statuses.push((await rawPost(lab.server.url, { authorization: `Bearer ${i % 2 === 0 ? viaAssistant : viaReader}` }, LIST_TOOLS_BODY)).status);
    expect(statuses).toEqual(Array(BURST).fill(200));

    const refused = await rawPost(lab.server.url, { authorization: `Bearer ${viaReader}` }, LIST_TOOLS_BODY);
    expect(refused.status).toBe(429);
    // A twelfth of a minute per request at 12 a minute: 5 s until the next one.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60 / PER_MINUTE);
    expect((await rawPost(lab.server.url, { authorization: `Bearer ${viaAssistant}` }, LIST_TOOLS_BODY)).status).toBe(429);

    const other = await rawPost(lab.server.url, { authorization: `Bearer ${await tokenFor('dave', ASSISTANT_CLIENT)}` }, LIST_TOOLS_BODY);
    expect(other.status).toBe(200);

    const rows = await auditUntil(lab.dataDir, (all) => all.filter((r) => r.errorCode === 'rate_limit_exceeded').length >= 2);
    const limited = rows.filter((r) => r.action === 'http:refused' && r.errorCode === 'rate_limit_exceeded');
    expect(limited.map((r) => r.clientId).sort()).toEqual([`carol via ${ASSISTANT_CLIENT} (${lab.issuer.issuer}#carol)`, `carol via ${READER_CLIENT} (${lab.issuer.issuer}#carol)`]);
    expect(limited.every((r) => r.outcome === 'denied' && JSON.parse(r.arguments).status === 429)).toBe(true);
  });
});
