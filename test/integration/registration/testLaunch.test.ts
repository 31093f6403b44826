// The test launch after registering: the registered command, arguments and environment, run
// without a shell, with an assistant's environment, through a real MCP `initialize` handshake
// and a check of the data folder the server opened, with a time limit.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../../src-shared/node/dataDir.js';
import { testLaunch } from '../../../src-main/host/registration/index.js';
import { tempDir } from '../../unit/src-main/host/registration/helpers.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_ENTRY = path.join(REPO_ROOT, 'dist', 'mcp', 'server.js');
const ECHO = fileURLToPath(new URL('../../fixtures/registration/servers/echo-mcp.mjs', import.meta.url));

function script(body: string): string {
  const file = path.join(tempDir('cosci launch '), 'server.cjs');
  fs.writeFileSync(file, body);
  return file;
}

describe('testLaunch', () => {
  it('the built server answers the handshake and opens the data folder its command names', async () => {
    const dataDir = tempDir();
    const result = await testLaunch(
      { command: process.execPath, args: [SERVER_ENTRY, '--data-dir', dataDir, '--client', 'claude-desktop'] },
      { dataDir, home: tempDir() },
    );
    expect(result).toMatchObject({ ok: true, error: null, stderr: null, server_name: expect.any(String), server_version: expect.any(String), data_dir: dataDir });
    expect(result.protocol_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.duration_ms).toBeLessThan(10_000);
    expect(result.command).toContain('--client claude-desktop');
  });

  it('a command that opens another data folder fails and says how to fix it; our own COSCI_DATA_DIR does not leak in', async () => {
    const home = tempDir('home ');
    const appDataDir = tempDir('app data ');
    const before = process.env.COSCI_DATA_DIR;
    process.env.COSCI_DATA_DIR = appDataDir; // the app's own setting, which an assistant does not have
    try {
      const result = await testLaunch({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'gemini-cli'] }, { dataDir: appDataDir, home });
      const opened = resolveDataDir({ home, platform: process.platform, env: {} });
      expect(result).toMatchObject({ ok: false, data_dir: opened, server_name: 'co-scientist' });
      expect(result.error).toBe(
        `The registered command opens the data folder ${opened}, not this app's (${appDataDir}), so the assistant would not see your projects. ` +
          'Repair the registration (or connect again) so that its command names this data folder.',
      );
    } finally {
      if (before === undefined) delete process.env.COSCI_DATA_DIR;
      else process.env.COSCI_DATA_DIR = before;
    }
  });

  it('a server that answers without saying which folder it opened is not taken for ours', async () => {
    const result = await testLaunch({ command: process.execPath, args: [ECHO] }, { dataDir: tempDir(), timeoutMs: 3_000 });
    expect(result).toMatchObject({ ok: false, data_dir: null });
    expect(result.error).toMatch(/did not say which data folder it opened/);
  });

  it('passes the registered arguments and environment unchanged through awkward paths, without the app\'s COSCI_DATA_DIR', async () => {
    const folder = path.join(tempDir('Co Scientist Ünïcødé 研究 '), 'App Folder');
    fs.mkdirSync(folder, { recursive: true });
    const entry = path.join(folder, 'echo server.mjs');
    fs.copyFileSync(ECHO, entry);
    const dataDir = tempDir('data dir ');
    const result = await testLaunch(
      { command: process.execPath, args: [entry, '--data-dir', dataDir, '--client', 'zed', 'a b'], env: { MARK: 'from-the-entry' } },
      { dataDir },
    );
    expect(result).toMatchObject({ ok: true, server_name: 'undefined|from-the-entry', server_version: `--data-dir ${dataDir} --client zed a b`, data_dir: dataDir });
    expect(result.command).toContain(JSON.stringify(entry));
  });

  it('a command that does not exist: says so and points at repairing', async () => {
    const result = await testLaunch({ command: '/nonexistent/Co-Scientist.app/Contents/MacOS/Co-Scientist', args: ['/x/server.js'] }, { dataDir: tempDir() });
    expect(result).toMatchObject({ ok: false, server_name: null });
    expect(result.error).toMatch(/does not exist\. Was Co-Scientist moved or uninstalled\?/);
  });

  it('a server that exits early: the error and its last stderr lines', async () => {
    const entry = script("process.stderr.write('line 1\\nboom: cannot open the database\\n'); process.exit(1);\n");
    const result = await testLaunch({ command: process.execPath, args: [entry] }, { dataDir: tempDir() });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/exited before completing the MCP handshake/);
    expect(result.stderr).toContain('boom: cannot open the database');
  });

  it('a server that never answers is stopped at the time limit', async () => {
    const entry = script('process.stdin.resume();\n');
    const result = await testLaunch({ command: process.execPath, args: [entry] }, { dataDir: tempDir(), timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'The server did not answer the MCP handshake within 0.3 s.' });
    expect(result.duration_ms).toBeGreaterThanOrEqual(290);
    expect(result.duration_ms).toBeLessThan(5_000);
  });
});
