// The ServerContext of one HTTP request: the process's shared parts (database, change feed,
// knowledge) with the caller's identity, policy, rate limit and lease owner. Nothing a request
// depends on lives in the process between requests except caches (keys, rate buckets): any
// replica answers any request alike (issue 31).
import type { ServerContext } from '../../mcp/context.js';
import { resolvePolicy, type ClientPolicy } from '../../mcp/access/identity.js';
import type { TokenBucket } from '../../mcp/access/rateLimit.js';
import { actorLabel, leaseOwnerOf, type LabIdentity } from './auth/labIdentity.js';
import { TOKEN_MODE_CLIENT } from './auth/staticToken.js';

/** What every request of one process shares. */
export type SharedParts = Pick<ServerContext, 'db' | 'dataDir' | 'feed' | 'now' | 'grounding' | 'verifyCitation' | 'ownerAlive'>;

/** The costly-call limit of a token's holder (the stdio default, mcp/identity.ts). */
const TOKEN_RATE_PER_MINUTE = 60;
const TOKEN_BURST = 10;

/** The name the audit log and every record of who did what carry for this caller. */
export function callerName(identity: LabIdentity): string {
  return identity.grant === 'stored-policy' ? TOKEN_MODE_CLIENT : actorLabel(identity);
}

export async function callerPolicy(shared: SharedParts, identity: LabIdentity): Promise<ClientPolicy> {
  if (identity.grant === 'stored-policy') return await resolvePolicy(shared.db, TOKEN_MODE_CLIENT);
  return {
    clientId: callerName(identity),
    scopes: identity.grant.scopes,
    ratePerMinute: TOKEN_RATE_PER_MINUTE,
    burst: TOKEN_BURST,
    mayDecideCheckpoints: identity.grant.isPrincipalInvestigator,
    source: 'default',
  };
}

/** Built for each HTTP request, which carries one message (no batches in either protocol era served). */
export function callerContext(shared: SharedParts, identity: LabIdentity, costlyCalls: TokenBucket): ServerContext {
  // Read once per request in token mode, and again by the next one (the scientist may change the
  // stored policy meanwhile, and a revocation must hold from the next call on). Within a request,
  // the server's instructions and the call's access check share the read: a round trip less per
  // call on PostgreSQL.
  let policy: Promise<ClientPolicy> | undefined;
  return {
    ...shared,
    clientId: callerName(identity),
    overNetwork: true,
    policy: () => (policy ??= callerPolicy(shared, identity)),
    workerId: leaseOwnerOf(identity),
    rateLimit: costlyCalls,
    // No sampling over stateless HTTP (a request cannot wait on the client's model), and no
    // provider keys: the desktop app activates providers only in its own stdio server.
  };
}
