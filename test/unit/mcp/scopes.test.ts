import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_SCOPES, SCOPES, effectiveScopes, hasScopes } from '../../../src-mcp/mcp/scopes.js';
import { defaultPolicy } from '../../../src-mcp/mcp/identity.js';
import { ALL_TOOLS } from '../../../src-mcp/mcp/createServer.js';

describe('scopes', () => {
  it('follows the reference implications: write implies read, admin implies all', () => {
    expect(hasScopes(['research:write'], ['research:read'])).toBe(true);
    expect(hasScopes(['reviews:write'], ['reviews:read', 'hypotheses:read'])).toBe(true);
    expect(hasScopes(['hypotheses:generate'], ['research:read', 'hypotheses:read'])).toBe(true);
    expect(hasScopes(['research:read'], ['research:write'])).toBe(false);
    expect(hasScopes(['admin'], ALL_SCOPES)).toBe(true);
    expect(hasScopes(['not-a-scope'], ['research:read'])).toBe(false);
  });

  it('effective scopes are closed under implication (property)', () => {
    fc.assert(
      fc.property(fc.subarray(ALL_SCOPES), (granted) => {
        const effective = effectiveScopes(granted);
        for (const scope of effective) for (const implied of SCOPES[scope].implies) expect(effective.has(implied)).toBe(true);
        for (const scope of granted) expect(effective.has(scope)).toBe(true);
      }),
    );
  });

  it('gives assistants research tools, the GUI everything, and an unidentified process read-only access', () => {
    const byScope = (clientId: string) => ALL_TOOLS.filter((tool) => hasScopes(defaultPolicy(clientId).scopes, tool.scopes)).map((t) => t.name).sort();
    expect(byScope('claude-desktop')).toEqual(['get_research_status', 'list_research_projects', 'start_research']);
    expect(byScope('desktop')).toEqual(['get_research_status', 'list_research_projects', 'start_research']);
    expect(byScope('unknown')).toEqual(['get_research_status', 'list_research_projects']);
    expect(defaultPolicy('claude-desktop').mayDecideCheckpoints).toBe(false);
    expect(defaultPolicy('desktop').mayDecideCheckpoints).toBe(true);
  });
});
