// Authentication against the lab's issuers: a JWT is verified locally with the issuer's keys, an
// opaque token is introspected (jwtAccessTokens.ts, introspection.ts).
import type { Authenticator, AuthOutcome } from './authenticator.js';
import { readBearer } from './bearer.js';
import { IssuerMetadataCache } from './issuerMetadata.js';
import { JwtAccessTokenVerifier, looksLikeJwt, TokenRefused } from './jwtAccessTokens.js';
import { OpaqueTokenIntrospector, type IntrospectionCredentials } from './introspection.js';
import { identityFromClaims, type RoleRule } from './labIdentity.js';

export interface IssuerAuthOptions {
  issuers: readonly string[];
  /** --resource: the audience every token must name. */
  resource: string;
  resourceMetadataUrl: string;
  roles: RoleRule;
  introspection: IntrospectionCredentials | undefined;
}

export function issuerAuthenticator(options: IssuerAuthOptions): Authenticator {
  const metadata = new IssuerMetadataCache();
  const jwt = new JwtAccessTokenVerifier(options.issuers, options.resource, metadata);
  const opaque = new OpaqueTokenIntrospector(options.issuers, options.resource, metadata, options.introspection);
  return {
    resourceMetadataUrl: options.resourceMetadataUrl,
    async authenticate(authorization): Promise<AuthOutcome> {
      const bearer = readBearer(authorization);
      if (bearer.kind === 'absent') return { ok: false, problem: 'absent', reason: 'no Authorization header' };
      if (bearer.kind === 'malformed') return { ok: false, problem: 'malformed', reason: 'the Authorization header is not "Bearer <token>"' };
      try {
        const claims = looksLikeJwt(bearer.token) ? await jwt.verify(bearer.token) : await opaque.verify(bearer.token);
        return { ok: true, identity: identityFromClaims(claims, options.roles) };
      } catch (error) {
        if (error instanceof TokenRefused) return { ok: false, problem: 'invalid_token', reason: error.message };
        throw error;
      }
    },
  };
}
