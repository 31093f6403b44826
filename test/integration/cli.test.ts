// The `co-scientist` command: `serve` is the same MCP server as dist/mcp/server.js.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import Database from 'better-sqlite3';
import { REPO_ROOT, serverEnvFor, tempDataDir } from '../support/server.js';

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

describe('co-scientist doctor', () => {
  it('reports a healthy setup, then names a tampered audit log and exits 1', async () => {
    const dataDir = tempDataDir();
    const client = new Client({ name: 'doctor-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--client', 'desktop', '--data-dir', dataDir], env: serverEnvFor('desktop', dataDir), stderr: 'pipe' }));
    await client.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis' } });
    const viaTool = await client.callTool({ name: 'run_doctor', arguments: {} });
    expect(viaTool.structuredContent).toMatchObject({ healthy: true });
    await client.close();

    const healthy = execFileSync(process.execPath, [BIN, 'doctor', '--data-dir', dataDir], { encoding: 'utf8' });
    expect(healthy).toMatch(/✓ database schema/);
    expect(healthy).toMatch(/✓ audit log: \d+ rows, hash chain intact/);

    const db = new Database(path.join(dataDir, 'co-scientist.db'));
    db.exec("DROP TRIGGER audit_log_is_append_only_update; UPDATE audit_log SET client_id = 'someone-else' WHERE id = 1;");
    db.close();
    let output = '';
    try {
      execFileSync(process.execPath, [BIN, 'doctor', '--data-dir', dataDir], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout: string }).stdout);
      expect((error as { status: number }).status).toBe(1);
    }
    expect(output).toMatch(/✗ audit log: chain broken at row 1/);
  });
});
