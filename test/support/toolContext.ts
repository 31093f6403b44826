// A server context built by hand, for calling tools in process (callTool) without a server: no
// providers or sampling, no knowledge base behind grounding and citations, and a rate limit that
// never bites, so a test measures only what it means to.
import type { Db } from '../../src-mcp/store/database.js';
import type { ServerContext } from '../../src-mcp/mcp/context.js';
import type { ClientPolicy } from '../../src-mcp/mcp/access/identity.js';
import { ChangeFeed } from '../../src-mcp/mcp/notifications/changeFeed.js';
import { TokenBucket } from '../../src-mcp/mcp/access/rateLimit.js';
import { NO_GROUNDING } from '../../src-mcp/reasoners/workItems.js';
import { NOTHING_VERIFIED } from '../../src-mcp/engine/hypotheses.js';

export interface ToolContextOptions {
  dataDir: string;
  clientId: string;
  policy: () => Promise<ClientPolicy>;
  /** A caller over a lab server's network endpoint (ServerContext.overNetwork). */
  overNetwork?: boolean;
}

export async function toolContext(db: Db, { dataDir, clientId, policy, overNetwork }: ToolContextOptions): Promise<ServerContext> {
  return {
    db,
    dataDir,
    clientId,
    ...(overNetwork === undefined ? {} : { overNetwork }),
    policy,
    feed: await ChangeFeed.open(db),
    now: () => new Date(),
    workerId: `${clientId}@test:1`,
    ownerAlive: () => true,
    grounding: NO_GROUNDING,
    rateLimit: new TokenBucket(10_000, 10_000),
    verifyCitation: () => NOTHING_VERIFIED,
  };
}

/** A policy the scientist stored for the client: these scopes, no rate limit to speak of. */
export function storedPolicy(clientId: string, scopes: string[], mayDecideCheckpoints = false): () => Promise<ClientPolicy> {
  return async () => ({ clientId, scopes, ratePerMinute: 10_000, burst: 10_000, mayDecideCheckpoints, source: 'stored' });
}
