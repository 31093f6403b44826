// The official SDK client's OAuth flow for the team-server tests: an OAuthClientProvider holding a
// pre-registered public client's tokens in memory, whose "browser" is signInAs (authorizationServer.ts).
import { Client, StreamableHTTPClientTransport, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { REDIRECT_URI, signInAs } from './authorizationServer.js';
import type { Era } from './labServer.js';

type Tokens = Awaited<ReturnType<OAuthClientProvider['tokens']>>;

export class TestOAuthProvider implements OAuthClientProvider {
  stored: Tokens;
  #verifier = '';
  #state = '';
  pendingAuthorization: URL | undefined;
  /** How many times the client saved tokens (first grant, then each refresh). */
  tokenSaves = 0;

  constructor(private readonly clientId: string) {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return { redirect_uris: [REDIRECT_URI], client_name: 'team-server tests', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state(): string {
    this.#state = randomBytes(16).toString('base64url');
    return this.#state;
  }
  get expectedState(): string {
    return this.#state;
  }
  clientInformation() {
    return { client_id: this.clientId };
  }
  tokens(): Tokens {
    return this.stored;
  }
  saveTokens(tokens: NonNullable<Tokens>): void {
    this.stored = tokens;
    this.tokenSaves += 1;
  }
  redirectToAuthorization(url: URL): void {
    this.pendingAuthorization = url;
  }
  #discovery: unknown;
  // The SDK binds the callback to the authorization server it discovered (SEP-2352).
  saveDiscoveryState(state: unknown): void {
    this.#discovery = state;
  }
  discoveryState(): never {
    return this.#discovery as never;
  }
  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }
  codeVerifier(): string {
    return this.#verifier;
  }
}

export function newClient(era: Era): Client {
  return new Client({ name: 'team-server-tests', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
}

/**
 * The whole flow as an assistant runs it: connect, get 401, discover, open the authorization URL
 * (the user signs in as `login`), check state, finish with the code, connect again with the token.
 */
export async function connectThroughOAuth(url: string, provider: TestOAuthProvider, login: string, era: Era): Promise<Client> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const refused = await newClient(era).connect(first).then(() => undefined, (error: unknown) => error);
  if (!(refused instanceof UnauthorizedError)) throw new Error(`expected the first connection to need authorization, got ${String(refused)}`);
  if (provider.pendingAuthorization === undefined) throw new Error('the client never opened an authorization URL');
  const callback = await signInAs(provider.pendingAuthorization, login);
  if (callback.get('state') !== provider.expectedState) throw new Error('state came back changed');
  await first.finishAuth(callback);
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return client;
}
