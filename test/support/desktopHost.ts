// The desktop host as the integration tests run it: the Electron-free host core (both hosts use it)
// spawning the built research server, with a throwaway home for registrations, and the unwrapping
// of a route's Result that every such test needs. Options a test cares about (a lab sign-in, a
// secret store, a database given at start) pass through.
import { SignJWT } from 'jose';
import { createHost, type Host, type HostOptions } from '../../src-main/host/hostCore.js';
import type { Result } from '../../src-shared/routes/index.js';
import { silentLogger } from '../unit/src-main/host/fakes.js';
import { assertServerBuilt, SERVER_ENTRY } from './server.js';
import { makeTempDir, removeTempDirs } from './tempDirs.js';
import { SIGNING_KID, type AuthorizationServer } from './authorizationServer.js';
import { connectWithToken, stopLabServers } from './labServer.js';

export type DesktopHostOptions = Partial<Omit<HostOptions, 'dataDir'>> & { dataDir: string };

/** A host over the built server, not started yet. */
export function desktopHost(options: DesktopHostOptions): Host {
  assertServerBuilt();
  const launch = { command: process.execPath, args: [SERVER_ENTRY] };
  return createHost({
    serverCommand: launch,
    hostKind: 'web',
    appVersion: '9.9.9',
    registrationContext: { home: makeTempDir('cosci-home-'), platform: 'linux', env: {}, launch },
    log: silentLogger,
    ...options,
  });
}

/** A route's data, or an error naming the route's code and message. */
export async function routeData<T>(result: Promise<Result<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(`${settled.error.code}: ${settled.error.message}`);
  return settled.data;
}

/** An access token the lab's issuer signed for a person's assistant (what its OAuth flow would have got). */
export async function labAccessToken(issuer: AuthorizationServer, resource: string, claims: { sub: string; name: string; scope: string; client_id?: string; roles?: string[] }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return await new SignJWT({ iss: issuer.issuer, aud: resource, exp: now + 300, iat: now, client_id: 'lab-assistant', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: SIGNING_KID, typ: 'at+jwt' })
    .sign(issuer.privateKey);
}

/** A PI's assistant starts a project on the lab at `labUrl` (what the desktop app then finds there). */
export async function piStartsLabProject(issuer: AuthorizationServer, labUrl: string, goal: string): Promise<void> {
  const token = await labAccessToken(issuer, labUrl, { sub: 'pat', name: 'Pat Principal', scope: 'research:write research:read' });
  const assistant = await connectWithToken(labUrl, token, 'modern');
  await assistant.callTool({ name: 'start_research', arguments: { goal } });
  await assistant.close();
}

/** Stops what a lab-client test started: the host first (it holds connections to the lab), then the lab servers and the issuer; removes the temp folders. */
export async function stopLabClientTest(host: Host | undefined, issuer: AuthorizationServer | undefined): Promise<void> {
  await host?.stop();
  await stopLabServers();
  await issuer?.close();
  removeTempDirs();
}
