// JWT access tokens (RFC 9068) checked as the MCP authorization spec requires: the issuer one of
// --issuer, the signature by a key from that issuer's JWKS with an allow-listed algorithm (never
// `none`, never a shared-secret HS*), the audience exactly --resource (RFC 8707), exp/nbf with a
// small clock skew. The JWKS is cached by jose and fetched again when a token names a `kid` the
// cache does not have (at most once per cooldown, so unknown kids cannot make us hammer the issuer).
// A token verified once is trusted again without its signature check until its exp, for at most a
// minute (verifiedTokenCache.ts says why that changes nothing a token may do).
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { IssuerMetadataCache } from './issuerMetadata.js';
import type { VerifiedClaims } from './labIdentity.js';
import { VerifiedTokenCache } from './verifiedTokenCache.js';

export const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
/** Tolerated clock difference with the issuer for exp and nbf. */
export const CLOCK_SKEW_SECONDS = 10;
const JWKS_COOLDOWN_MS = 30_000;

/** A token was refused: why, for the audit row and the challenge's error_description. */
export class TokenRefused extends Error {}

export function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3;
}

export class JwtAccessTokenVerifier {
  readonly #keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly issuers: readonly string[],
    private readonly resource: string,
    private readonly metadata: IssuerMetadataCache,
    private readonly verified = new VerifiedTokenCache(CLOCK_SKEW_SECONDS),
  ) {}

  async verify(token: string): Promise<VerifiedClaims> {
    const known = this.verified.get(token);
    if (known !== undefined) return known;
    let issuer: unknown;
    let alg: unknown;
    try {
      issuer = decodeJwt(token).iss;
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw new TokenRefused('not a well-formed JWT');
    }
    // Checked before any key is looked up: an unlisted algorithm or issuer costs us nothing.
    if (typeof alg !== 'string' || !ALLOWED_ALGORITHMS.includes(alg)) throw new TokenRefused(`signature algorithm ${JSON.stringify(alg)} is not accepted`);
    if (typeof issuer !== 'string' || !this.issuers.includes(issuer)) throw new TokenRefused(`issuer ${JSON.stringify(issuer)} is not one this server trusts`);
    const keys = await this.#keySetOf(issuer);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: this.resource,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_SKEW_SECONDS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw new TokenRefused(describeJoseError(error));
    }
    const claims = Object.freeze(payload) as VerifiedClaims;
    this.verified.remember(token, claims);
    return claims;
  }

  async #keySetOf(issuer: string): Promise<ReturnType<typeof createRemoteJWKSet>> {
    const known = this.#keySets.get(issuer);
    if (known !== undefined) return known;
    let jwksUri: string | undefined;
    try {
      jwksUri = (await this.metadata.of(issuer)).jwksUri;
    } catch (error) {
      throw new TokenRefused(`the issuer's metadata cannot be read now: ${(error as Error).message}`);
    }
    if (jwksUri === undefined) throw new TokenRefused(`issuer ${issuer} publishes no jwks_uri`);
    const keys = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: JWKS_COOLDOWN_MS, timeoutDuration: 5_000 });
    this.#keySets.set(issuer, keys);
    return keys;
  }
}

function describeJoseError(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the issuer matches the token (unknown kid)';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the signature does not verify';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'the token is for another audience (resource)';
    if (error.claim === 'nbf') return 'the token is not valid yet';
    return `claim ${error.claim} is not acceptable: ${error.reason}`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the signature algorithm is not accepted';
  if (error instanceof errors.JWKSTimeout) return "the issuer's keys could not be fetched in time";
  if (error instanceof errors.JOSEError) return `the token does not verify (${error.code})`;
  return `the token does not verify (${error instanceof Error ? error.message : String(error)})`;
}
