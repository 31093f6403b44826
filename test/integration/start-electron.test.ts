// `npm start` where Electron's binary is missing and cannot be fetched (scripts/start-electron.mjs):
// one message that says what happened and what to do. Before, Electron's package said "delete
// node_modules/electron and run npx install-electron --no" and ours "npx install-electron retries
// it", with no cause.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server.js';
import { makeTempDir } from '../support/tempDirs.js';

const SCRIPT = path.join(REPO_ROOT, 'scripts', 'start-electron.mjs');

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [SCRIPT], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One message: the cause on its first line, then npm run web and how to let the download through; nothing contradicting it. */
function expectOneMessage(stderr: string, cause: RegExp): void {
  expect(stderr).toMatch(new RegExp(`Co-Scientist: the desktop app cannot start: ${cause.source}`));
  expect(stderr.match(/cannot start/g)).toHaveLength(1);
  expect(stderr).toContain('npm run web');
  expect(stderr).toMatch(/HTTPS_PROXY/);
  expect(stderr).toMatch(/ELECTRON_MIRROR/);
  expect(stderr).not.toMatch(/install-electron|delete `?node_modules/);
}

const electronInstalled = (() => {
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    return fs.existsSync(path.join(dir, 'dist', fs.readFileSync(path.join(dir, 'path.txt'), 'utf8').trim()));
  } catch {
    return false;
  }
})();

describe('npm start without Electron', () => {
  it('ELECTRON_PATH naming nothing: exit 1 and one message', () => {
    const out = start({ ELECTRON_PATH: path.join(makeTempDir('cosci-electron-'), 'no-electron') });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expectOneMessage(out.stderr, /ELECTRON_PATH names .*no-electron, which does not exist\./);
  });

  it.skipIf(electronInstalled)('a download that fails (an unreachable mirror): exit 1, the cause, and what to do', () => {
    const mirror = 'http://127.0.0.1:9/';
    const out = start({ ELECTRON_MIRROR: mirror, electron_config_cache: makeTempDir('cosci-electron-cache-') });
    expect(out.code).toBe(1);
    expectOneMessage(out.stderr, new RegExp(`Electron's binary is not installed, and downloading it from ${mirror.replace(/[./]/g, '\\$&')} failed \\(.+\\)\\.`));
  });
});
