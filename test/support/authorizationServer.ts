// A real OAuth 2.1 / OpenID authorization server for the team-server tests: `oidc-provider` (an
// OpenID Certified implementation) on loopback, issuing JWT access tokens for our resource
// (resource indicators, RFC 8707) to public clients with PKCE, with its development login and
// consent pages driven over HTTP as a browser would. The test holds its signing key, so hostile
// tokens (expired, wrong audience, other issuer) can be made with the real key as well.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors } from 'oidc-provider';
import { ALL_SCOPES } from '../../src-mcp/mcp/access/scopes.js';

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';
export const SIGNING_KID = 'test-key-1';
/** A client whose tokens carry only research:read (for scope escalation). */
export const READER_CLIENT = 'lab-reader';
/**
 * The desktop app, pre-registered as a native client with a loopback redirect: any port is
 * accepted for it (RFC 8252 §7.3), the app listening on an ephemeral one.
 */
export const DESKTOP_APP_CLIENT = 'co-scientist-desktop';
export const DESKTOP_REDIRECT_URI = 'http://127.0.0.1/callback';
/** The assistant clients, granted every Co-Scientist scope but admin. */
export const ASSISTANT_CLIENT = 'lab-assistant';
export const INTROSPECTOR = { clientId: 'cosci-resource-server', clientSecret: 'introspection-secret-for-tests' };

/** Accounts the login page accepts: the login name is the subject. */
export const PEOPLE: Record<string, { name: string; roles: string[] }> = {
  alice: { name: 'Alice Student', roles: [] },
  pat: { name: 'Pat Principal', roles: ['cosci-pi'] },
};

export interface AuthorizationServer {
  issuer: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  close(): Promise<void>;
}

export interface AuthorizationServerOptions {
  /** The MCP server's --resource, the only resource tokens are issued for (known once the server is up). */
  resource: () => string;
  accessTokenTtlSeconds?: number;
  /** Access tokens as opaque strings (introspection) instead of JWTs. */
  opaque?: boolean;
  /** The scopes the lab's policy grants a client for the resource (default: research:read for READER_CLIENT, all but admin for the others); asked each time a token is issued. */
  grantedScope?: (clientId: string) => string | undefined;
}

export async function startAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: SIGNING_KID, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid: SIGNING_KID, alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const assistantScope = ALL_SCOPES.filter((scope) => scope !== 'admin').join(' ');
  const publicClient = (clientId: string) => ({
    client_id: clientId,
    token_endpoint_auth_method: 'none',
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    application_type: 'native',
  });
  const provider = new Provider(issuer, {
    clients: [
      publicClient(ASSISTANT_CLIENT),
      publicClient(READER_CLIENT),
      { ...publicClient(DESKTOP_APP_CLIENT), redirect_uris: [DESKTOP_REDIRECT_URI] },
      { client_id: INTROSPECTOR.clientId, client_secret: INTROSPECTOR.clientSecret, redirect_uris: [], grant_types: [], response_types: [] },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['team-server-tests'] },
    scopes: ['openid', 'offline_access', ...ALL_SCOPES],
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, RefreshToken: 3600, AccessToken: options.accessTokenTtlSeconds ?? 300 },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, name: PEOPLE[id]?.name }) }),
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (_ctx, token) => {
      const person = PEOPLE[(token as { accountId?: string }).accountId ?? ''];
      return person === undefined ? undefined : { name: person.name, roles: person.roles };
    },
    features: {
      devInteractions: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource(),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator, client) => {
          if (indicator !== options.resource()) throw new errors.InvalidTarget();
          return {
            scope: options.grantedScope?.(client.clientId) ?? (client.clientId === READER_CLIENT ? 'research:read' : assistantScope),
            audience: indicator,
            accessTokenTTL: options.accessTokenTtlSeconds ?? 300,
            accessTokenFormat: options.opaque === true ? 'opaque' : 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  });
  // The resource server may introspect; the public clients may not.
  server.on('request', provider.callback());
  return {
    issuer,
    privateKey,
    publicJwk,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * What the user's browser does after the client opened `authorizationUrl`: signs in as `login` on
 * the provider's login page, consents, and returns the parameters of the redirect back to the
 * client (code, state, iss). Cookies are kept as a browser keeps them.
 */
export async function signInAs(authorizationUrl: URL, login: string): Promise<URLSearchParams> {
  return (await signInRedirect(authorizationUrl, login, REDIRECT_URI)).searchParams;
}

/** The same, for any client: the URL the browser is sent back to (starting with `redirectUri`). */
export async function signInRedirect(authorizationUrl: URL, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl.href;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: form === undefined ? 'GET' : 'POST',
      body: form,
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (action === undefined || prompt === undefined) throw new Error(`unexpected page from the authorization server (HTTP ${response.status}): ${page.slice(0, 500)}`);
    url = new URL(action, url).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the sign-in did not come back to the client in 20 steps');
}
