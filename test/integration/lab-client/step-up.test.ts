// Step-up in the desktop app (issue 31, the MCP authorization spec's 403 insufficient_scope): the
// lab's issuer grants the app fewer scopes than a call needs; the lab server refuses the call with
// 403 naming the scope; the host says so in words (PERMISSION_DENIED, the scope, "sign in again"),
// remembers the scope, tells the GUI (a lab-status event), and the next sign-in asks for it on top
// of what is held. Real parts: oidc-provider as the issuer, `co-scientist serve --http --issuer`.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Host } from '../../../src-main/host/hostCore.js';
import { createLabSessionStore, createLocalKeyCipher } from '../../../src-main/host/lab/labSessionStore.js';
import type { HostEvent, LabStatusView } from '../../../src-shared/routes/index.js';
import { requireBuiltServer, tempDir } from '../../support/realServer.js';
import { desktopHost, piStartsLabProject, routeData as ok, stopLabClientTest } from '../../support/desktopHost.js';
import type { LabServer } from '../../support/labServer.js';
import { startLabWithIssuer } from '../../support/labWithIssuer.js';
import { DESKTOP_APP_CLIENT, signInRedirect, type AuthorizationServer } from '../../support/authorizationServer.js';

describe('the desktop app steps up when the lab refuses a call for a scope', () => {
  let issuer: AuthorizationServer;
  let server: LabServer;
  let host: Host;
  /** The lab's policy for the desktop app: read only, until the administrator widens it. */
  let desktopGrant: string | undefined = 'research:read';
  const events: HostEvent[] = [];

  beforeAll(async () => {
    requireBuiltServer();
    ({ issuer, server } = await startLabWithIssuer(tempDir('lab-server'), { grantedScope: (clientId) => (clientId === DESKTOP_APP_CLIENT ? desktopGrant : undefined) }));
    await piStartsLabProject(issuer, server.url, 'Lab project: why do axolotl limbs regrow?');

    const hostDataDir = tempDir('desktop');
    host = desktopHost({
      dataDir: hostDataDir,
      lab: { store: createLabSessionStore(hostDataDir, createLocalKeyCipher(hostDataDir)), client: { clientId: DESKTOP_APP_CLIENT } },
    });
    host.onEvent((event) => events.push(event));
    await host.start();
  }, 60_000);
  afterAll(async () => await stopLabClientTest(host, issuer));

  const status = (): Promise<LabStatusView> => ok(host.invoke('lab.status', {}));

  /** Sign in as `login` through the issuer's pages (as the system browser would); returns the scope the app asked for. */
  async function signIn(login: string): Promise<string> {
    const { authorization_url } = await ok(host.invoke('lab.signIn', {}));
    const url = new URL(authorization_url);
    await fetch(await signInRedirect(url, login, url.searchParams.get('redirect_uri') as string));
    await vi.waitFor(async () => expect((await status()).state).toBe('signed-in'), { timeout: 10_000 });
    return url.searchParams.get('scope') ?? '';
  }

  it('reads the lab with the narrow grant', async () => {
    await ok(host.invoke('lab.setUrl', { url: server.url }));
    await signIn('alice');
    await ok(host.invoke('lab.switch', { to: 'lab' }));
    const projects = await ok(host.invoke('projects.list', {}));
    expect(projects.projects.map((p) => p.goal)).toContain('Lab project: why do axolotl limbs regrow?');
    expect((await status()).scopeNeeded).toBeNull();
  }, 30_000);

  it('a call beyond the grant fails in words naming the scope, and Settings is told to offer a new sign-in', async () => {
    events.length = 0;
    const refused = await host.invoke('projects.start', { goal: 'Student project: do zebrafish fins regrow faster in warm water?', hypothesis_count: 4 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('PERMISSION_DENIED');
    expect(refused.error.message).toContain('research:write');
    expect(refused.error.message).toContain('Sign in again under Settings → Lab server');
    const now = await status();
    expect(now.scopeNeeded?.split(' ')).toContain('research:write');
    expect(now.scopeNeeded?.split(' ')).not.toContain('research:read');
    expect(now.message).toMatch(/needs .*research:write.*Sign in again/);
    expect(now).toMatchObject({ state: 'signed-in', active: 'lab' });
    const pushed = events.filter((event): event is Extract<HostEvent, { kind: 'lab-status' }> => event.kind === 'lab-status');
    expect(pushed.at(-1)?.status.scopeNeeded).toBe(now.scopeNeeded);
  }, 30_000);

  it('signing in again while the lab still grants too little says to ask the administrator, and keeps the scope needed', async () => {
    const asked = await signIn('alice');
    expect(asked.split(' ')).toEqual(expect.arrayContaining(['research:read', 'research:write']));
    const now = await status();
    expect(now.scopeNeeded?.split(' ')).toContain('research:write');
    expect(now.message).toContain("ask the lab's administrator");
  }, 30_000);

  it('once the lab grants it, signing in again asks for the scope and the call goes through', async () => {
    desktopGrant = undefined;
    const asked = await signIn('alice');
    expect(asked.split(' ')).toContain('research:write');
    const now = await status();
    expect(now).toMatchObject({ scopeNeeded: null, message: null, state: 'signed-in', active: 'lab' });
    const started = await ok(host.invoke('projects.start', { goal: 'Student project: do zebrafish fins regrow faster in warm water?', hypothesis_count: 4 }));
    expect(started).toBeTruthy();
    const projects = await ok(host.invoke('projects.list', {}));
    expect(projects.projects.map((p) => p.goal)).toContain('Student project: do zebrafish fins regrow faster in warm water?');
  }, 30_000);
});
