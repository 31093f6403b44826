// Scope matrix: every tool × representative scope sets → allowed exactly when the granted scopes
// imply the tool's required scopes (and desktop-only tools only for the desktop client, except the
// read views a lab opens to their scopes for callers over its network endpoint).
import { describe, expect, it } from 'vitest';
import { closeDatabase } from '../../../../../src-mcp/store/database.js';
import { ALL_TOOLS } from '../../../../../src-mcp/mcp/toolRegistry.js';
import { DETACHED_CALL, callTool, isCallableBy } from '../../../../../src-mcp/mcp/toolkit.js';
import { ALL_SCOPES, hasScopes } from '../../../../../src-mcp/mcp/access/scopes.js';
import type { ServerContext } from '../../../../../src-mcp/mcp/context.js';
import { describeToolFailure, readToolError } from '../../../../support/toolErrors.js';
import { makeTempDir } from '../../../../support/tempDirs.js';
import { openTestStore } from '../../../../support/storeEngine.js';
import { storedPolicy, toolContext } from '../../../../support/toolContext.js';

const SCOPE_SETS: string[][] = [
  [],
  ...ALL_SCOPES.map((scope) => [scope]),
  ['research:read', 'hypotheses:read', 'reviews:read', 'knowledge:read'],
  ['research:write', 'hypotheses:generate', 'hypotheses:evolve', 'reviews:write', 'knowledge:write'],
  ['research:write', 'checkpoints:decide'],
];

async function contextFor(clientId: string, scopes: string[], overNetwork: boolean, mayDecideCheckpoints: boolean): Promise<ServerContext> {
  const dataDir = makeTempDir('cosci-matrix-');
  const db = await openTestStore('cosci-matrix-');
  return toolContext(db, { dataDir, clientId, overNetwork, policy: storedPolicy(clientId, scopes, mayDecideCheckpoints) });
}

describe('scope matrix', () => {
  const callers = [
    { clientId: 'claude-desktop', overNetwork: false, principal: false },
    { clientId: 'desktop', overNetwork: false, principal: false },
    { clientId: 'Alice Student via co-scientist-desktop', overNetwork: true, principal: false },
    { clientId: 'Pat Principal via co-scientist-desktop', overNetwork: true, principal: true },
  ];
  for (const { clientId, overNetwork, principal } of callers) {
    it(`${clientId}${overNetwork ? ` (lab, over the network${principal ? ', PI role' : ''})` : ''}: every tool is allowed exactly when its scopes are implied`, async () => {
      for (const scopes of SCOPE_SETS) {
        const ctx = await contextFor(clientId, scopes, overNetwork, principal);
        for (const tool of ALL_TOOLS) {
          const openOnLab = tool.lab === 'view' || tool.lab === 'contribution' || (tool.lab === 'principal' && principal);
          const opened = tool.desktopOnly !== true || clientId === 'desktop' || (overNetwork && openOnLab);
          const expected = hasScopes(scopes, tool.scopes) && opened;
          expect(await isCallableBy(tool, ctx), `${tool.name} callable with [${scopes.join(', ')}]`).toBe(expected);
          // Empty arguments: an allowed call fails validation (or runs), a forbidden one is refused first.
          const result = await callTool(tool, {}, ctx, DETACHED_CALL);
          const denied = readToolError(result)?.code === 'insufficient_permissions';
          // A detached call shows no views: the views' app-only tools are refused to it whatever the scopes.
          const callable = expected && tool.appOnly !== true;
          expect(denied, `${clientId} × ${tool.name} × [${scopes.join(', ')}]: ${describeToolFailure(result)}`).toBe(!callable);
        }
        await closeDatabase(ctx.db);
      }
    });
  }
});
