// JWT access tokens this process has already verified, so the next call with the same token skips
// the signature check (an RSA/EC public-key operation, most of a verification's cost; a client
// sends one token on every call until it refreshes). Why this changes nothing a token may do:
// - an entry lives until the token's own `exp` (with the verifier's clock skew), never longer, and
//   at most MAX_AGE_MS: a key the issuer withdraws from its JWKS stops admitting the tokens it
//   signed within that time (the JWKS itself is re-read on jose's schedule, which is longer);
// - a JWT cannot be revoked by a resource server before its `exp` anyway (threat-model.md): the
//   cache adds no window to revocation. Opaque tokens are not cached: introspection is how their
//   revocation is seen, on every call;
// - only verified tokens enter; a refused one is checked again in full each time;
// - keys are SHA-256 digests of the token: no bearer token is kept in the process's memory beyond
//   its request;
// - the cache is bounded (least recently used out first), so distinct tokens cannot grow it.
import { createHash } from 'node:crypto';
import type { VerifiedClaims } from './labIdentity.js';

export const VERIFIED_TOKEN_CACHE_SIZE = 4_096;
/** Longest a verified token is trusted without checking its signature again. */
export const VERIFIED_TOKEN_MAX_AGE_MS = 60_000;

interface Entry {
  claims: VerifiedClaims;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

export class VerifiedTokenCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly clockSkewSeconds: number,
    private readonly capacity = VERIFIED_TOKEN_CACHE_SIZE,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The claims of a token verified before and still within its lifetime here, else undefined. */
  get(token: string): VerifiedClaims | undefined {
    const key = digestOf(token);
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (this.now() >= entry.until) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.#entries.set(key, entry);
    return entry.claims;
  }

  /** Remembers claims jose has just verified (exp is required by the verifier, so always present). */
  remember(token: string, claims: VerifiedClaims): void {
    const now = this.now();
    const until = Math.min(claims.exp * 1000 + this.clockSkewSeconds * 1000, now + VERIFIED_TOKEN_MAX_AGE_MS);
    if (until <= now) return;
    const key = digestOf(token);
    this.#entries.delete(key);
    this.#entries.set(key, { claims, until });
    while (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}

function digestOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
