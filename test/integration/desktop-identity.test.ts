// The desktop role needs proof only the app has (src-shared/node/desktopKeys.ts): `--client desktop`
// without the app's one-time key does not start, whatever else the caller knows, and the attempt
// is audited as client `unknown`. Before, any local process typing `--client desktop` could
// approve checkpoints and grant other assistants admin.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { DESKTOP_KEY_ENV, issueDesktopKey } from '../../src-shared/node/desktopKeys.js';
import { SERVER_ENTRY, assertServerBuilt, connectServer, databaseEnvFor, tempDataDir } from '../support/server.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = tempDataDir('cosci-identity');
  dirs.push(dir);
  return dir;
}

/**
 * Starts `--client desktop` with `key` (or none) and reports how it ended: a refused claim exits.
 * `viaOtherProcess`: the server is started by an intermediate process, as a process that read the
 * key (from the app's server's environment, say) and tried it would have to.
 */
async function claimDesktop(dataDir: string, key: string | undefined, viaOtherProcess = false): Promise<{ code: number | null; stderr: string; answered: boolean }> {
  assertServerBuilt();
  const env = { ...process.env, ...(await databaseEnvFor(dataDir)) };
  delete env[DESKTOP_KEY_ENV];
  if (key !== undefined) env[DESKTOP_KEY_ENV] = key;
  const server = [SERVER_ENTRY, '--client', 'desktop', '--data-dir', dataDir];
  const relay = `const r = require('node:child_process').spawnSync(process.execPath, ${JSON.stringify(server)}, { stdio: 'inherit' }); process.exit(r.status ?? 1);`;
  const child = spawn(process.execPath, viaOtherProcess ? ['-e', relay] : server, { env });
  let stderr = '';
  let answered = false;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', () => (answered = true));
  child.stdin.on('error', () => undefined);
  // A claim the server accepts would answer this; a refused one exits before reading it.
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'forger', version: '1' } } })}\n`);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, answered });
    });
    // An accepted server keeps running: end its session once it answered.
    child.stdout.once('data', () => child.stdin.end());
  });
}

async function refusals(dataDir: string): Promise<Array<{ client_id: string; outcome: string; error_code: string | null; arguments: string }>> {
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  try {
    const page = await desktop.client.callTool({ name: 'query_audit_log', arguments: { action: 'identity:claim-desktop' } });
    return (page.structuredContent as { rows: Array<{ client_id: string; outcome: string; error_code: string | null; arguments: string }> }).rows;
  } finally {
    await desktop.close();
  }
}

describe('the desktop role', () => {
  it('is refused without the app key, with a made-up key, an expired key, and a real key from a process the app did not start; each attempt is audited as unknown', async () => {
    const dataDir = freshDir();
    const real = issueDesktopKey(dataDir);
    const expired = issueDesktopKey(dataDir, Date.now() - 5 * 60_000);
    const attempts: Array<[string | undefined, string, boolean]> = [
      [undefined, 'desktop_key_missing', false],
      ['A'.repeat(43), 'desktop_key_unknown', false],
      [expired, 'desktop_key_expired', false],
      [real, 'desktop_key_not-issuer-child', true],
    ];
    for (const [key, , viaOtherProcess] of attempts) {
      const run = await claimDesktop(dataDir, key, viaOtherProcess);
      expect(run.answered, `key ${String(key)}`).toBe(false);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/--client desktop is reserved for the Co-Scientist app's own server/);
    }
    const rows = await refusals(dataDir);
    expect(rows.map((row) => row.error_code).sort()).toEqual(attempts.map(([, code]) => code).sort());
    for (const row of rows) {
      expect(row.client_id).toBe('unknown');
      expect(row.outcome).toBe('denied');
      // The key itself is never written down.
      for (const [key] of attempts) if (key !== undefined) expect(row.arguments).not.toContain(key);
    }
  });

  it('is granted to the children of the process that issued the key (a client may spawn twice while it negotiates), and only the key\'s hash reaches the data folder', async () => {
    const dataDir = freshDir();
    const key = issueDesktopKey(dataDir);
    const files = fs.readdirSync(`${dataDir}/desktop-keys`);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(`${dataDir}/desktop-keys/${files[0]}`, 'utf8')).not.toContain(key);
    for (let spawn = 0; spawn < 2; spawn += 1) {
      const run = await claimDesktop(dataDir, key);
      expect(run.answered).toBe(true);
      expect(run.code).toBe(0);
    }
    const desktop = await connectServer({ dataDir, client: 'desktop', era: 'modern' });
    expect((await desktop.client.callTool({ name: 'verify_audit_log', arguments: {} })).isError).toBeFalsy();
    await desktop.close();
  });
});
