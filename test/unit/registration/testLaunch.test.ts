// The test launch after registering: the registered command, arguments and environment, run
// without a shell, through a real MCP `initialize` handshake, with a time limit.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testLaunch } from '../../../src-main/host/registration/index.js';
import { tempDir } from './helpers.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_ENTRY = path.join(REPO_ROOT, 'dist', 'mcp', 'server.js');
const ECHO = fileURLToPath(new URL('../../fixtures/registration/servers/echo-mcp.mjs', import.meta.url));

function script(body: string): string {
  const file = path.join(tempDir('cosci launch '), 'server.cjs');
  fs.writeFileSync(file, body);
  return file;
}

describe('testLaunch', () => {
  it('the built server answers the handshake: name, version, protocol and duration', async () => {
    const result = await testLaunch({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'claude-desktop'] }, { dataDir: tempDir() });
    expect(result).toMatchObject({ ok: true, error: null, stderr: null, server_name: expect.any(String), server_version: expect.any(String) });
    expect(result.protocol_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.duration_ms).toBeLessThan(10_000);
    expect(result.command).toContain('--client claude-desktop');
  });

  it('passes the registered arguments and environment unchanged, plus the data dir, through awkward paths', async () => {
    const folder = path.join(tempDir('Co Scientist Ünïcødé 研究 '), 'App Folder');
    fs.mkdirSync(folder, { recursive: true });
    const entry = path.join(folder, 'echo server.mjs');
    fs.copyFileSync(ECHO, entry);
    const dataDir = tempDir('data dir ');
    const result = await testLaunch({ command: process.execPath, args: [entry, '--client', 'zed', 'a b'], env: { MARK: 'from-the-entry' } }, { dataDir });
    expect(result).toMatchObject({ ok: true, server_name: `${dataDir}|from-the-entry`, server_version: '--client zed a b' });
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
