// Which permission boxes another granted scope already confers (issue 33 item 10), from the
// server's implication map as get_client_policies sends it.
import { describe, expect, it } from 'vitest';
import { impliedScopes } from '../../../../../src-renderer/features/assistants/AssistantPermissions.js';
import { ALL_SCOPES, SCOPES } from '../../../../../src-mcp/mcp/access/scopes.js';

const implications = Object.fromEntries(ALL_SCOPES.map((scope) => [scope, [...SCOPES[scope].implies]]));

describe('impliedScopes', () => {
  it('names the granted scope that includes each implied one', () => {
    const implied = impliedScopes(['research:write', 'reviews:write'], implications);
    expect(implied.get('research:read')).toBe('research:write');
    expect(implied.get('reviews:read')).toBe('reviews:write');
    expect(implied.has('research:write')).toBe(false);
    expect(implied.has('knowledge:read')).toBe(false);
  });

  it('follows admin to everything but itself', () => {
    const implied = impliedScopes(['admin'], implications);
    expect([...implied.keys()].sort()).toEqual(ALL_SCOPES.filter((scope) => scope !== 'admin').sort());
  });
});
