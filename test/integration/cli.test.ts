// The `co-scientist` command: `serve` is the same MCP server as dist/mcp/server.js.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { connectServer, databaseEnvFor, REPO_ROOT, serverEnvFor, tempDataDir } from '../support/server.js';
import { inspectStore } from '../support/storeInspector.js';
import { makeTempDir } from '../support/tempDirs.js';

const BIN = path.join(REPO_ROOT, 'bin/co-scientist.js');

describe('co-scientist CLI', () => {
  it('prints its version and help on stdout', () => {
    const version = execFileSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' }).trim();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(execFileSync(process.execPath, [BIN, 'help'], { encoding: 'utf8' })).toContain('co-scientist serve');
  });

  it('`serve` speaks MCP over stdio', async () => {
    const client = new Client({ name: 'cli-test', version: '1.0.0' });
    const dataDir = tempDataDir();
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--client', 'cli-test', '--data-dir', dataDir], env: await databaseEnvFor(dataDir), stderr: 'pipe' }),
    );
    try {
      expect(client.getServerVersion()?.name).toBe('co-scientist');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('start_research');
    } finally {
      await client.close();
    }
  });

  it('rejects an unknown command with exit code 2, the usage once and nothing after it', () => {
    const help = execFileSync(process.execPath, [BIN, 'help'], { encoding: 'utf8' });
    const wrong = spawnSync(process.execPath, [BIN, 'frobnicate'], { encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toBe(`Unknown command "frobnicate".\n\n${help}`);
  });

  it('help lists --data-dir for every command that takes it', () => {
    const help = execFileSync(process.execPath, [BIN, 'help'], { encoding: 'utf8' });
    for (const command of ['serve', 'register', 'unregister', 'status', 'doctor']) {
      expect(help, command).toMatch(new RegExp(`^ {2}co-scientist ${command} .*--data-dir`, 'm'));
    }
  });
});

describe('co-scientist doctor', () => {
  it('reports a healthy setup, then names a tampered audit log and exits 1', async () => {
    const dataDir = tempDataDir();
    // On a PostgreSQL run, the server and the doctor both name the folder's database (COSCI_DATABASE_URL).
    const databaseEnv = await databaseEnvFor(dataDir);
    const env = { ...process.env, ...databaseEnv };
    const client = new Client({ name: 'doctor-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--client', 'desktop', '--data-dir', dataDir], env: { ...serverEnvFor('desktop', dataDir), ...databaseEnv }, stderr: 'pipe' }));
    await client.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis' } });
    const viaTool = await client.callTool({ name: 'run_doctor', arguments: {} });
    expect(viaTool.structuredContent).toMatchObject({ healthy: true });
    await client.close();

    const healthy = execFileSync(process.execPath, [BIN, 'doctor', '--data-dir', dataDir], { encoding: 'utf8', env });
    expect(healthy).toMatch(/✓ database schema/);
    expect(healthy).toMatch(/✓ audit log: \d+ rows, hash chain intact/);
    // It says what the log's end was compared with: the data folder's anchor (for this database, on PostgreSQL).
    expect(healthy).toMatch(new RegExp(`✓ audit log: \\d+ rows, hash chain intact, ends where it should \\(at or past row \\d+, the head anchored in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/audit-anchor(-[0-9a-f]{16})?\\.json\\)`));

    await inspectStore(dataDir, async (db) => {
      await db.dropTrigger('audit_log_is_append_only_update', 'audit_log');
      await db.execute("UPDATE audit_log SET client_id = 'someone-else' WHERE id = 1");
    });
    let output = '';
    try {
      execFileSync(process.execPath, [BIN, 'doctor', '--data-dir', dataDir], { encoding: 'utf8', env });
    } catch (error) {
      output = String((error as { stdout: string }).stdout);
      expect((error as { status: number }).status).toBe(1);
    }
    expect(output).toMatch(/✗ audit log: The audit log was altered: row 1 does not verify/);
  });
});

describe('co-scientist doctor, one verdict and no side effects', () => {
  const doctor = (args: string[], cwd = REPO_ROOT, env: Record<string, string> = {}) => spawnSync(process.execPath, [BIN, 'doctor', ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });

  // On PostgreSQL the doctor compares the database's log with the anchor its data folder keeps for that database (store/auditAnchor.ts).
  it('reports rows cut from the end of the audit log, as verify_audit_log does, and exits 1', async () => {
    const dataDir = tempDataDir();
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    for (let i = 0; i < 3; i += 1) await desktop.client.callTool({ name: 'start_research', arguments: { goal: `Doctor tail test ${i}: which pathways drive liver fibrosis?` } });
    await desktop.close();
    const head = await inspectStore(dataDir, async (db) => {
      const last = (await db.scalar<number>('SELECT MAX(id) FROM audit_log')) as number;
      await db.dropTrigger('audit_log_is_append_only_delete', 'audit_log');
      await db.execute('DELETE FROM audit_log WHERE id > 2');
      return last;
    });

    const out = doctor(['--data-dir', dataDir], REPO_ROOT, await databaseEnvFor(dataDir));
    expect(out.status).toBe(1);
    expect(out.stdout).not.toMatch(/✓ audit log/);
    const said = /✗ audit log: The hash chain is intact: all 2 rows verify\. But (.*)\.\n/.exec(out.stdout)?.[1];
    expect(said).toMatch(new RegExp(`^rows? 3(–${head})? (is|are) missing from the end of the audit log`));

    // verify_audit_log, asked afterwards, gives the same finding (and when a write first noticed it).
    const again = await connectServer({ dataDir, client: 'desktop' });
    const verdict = (await again.client.callTool({ name: 'verify_audit_log', arguments: {} })).structuredContent as { ok: boolean; message: string };
    await again.close();
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toContain(`But ${said} (noticed `);
  });

  it('a data folder that does not exist: says there is no data yet, exits 0 and creates nothing', () => {
    const missing = path.join(makeTempDir('cosci-doctor-'), 'not here', 'data');
    const out = doctor(['--data-dir', missing]);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain(`✓ data folder: ${missing} does not exist yet: no data yet.`);
    expect(out.stdout).toMatch(/✓ database: no database yet/);
    expect(fs.existsSync(path.dirname(missing))).toBe(false);
  });

  it('its hints name the command as it runs from here: node bin/co-scientist.js in the checkout, the absolute path elsewhere', () => {
    const empty = makeTempDir('cosci-doctor-');
    const here = doctor(['--data-dir', empty]);
    expect(here.stdout).toContain('(or run "node bin/co-scientist.js register claude-desktop")');
    expect(here.stdout).not.toMatch(/run "co-scientist /);
    expect(fs.readdirSync(empty)).toEqual([]);
    const elsewhere = doctor(['--data-dir', empty], empty);
    expect(elsewhere.stdout).toContain(`(or run "node ${BIN} register claude-desktop")`);
  });
});
