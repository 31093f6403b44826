// The context of one HTTP request in token mode reads the stored policy once (the server's
// instructions and the call's access check share it: a round trip less per call on PostgreSQL),
// and the next request reads it again, so a policy the scientist changed holds from the next call.
import { describe, expect, it } from 'vitest';
import { callerContext, type SharedParts } from '../../../../../src-mcp/runtime/http/callerContext.js';
import { staticTokenAuthenticator } from '../../../../../src-mcp/runtime/http/auth/staticToken.js';
import { TokenBucket } from '../../../../../src-mcp/mcp/access/rateLimit.js';
import { upsertPolicy } from '../../../../../src-mcp/store/policies.js';
import type { LabIdentity } from '../../../../../src-mcp/runtime/http/auth/labIdentity.js';
import { openTestStore } from '../../../../support/storeEngine.js';

async function tokenHolder(): Promise<LabIdentity> {
  const outcome = await staticTokenAuthenticator('secret-token').authenticate('Bearer secret-token');
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.identity;
}

function storePolicy(db: SharedParts['db'], scopes: string[]): Promise<void> {
  return upsertPolicy(db, { clientId: 'http', scopes, ratePerMinute: 60, burst: 10, mayDecideCheckpoints: false, updatedAt: new Date().toISOString(), updatedBy: 'desktop' });
}

describe('callerContext (token mode)', () => {
  it('reads the stored policy once per request, and afresh for the next request', async () => {
    const db = await openTestStore();
    const shared = { db, dataDir: '', now: () => new Date() } as unknown as SharedParts;
    const identity = await tokenHolder();
    await storePolicy(db, ['research:read']);
    const request = callerContext(shared, identity, new TokenBucket(60, 10));
    expect((await request.policy()).scopes).toEqual(['research:read']);

    // The scientist widens the policy while this request is being answered: this request keeps
    // what it read (one read per call), the next request sees the change.
    await storePolicy(db, ['research:read', 'research:write']);
    expect((await request.policy()).scopes).toEqual(['research:read']);
    const next = callerContext(shared, identity, new TokenBucket(60, 10));
    expect((await next.policy()).scopes).toEqual(['research:read', 'research:write']);
  });
});
