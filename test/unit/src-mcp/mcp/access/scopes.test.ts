import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_SCOPES, SCOPES, effectiveScopes, hasScopes } from '../../../../../src-mcp/mcp/access/scopes.js';
import { defaultPolicy } from '../../../../../src-mcp/mcp/access/identity.js';
import { ALL_TOOLS } from '../../../../../src-mcp/mcp/toolRegistry.js';

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

  it('gives the GUI every tool, assistants the research tools but no decisions, and an unidentified process no writing tools', () => {
    const visible = (clientId: string) =>
      ALL_TOOLS.filter((tool) => (tool.desktopOnly !== true || clientId === 'desktop') && hasScopes(defaultPolicy(clientId).scopes, tool.scopes));
    expect(visible('desktop')).toHaveLength(ALL_TOOLS.length);
    const assistant = visible('claude-desktop').map((t) => t.name);
    expect(assistant).toEqual(expect.arrayContaining(['start_research', 'continue_research', 'submit_work', 'generate_hypotheses', 'evolve_hypothesis', 'review_hypothesis', 'rank_hypotheses']));
    expect(assistant).not.toContain('decide');
    expect(assistant).not.toContain('record_judgement');
    const unknown = visible('unknown');
    expect(unknown.map((t) => t.name)).toEqual(expect.arrayContaining(['list_research_projects', 'get_research_status', 'list_hypotheses']));
    // Tools that only write are out of reach (mixed tools such as manage_collections check each action).
    for (const name of ['start_research', 'continue_research', 'submit_work', 'generate_hypotheses', 'manage_research', 'decide']) {
      expect(unknown.map((t) => t.name)).not.toContain(name);
    }
    expect(defaultPolicy('claude-desktop').mayDecideCheckpoints).toBe(false);
    expect(defaultPolicy('desktop').mayDecideCheckpoints).toBe(true);
  });
});
