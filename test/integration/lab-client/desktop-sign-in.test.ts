// The desktop host signs in to a lab server (issue 31, *The desktop app as a client of a lab
// server*) against a real authorization server (oidc-provider) and a real lab server
// (`co-scientist serve --http --issuer`): the authorization-code flow with PKCE S256 and a loopback
// redirect, the provider's login and consent driven as a browser would, state checked, a code from
// another sign-in refused, tokens kept encrypted and refreshed on their own, the GUI's routes
// switched to the lab's projects and back, and sign-out revoking the tokens at the issuer.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Host } from '../../../src-main/host/hostCore.js';
import { createLabSessionStore, createLocalKeyCipher, LAB_SESSION_FILE, type LabSessionStore } from '../../../src-main/host/lab/labSessionStore.js';
import type { LabStatusView } from '../../../src-shared/routes/index.js';
import { requireBuiltServer, tempDir } from '../../support/realServer.js';
import { desktopHost, piStartsLabProject, routeData as ok, stopLabClientTest } from '../../support/desktopHost.js';
import type { LabServer } from '../../support/labServer.js';
import { startLabWithIssuer } from '../../support/labWithIssuer.js';
import { DESKTOP_APP_CLIENT, INTROSPECTOR, signInRedirect, type AuthorizationServer } from '../../support/authorizationServer.js';

const ACCESS_TOKEN_TTL_SECONDS = 4;

describe('the desktop host signs in to a lab server', () => {
  let issuer: AuthorizationServer;
  let server: LabServer;
  let host: Host;
  let hostDataDir: string;
  let store: LabSessionStore;

  beforeAll(async () => {
    requireBuiltServer();
    ({ issuer, server } = await startLabWithIssuer(tempDir('lab-server'), { accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS }));
    await piStartsLabProject(issuer, server.url, 'Lab project: why do zebrafish hearts regenerate?');

    hostDataDir = tempDir('desktop');
    store = createLabSessionStore(hostDataDir, createLocalKeyCipher(hostDataDir));
    host = desktopHost({
      dataDir: hostDataDir,
      lab: { store, client: { clientId: DESKTOP_APP_CLIENT, metadataDocumentUrl: 'https://co-scientist.example/oauth/client.json' }, refreshAheadMs: 1_000 },
    });
    await host.start();
    const local = await host.invoke('projects.start', { goal: 'Local project: how do planarians regrow heads?', hypothesis_count: 4 });
    if (!local.ok) throw new Error(local.error.message);
  }, 60_000);
  afterAll(async () => await stopLabClientTest(host, issuer));

  const status = (): Promise<LabStatusView> => ok(host.invoke('lab.status', {}));
  const goals = async (): Promise<string[]> => (await ok(host.invoke('projects.list', {}))).projects.map((p) => p.goal);

  /** What the system browser does with the authorization URL: sign in as `login`, consent, follow the redirect home. */
  async function browserSignsIn(authorizationUrl: string, login: string): Promise<Response> {
    const redirectUri = new URL(authorizationUrl).searchParams.get('redirect_uri') as string;
    const back = await signInRedirect(new URL(authorizationUrl), login, redirectUri);
    return fetch(back);
  }

  it('refuses a lab URL that is not https (or loopback http), changing nothing', async () => {
    const refused = await host.invoke('lab.setUrl', { url: 'http://cosci.lab.example/mcp' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('https://') });
    expect((await status()).url).toBeNull();
  });

  it('signs in with PKCE S256 and a loopback redirect, the pre-registered client (no metadata documents at this issuer), tokens stored encrypted', async () => {
    expect((await ok(host.invoke('lab.setUrl', { url: server.url }))).url).toBe(server.url);
    const { authorization_url } = await ok(host.invoke('lab.signIn', {}));
    const asked = new URL(authorization_url).searchParams;
    expect(asked.get('client_id')).toBe(DESKTOP_APP_CLIENT);
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('resource')).toBe(server.url);
    expect(asked.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(asked.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect((await status()).state).toBe('signing-in');

    const page = await browserSignsIn(authorization_url, 'alice');
    expect(page.status).toBe(200);
    await vi.waitFor(async () => expect((await status()).state).toBe('signed-in'), { timeout: 10_000 });
    expect((await status()).identity).toEqual({ name: 'Alice Student', subject: 'alice', issuer: issuer.issuer });

    const onDisk = fs.readFileSync(path.join(hostDataDir, LAB_SESSION_FILE));
    const saved = await store.load();
    expect(saved?.signedIn?.tokens.refresh_token).toBeTruthy();
    for (const secret of [saved?.signedIn?.tokens.access_token, saved?.signedIn?.tokens.refresh_token, 'Alice Student', 'access_token']) {
      expect(onDisk.includes(Buffer.from(secret as string))).toBe(false);
    }
  }, 30_000);

  it('switches the GUI to the lab\'s projects in one call and back, never mixing them', async () => {
    expect((await ok(host.invoke('lab.switch', { to: 'lab' }))).active).toBe('lab');
    const onLab = await goals();
    expect(onLab).toContain('Lab project: why do zebrafish hearts regenerate?');
    expect(onLab).not.toContain('Local project: how do planarians regrow heads?');
    expect((await ok(host.invoke('lab.switch', { to: 'local' }))).active).toBe('local');
    const here = await goals();
    expect(here).toContain('Local project: how do planarians regrow heads?');
    expect(here).not.toContain('Lab project: why do zebrafish hearts regenerate?');
  }, 30_000);

  it('refreshes the access token on its own before it expires, and keeps working on the lab', async () => {
    const before = (await store.load())?.signedIn?.tokens.access_token;
    await ok(host.invoke('lab.switch', { to: 'lab' }));
    await vi.waitFor(async () => expect((await store.load())?.signedIn?.tokens.access_token).not.toBe(before), { timeout: (ACCESS_TOKEN_TTL_SECONDS + 6) * 1000, interval: 250 });
    // Past the first token's expiry: calls still go through, with the refreshed one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await goals()).toContain('Lab project: why do zebrafish hearts regenerate?');
    await ok(host.invoke('lab.switch', { to: 'local' }));
  }, 30_000);

  it('refuses a callback whose state is not the one it sent, and keeps the sign-in it had', async () => {
    const { authorization_url } = await ok(host.invoke('lab.signIn', {}));
    const redirectUri = new URL(authorization_url).searchParams.get('redirect_uri') as string;
    const forged = await fetch(`${redirectUri}?code=stolen-code&state=not-the-one-sent`);
    expect(forged.status).toBe(400);
    await vi.waitFor(async () => expect((await status()).state).toBe('signed-in'));
    expect((await status()).message).toContain('another state');
    expect((await status()).identity?.subject).toBe('alice');
  });

  it('refuses a code from another sign-in (its PKCE verifier and redirect belong to that one)', async () => {
    const first = await ok(host.invoke('lab.signIn', {}));
    const firstRedirect = new URL(first.authorization_url).searchParams.get('redirect_uri') as string;
    const code = (await signInRedirect(new URL(first.authorization_url), 'pat', firstRedirect)).searchParams.get('code');
    // A second sign-in replaces the first; its callback is handed the first one's code.
    const second = await ok(host.invoke('lab.signIn', {}));
    const secondUrl = new URL(second.authorization_url).searchParams;
    await fetch(`${secondUrl.get('redirect_uri')}?code=${encodeURIComponent(code ?? '')}&state=${encodeURIComponent(secondUrl.get('state') ?? '')}&iss=${encodeURIComponent(issuer.issuer)}`);
    await vi.waitFor(async () => expect((await status()).state).toBe('signed-in'));
    expect((await status()).message).toMatch(/grant|invalid/i);
    // Still Alice: the foreign code signed nobody in.
    expect((await status()).identity?.subject).toBe('alice');
  });

  it('signs out: revokes the refresh and access tokens at the issuer, forgets them, and goes back to this computer', async () => {
    await ok(host.invoke('lab.switch', { to: 'lab' }));
    const tokens = (await store.load())?.signedIn?.tokens;
    const after = await ok(host.invoke('lab.signOut', {}));
    expect(after.message, after.message ?? '').toBeNull();
    expect(after).toMatchObject({ state: 'signed-out', active: 'local', identity: null });
    expect((await store.load())?.signedIn).toBeNull();
    expect(await goals()).toContain('Local project: how do planarians regrow heads?');

    const metadata = (await (await fetch(new URL('/.well-known/openid-configuration', issuer.issuer))).json()) as { introspection_endpoint: string; token_endpoint: string };
    const basic = `Basic ${Buffer.from(`${INTROSPECTOR.clientId}:${INTROSPECTOR.clientSecret}`).toString('base64')}`;
    // The refresh token is revoked (the grant ends). This issuer declines to revoke its JWT access
    // tokens (unsupported_token_type), which then live out their seconds-long lifetime.
    const answer = await fetch(metadata.introspection_endpoint, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: tokens?.refresh_token as string }) });
    expect(await answer.json()).toMatchObject({ active: false });
    const refreshed = await fetch(metadata.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens?.refresh_token as string, client_id: DESKTOP_APP_CLIENT }) });
    expect(refreshed.status).toBe(400);
    const refusedSwitch = await host.invoke('lab.switch', { to: 'lab' });
    expect(refusedSwitch.ok).toBe(false);
  });
});
