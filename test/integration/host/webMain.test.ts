// The built web host as a program: its one stdout line, its refusal of bad flags, and that a
// SIGTERM takes its research server down with it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAlive, removeTempDirs, REPO_ROOT, tempDir } from '../../support/realServer.js';

const WEB_ENTRY = path.join(REPO_ROOT, 'dist', 'main', 'web.js');

beforeAll(() => {
  if (!fs.existsSync(WEB_ENTRY)) throw new Error(`${WEB_ENTRY} is missing: run "npm run build" first.`);
});
afterAll(removeTempDirs);

/** Direct children of a process (procps `ps`, as on the Linux machines these tests run on). */
function childPids(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

describe('node dist/main/web.js', () => {
  it('prints exactly one line with the address, and stops its research server on SIGTERM', async () => {
    const web = spawn(process.execPath, [WEB_ENTRY, '--data-dir', tempDir('main'), '--port', '0'], {
      env: { ...process.env, HOME: tempDir('home') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdoutLines: string[] = [];
    createInterface({ input: web.stdout }).on('line', (line) => stdoutLines.push(line));
    web.stderr.resume();
    const exited = new Promise<number | null>((resolve) => web.once('exit', (code) => resolve(code)));

    await vi.waitFor(() => expect(stdoutLines).toHaveLength(1), { timeout: 15_000 });
    expect(stdoutLines[0]).toMatch(/^Co-Scientist is running at http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    const servers = childPids(web.pid as number);
    expect(servers).toHaveLength(1);

    web.kill('SIGTERM');

    expect(await exited).toBe(0);
    expect(stdoutLines).toHaveLength(1);
    await vi.waitFor(() => expect(isAlive(servers[0] as number)).toBe(false), { timeout: 5000 });
  });

  it('refuses a bad flag with the usage text and exit code 2', () => {
    const result = spawnSync(process.execPath, [WEB_ENTRY, '--port', 'eighty'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--port must be a whole number');
    expect(result.stderr).toContain('Usage: node dist/main/web.js');
  });
});
