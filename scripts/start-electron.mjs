// `npm start` (after the build): runs the desktop app with `electron .` semantics — Electron
// reads package.json and starts its `main`, dist/main/main.js.
//
// Electron downloads its binary on first use (since Electron 42, not at `npm install`), so
// `npm install` succeeds offline. This script makes that download itself (electron's install.js,
// the same one its package runs), so that when it fails it can say, once, what happened and what
// to do, instead of the package's own advice (delete node_modules/electron, run install-electron).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appRoot = fileURLToPath(new URL('..', import.meta.url));

const binary = findElectronBinary();
if (binary.path === null) {
  process.stderr.write(
    [
      `Co-Scientist: the desktop app cannot start: ${binary.reason}.`,
      '',
      'What to do:',
      '  - Open the same GUI in your browser instead:  npm run web',
      '  - Or let the download through and run `npm start` again: behind a proxy, set HTTPS_PROXY and',
      '    ELECTRON_GET_USE_PROXY=true; where GitHub cannot be reached, set ELECTRON_MIRROR to a mirror of',
      "    Electron's releases; or set ELECTRON_PATH to an Electron 45 binary you already have.",
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const env = { ...process.env };
// Inherited from a parent that runs Electron as Node, this would turn the app into a plain Node process.
delete env.ELECTRON_RUN_AS_NODE;
// In a checkout the app's research server runs on this Node, the one the tests run it on
// (see src-main/electron/serverLaunch.ts).
env.COSCI_NODE_PATH ??= process.execPath;

const child = spawn(binary.path, ['.', ...process.argv.slice(2)], { cwd: appRoot, env, stdio: 'inherit' });
child.on('error', (error) => {
  process.stderr.write(`Co-Scientist: could not run ${binary.path}: ${error.message}\n`);
  process.exit(1);
});
// Ctrl-C reaches the whole process group anyway; a plain `kill` of this script must reach Electron too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** @returns {{ path: string, reason?: undefined } | { path: null, reason: string }} */
function findElectronBinary() {
  const fromEnv = process.env.ELECTRON_PATH;
  if (fromEnv) {
    return existsSync(fromEnv) ? { path: fromEnv } : { path: null, reason: `ELECTRON_PATH names ${fromEnv}, which does not exist` };
  }
  let electronDir;
  try {
    electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed (it is an optional dependency, and npm left it out)' };
  }
  const installed = () => {
    try {
      const file = path.join(electronDir, 'dist', readFileSync(path.join(electronDir, 'path.txt'), 'utf8').trim());
      return existsSync(file) ? file : undefined;
    } catch {
      return undefined;
    }
  };
  const ready = installed();
  if (ready) return { path: ready };

  process.stderr.write('Co-Scientist: downloading Electron 45 for the desktop app (first start only)…\n');
  const download = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { cwd: electronDir, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const downloaded = installed();
  if (download.status === 0 && downloaded) return { path: downloaded };
  const cause = download.error?.message ?? download.stderr.split('\n').map((line) => line.trim()).find((line) => line !== '') ?? `exit ${download.status}`;
  const from = process.env.ELECTRON_MIRROR ?? process.env.npm_config_electron_mirror ?? 'GitHub';
  return { path: null, reason: `Electron's binary is not installed, and downloading it from ${from} failed (${cause})` };
}
