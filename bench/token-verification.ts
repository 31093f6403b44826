// What verifying a lab server's bearer token costs per call once the issuer's keys are cached
// (issue 31: ≤ 0.2 ms), side by side in one run with a floor: jose's own jwtVerify on a key
// already imported. Measured in-process (no HTTP around it), rounds alternating the variants so a
// change of machine load touches them alike:
// - floor: jwtVerify(token, KeyObject), the same options the server uses;
// - jose with a local JWKS (createLocalJWKSet) and with the remote one, warm (createRemoteJWKSet);
// - the server's authenticator (bearer header → verified claims → identity), a client sending the
//   same token on every call (as MCP clients do until they refresh), and every call a token it has
//   not seen (the first call after each refresh, or a flood of distinct tokens).
// Not a timed test: numbers go to docs/benchmarks.md.
// Run: `node --import tsx bench/token-verification.ts [calls per round]`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createLocalJWKSet, createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { issuerAuthenticator } from '../src-mcp/runtime/http/auth/issuerAuthenticator.js';
import { ALLOWED_ALGORITHMS, CLOCK_SKEW_SECONDS } from '../src-mcp/runtime/http/auth/jwtAccessTokens.js';
import { DEFAULT_PI_ROLE, DEFAULT_ROLE_CLAIM } from '../src-mcp/runtime/http/auth/labIdentity.js';
import { summarize } from './stats.js';

const CALLS_PER_ROUND = Number(process.argv[2] ?? 2_000);
const ROUNDS = 5;
/** The public URL of the benches' lab server (the tokens' audience): behind a load balancer, as in a lab. */
export const BENCH_RESOURCE = 'https://cosci.lab.example/mcp';
const RESOURCE = BENCH_RESOURCE;

export interface VerificationRow {
  label: string;
  calls: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

export interface BenchIssuer {
  issuer: string;
  jwk: JWK;
  /** An access token for BENCH_RESOURCE, valid for an hour. */
  sign: (sub: string, scope?: string) => Promise<string>;
  close: () => void;
}

/** A loopback issuer publishing RFC 8414 metadata and one RS256 key (the team-server bench's lab identity provider too). */
export async function startIssuer(): Promise<BenchIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('request', (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/oauth-authorization-server') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end('{}');
  });
  const now = Math.floor(Date.now() / 1000);
  const sign = (sub: string, scope = 'research:read research:write') =>
    new SignJWT({ sub, scope, client_id: 'bench' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience(RESOURCE).setIssuedAt(now).setExpirationTime(now + 3600).sign(privateKey);
  return { issuer, jwk, sign, close: () => server.close() };
}

export async function benchTokenVerification(callsPerRound = CALLS_PER_ROUND): Promise<VerificationRow[]> {
  const issuer = await startIssuer();
  try {
    const options = { issuer: issuer.issuer, audience: RESOURCE, algorithms: ALLOWED_ALGORITHMS, clockTolerance: CLOCK_SKEW_SECONDS, requiredClaims: ['exp', 'sub'] };
    const key = await (await import('jose')).importJWK(issuer.jwk, 'RS256');
    const localKeys = createLocalJWKSet({ keys: [issuer.jwk] });
    const remoteKeys = createRemoteJWKSet(new URL(`${issuer.issuer}/jwks`));
    const authenticator = issuerAuthenticator({
      issuers: [issuer.issuer], resource: RESOURCE, resourceMetadataUrl: `${RESOURCE}/.well-known`, roles: { claim: DEFAULT_ROLE_CLAIM, value: DEFAULT_PI_ROLE }, introspection: undefined,
    });
    const token = await issuer.sign('alice');
    // Distinct tokens for the first-sight variant: signed ahead, outside the timed loop.
    const fresh: string[] = [];
    for (let i = 0; i < callsPerRound * ROUNDS + 200; i++) fresh.push(await issuer.sign(`user-${i}`));
    let nextFresh = 0;
    const authenticate = async (bearer: string) => {
      const outcome = await authenticator.authenticate(`Bearer ${bearer}`);
      if (!outcome.ok) throw new Error(`bench token refused: ${outcome.reason}`);
    };
    const variants: Array<{ label: string; once: () => Promise<unknown> }> = [
      { label: 'floor: jose jwtVerify, key imported once', once: () => jwtVerify(token, key, options) },
      { label: 'jose jwtVerify, createLocalJWKSet', once: () => jwtVerify(token, localKeys, options) },
      { label: 'jose jwtVerify, createRemoteJWKSet (warm)', once: () => jwtVerify(token, remoteKeys, options) },
      { label: 'lab server authenticator, same token every call', once: () => authenticate(token) },
      { label: 'lab server authenticator, a token not seen before', once: () => authenticate(fresh[nextFresh++] as string) },
    ];
    const samples = variants.map(() => [] as bigint[]);
    for (const variant of variants) for (let i = 0; i < 40; i++) await variant.once();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, variant] of variants.entries()) {
        const into = samples[index] as bigint[];
        for (let i = 0; i < callsPerRound; i++) {
          const start = process.hrtime.bigint();
          await variant.once();
          into.push(process.hrtime.bigint() - start);
        }
      }
    }
    return variants.map((variant, index) => {
      const summary = summarize(samples[index] as bigint[]);
      return { label: variant.label, calls: summary.count, p50Ms: summary.p50, p99Ms: summary.p99, meanMs: summary.mean };
    });
  } finally {
    issuer.close();
  }
}

export function verificationTable(rows: readonly VerificationRow[]): string {
  const floor = rows[0] as VerificationRow;
  const f = (n: number) => n.toFixed(3);
  return [
    '| Verification | Calls | p50 ms | p99 ms | mean ms | p50 ÷ floor |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.label} | ${r.calls} | ${f(r.p50Ms)} | ${f(r.p99Ms)} | ${f(r.meanMs)} | ${(r.p50Ms / floor.p50Ms).toFixed(2)}× |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchTokenVerification();
  process.stdout.write(`Token verification — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}, ${ROUNDS} rounds × ${CALLS_PER_ROUND} calls\n\n${verificationTable(rows)}\n`);
}
