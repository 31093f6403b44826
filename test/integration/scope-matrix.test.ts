// The scope matrix (docs/threat-model.md): every tool × every role, over real stdio. A tool is
// listed, and callable, exactly when the role's scopes cover it and it is not desktop-only (or the
// role is the desktop app); every other call is refused with insufficient_permissions before any
// work, and audited. A forged desktop (no key from the app) gets no server at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ALL_TOOLS } from '../../src-mcp/mcp/toolRegistry.js';
import { defaultPolicy } from '../../src-mcp/mcp/access/identity.js';
import { hasScopes } from '../../src-mcp/mcp/access/scopes.js';
import { DESKTOP_KEY_ENV } from '../../src-shared/node/desktopKeys.js';
import { SERVER_ENTRY, connectServer, databaseEnvFor, tempDataDir, type ConnectedServer } from '../support/server.js';
import { readToolError } from '../support/toolErrors.js';

interface Role { name: string; client: string | null; scopes: readonly string[] }

const ROLES: Role[] = [
  { name: 'desktop app', client: 'desktop', scopes: defaultPolicy('desktop').scopes },
  { name: 'assistant (default scopes)', client: 'claude-code', scopes: defaultPolicy('claude-code').scopes },
  { name: 'assistant granted admin', client: 'cursor', scopes: ['admin'] },
  { name: 'read-only assistant', client: 'zed', scopes: ['research:read', 'hypotheses:read'] },
  { name: 'unidentified process', client: null, scopes: defaultPolicy('unknown').scopes },
];

function expectedVisible(role: Role): string[] {
  // No role here declares MCP Apps: the views' app-only tools are neither listed nor callable (chat-views.test.ts covers them).
  return ALL_TOOLS.filter((tool) => (tool.desktopOnly !== true || role.client === 'desktop') && tool.appOnly !== true && hasScopes(role.scopes, tool.scopes))
    .map((tool) => tool.name)
    .sort();
}

let dataDir: string;
const servers: ConnectedServer[] = [];
beforeAll(async () => {
  dataDir = tempDataDir('cosci-scopes');
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  servers.push(desktop);
  for (const role of ROLES.filter((r) => r.client !== null && r.client !== 'desktop')) {
    const set = await desktop.client.callTool({ name: 'set_client_policy', arguments: { client_id: role.client, scopes: role.scopes, may_decide_checkpoints: false } });
    expect(set.isError, JSON.stringify(set.content)).toBeFalsy();
  }
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the scope matrix: every tool × every role', () => {
  it.each(ROLES.map((role) => [role.name, role] as const))('%s sees exactly its tools and is refused every other one', async (_name, role) => {
    const server = role.client === 'desktop' ? servers[0]! : await connectServer({ dataDir, client: role.client });
    if (server !== servers[0]) servers.push(server);
    const listed = (await server.client.listTools()).tools.map((tool) => tool.name).sort();
    expect(listed).toEqual(expectedVisible(role));
    const hidden = ALL_TOOLS.map((tool) => tool.name).filter((name) => !listed.includes(name));
    for (const name of hidden) {
      // Arguments are irrelevant: permission is checked before anything else.
      const result = await server.client.callTool({ name, arguments: {} });
      expect(readToolError(result)?.code, `${role.name} calling ${name}`).toBe('insufficient_permissions');
    }
  });

  it('a forged desktop (no key, or a key it made up) gets no server, hence no tool', async () => {
    const databaseEnv = await databaseEnvFor(dataDir);
    for (const key of [undefined, 'forged-key-forged-key-forged-key-forged-key']) {
      const env = { ...process.env, ...databaseEnv };
      delete env[DESKTOP_KEY_ENV];
      if (key !== undefined) env[DESKTOP_KEY_ENV] = key;
      const run = spawnSync(process.execPath, [SERVER_ENTRY, '--client', 'desktop', '--data-dir', dataDir], { env, input: `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}\n`, timeout: 15_000 });
      expect(run.status).toBe(1);
      expect(run.stdout.toString()).toBe('');
      expect(run.stderr.toString()).toMatch(/--client desktop is reserved/);
    }
  });
});
