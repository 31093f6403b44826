// The cache of verified JWT access tokens (issue 31, token verification ≤ 0.2 ms per call): a
// token verified once is not checked again while it is valid, never past its exp (with the skew) or
// a minute, never a refused one, and never more entries than its bound.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { IssuerMetadataCache } from '../../../../../src-mcp/runtime/http/auth/issuerMetadata.js';
import { JwtAccessTokenVerifier, TokenRefused } from '../../../../../src-mcp/runtime/http/auth/jwtAccessTokens.js';
import type { VerifiedClaims } from '../../../../../src-mcp/runtime/http/auth/labIdentity.js';
import { VERIFIED_TOKEN_MAX_AGE_MS, VerifiedTokenCache } from '../../../../../src-mcp/runtime/http/auth/verifiedTokenCache.js';

const claimsUntil = (exp: number, sub = 'alice'): VerifiedClaims => ({ iss: 'https://idp.lab.example', sub, exp });

describe('VerifiedTokenCache', () => {
  it('answers a remembered token until its exp plus the skew, then forgets it', () => {
    let now = 1_000_000_000_000;
    const cache = new VerifiedTokenCache(10, 16, () => now);
    const claims = claimsUntil(now / 1000 + 30);
    cache.remember('token-a', claims);
    expect(cache.get('token-a')).toBe(claims);
    expect(cache.get('token-b')).toBeUndefined();
    now += 39_999;
    expect(cache.get('token-a')).toBe(claims);
    now += 1;
    expect(cache.get('token-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('trusts a long-lived token for at most a minute without a new signature check', () => {
    let now = 1_000_000_000_000;
    const cache = new VerifiedTokenCache(10, 16, () => now);
    cache.remember('token-a', claimsUntil(now / 1000 + 3600));
    now += VERIFIED_TOKEN_MAX_AGE_MS - 1;
    expect(cache.get('token-a')).toBeDefined();
    now += 1;
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('does not remember a token already past its exp and skew', () => {
    const now = 1_000_000_000_000;
    const cache = new VerifiedTokenCache(10, 16, () => now);
    cache.remember('token-a', claimsUntil(now / 1000 - 10));
    expect(cache.size).toBe(0);
  });

  it('holds at most its capacity, dropping the least recently used token first', () => {
    const now = 1_000_000_000_000;
    const cache = new VerifiedTokenCache(10, 3, () => now);
    for (const token of ['t1', 't2', 't3']) cache.remember(token, claimsUntil(now / 1000 + 60, token));
    expect(cache.get('t1')?.sub).toBe('t1');
    cache.remember('t4', claimsUntil(now / 1000 + 60, 't4'));
    expect(cache.size).toBe(3);
    expect(cache.get('t2')).toBeUndefined();
    expect(['t1', 't3', 't4'].map((t) => cache.get(t)?.sub)).toEqual(['t1', 't3', 't4']);
  });
});

describe('JwtAccessTokenVerifier with the cache', () => {
  const resource = 'https://cosci.lab.example/mcp';
  let issuer: string;
  let privateKey: CryptoKey;
  let jwksReads = 0;
  const server = http.createServer();

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.on('request', (req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/oauth-authorization-server') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      else if (req.url === '/jwks') {
        jwksReads += 1;
        res.end(JSON.stringify({ keys: [jwk] }));
      } else res.writeHead(404).end('{}');
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sign = (options: { audience?: string; key?: CryptoKey } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub: 'alice', scope: 'research:read' }).setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(issuer).setAudience(options.audience ?? resource).setIssuedAt(now).setExpirationTime(now + 300).sign(options.key ?? privateKey);
  };

  it('answers the same token again from the cache: the claims verified the first time, frozen', async () => {
    const cache = new VerifiedTokenCache(10);
    const verifier = new JwtAccessTokenVerifier([issuer], resource, new IssuerMetadataCache(), cache);
    const token = await sign();
    const first = await verifier.verify(token);
    expect(cache.size).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await verifier.verify(token)).toBe(first);
    expect(jwksReads).toBe(1);
  });

  it('never caches a refusal: a token for another audience is refused each time in full', async () => {
    const cache = new VerifiedTokenCache(10);
    const verifier = new JwtAccessTokenVerifier([issuer], resource, new IssuerMetadataCache(), cache);
    const token = await sign({ audience: 'https://other.lab.example/mcp' });
    for (let i = 0; i < 2; i++) await expect(verifier.verify(token)).rejects.toThrow(TokenRefused);
    expect(cache.size).toBe(0);
  });

  it('a forged token with the same claims as a cached one is still refused (the key is the whole token)', async () => {
    const cache = new VerifiedTokenCache(10);
    const verifier = new JwtAccessTokenVerifier([issuer], resource, new IssuerMetadataCache(), cache);
    await verifier.verify(await sign());
    const forged = await sign({ key: (await generateKeyPair('ES256')).privateKey });
    await expect(verifier.verify(forged)).rejects.toThrow('the signature does not verify');
  });
});
