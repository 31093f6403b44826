// Opaque (non-JWT) access tokens, checked by asking the issuer (RFC 7662) where its metadata names
// an introspection endpoint. The endpoint wants this resource server to authenticate: its client
// credentials come from the environment (README, *Run a lab server*), never from the command line.
import type { IssuerMetadataCache } from './issuerMetadata.js';
import { TokenRefused, CLOCK_SKEW_SECONDS } from './jwtAccessTokens.js';
import type { VerifiedClaims } from './labIdentity.js';

export const INTROSPECTION_CLIENT_ID_ENV = 'COSCI_INTROSPECTION_CLIENT_ID';
export const INTROSPECTION_CLIENT_SECRET_ENV = 'COSCI_INTROSPECTION_CLIENT_SECRET';

export interface IntrospectionCredentials {
  clientId: string;
  clientSecret: string;
}

export function introspectionCredentialsFrom(env: NodeJS.ProcessEnv): IntrospectionCredentials | undefined {
  const clientId = env[INTROSPECTION_CLIENT_ID_ENV];
  const clientSecret = env[INTROSPECTION_CLIENT_SECRET_ENV];
  return clientId !== undefined && clientId !== '' && clientSecret !== undefined && clientSecret !== '' ? { clientId, clientSecret } : undefined;
}

export class OpaqueTokenIntrospector {
  constructor(
    private readonly issuers: readonly string[],
    private readonly resource: string,
    private readonly metadata: IssuerMetadataCache,
    private readonly credentials: IntrospectionCredentials | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async verify(token: string): Promise<VerifiedClaims> {
    if (this.credentials === undefined) throw new TokenRefused(`an opaque token needs introspection, and ${INTROSPECTION_CLIENT_ID_ENV} / ${INTROSPECTION_CLIENT_SECRET_ENV} are not set`);
    for (const issuer of this.issuers) {
      const endpoint = await this.metadata.of(issuer).then((m) => m.introspectionEndpoint, () => undefined);
      if (endpoint === undefined) continue;
      const answer = await this.#ask(endpoint, token);
      if (answer.active !== true) continue;
      return this.#checked(answer, issuer);
    }
    throw new TokenRefused('no trusted issuer knows this token as active');
  }

  async #ask(endpoint: string, token: string): Promise<Record<string, unknown>> {
    const { clientId, clientSecret } = this.credentials as IntrospectionCredentials;
    // RFC 6749 §2.3.1: client id and secret form-encoded before the Basic encoding.
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    const response = await this.fetchImpl(endpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
      signal: AbortSignal.timeout(5_000),
    }).catch((error: unknown) => {
      throw new TokenRefused(`the introspection endpoint cannot be reached: ${(error as Error).message}`);
    });
    if (!response.ok) throw new TokenRefused(`the introspection endpoint answered HTTP ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  }

  #checked(answer: Record<string, unknown>, issuer: string): VerifiedClaims {
    if (answer.iss !== undefined && answer.iss !== issuer) throw new TokenRefused('the introspected token names another issuer');
    const audiences = typeof answer.aud === 'string' ? [answer.aud] : Array.isArray(answer.aud) ? answer.aud : [];
    if (!audiences.includes(this.resource)) throw new TokenRefused('the token is for another audience (resource)');
    const now = Date.now() / 1000;
    if (typeof answer.exp !== 'number' || answer.exp + CLOCK_SKEW_SECONDS < now) throw new TokenRefused('the token has expired');
    if (typeof answer.nbf === 'number' && answer.nbf - CLOCK_SKEW_SECONDS > now) throw new TokenRefused('the token is not valid yet');
    if (typeof answer.sub !== 'string' || answer.sub === '') throw new TokenRefused('the introspected token names no subject');
    return { ...answer, iss: issuer, sub: answer.sub, exp: answer.exp };
  }
}
