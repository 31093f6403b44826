// The `co-scientist` command: `serve` is the same MCP server as dist/mcp/server.js.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { REPO_ROOT, tempDataDir } from '../support/server.js';

const BIN = path.join(REPO_ROOT, 'bin/co-scientist.js');

describe('co-scientist CLI', () => {
  it('prints its version and help on stdout', () => {
    const version = execFileSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' }).trim();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(execFileSync(process.execPath, [BIN, 'help'], { encoding: 'utf8' })).toContain('co-scientist serve');
  });

  it('`serve` speaks MCP over stdio', async () => {
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--client', 'cli-test', '--data-dir', tempDataDir()], stderr: 'pipe' }),
    );
    try {
      expect(client.getServerVersion()?.name).toBe('co-scientist');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('start_research');
    } finally {
      await client.close();
    }
  });

  it('rejects an unknown command with exit code 2', () => {
    expect(() => execFileSync(process.execPath, [BIN, 'frobnicate'], { stdio: 'pipe' })).toThrow(/Unknown command "frobnicate"/);
  });
});
