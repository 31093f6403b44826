// `npm start` (after the build): runs the desktop app with `electron .` semantics — Electron
// reads package.json and starts its `main`, dist/main/main.js.
//
// Electron downloads its binary on first use (since Electron 42, not at `npm install`), so
// `npm install` succeeds offline; where the download cannot be made this script points to the
// browser GUI instead of crashing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const appRoot = fileURLToPath(new URL('..', import.meta.url));

const binary = findElectronBinary();
if (binary.path === null) {
  process.stderr.write(
    [
      `Co-Scientist: cannot start the desktop app: ${binary.reason}.`,
      '',
      'Electron downloads its binary the first time the app starts, and that download could not',
      'be made on this machine (`npx install-electron` retries it).',
      '',
      'The same GUI runs in your browser:  npm run web',
      'Or point ELECTRON_PATH at an Electron 45 binary and run `npm start` again.',
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
    return existsSync(fromEnv) ? { path: fromEnv } : { path: null, reason: `ELECTRON_PATH=${fromEnv} does not exist` };
  }
  let resolved;
  try {
    // The electron package exports the path of its binary, downloading it first if need be
    // (its progress goes to this terminal).
    resolved = createRequire(import.meta.url)('electron');
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { path: null, reason: `the Electron binary is not there and could not be downloaded (${detail})` };
  }
  if (typeof resolved !== 'string' || !existsSync(resolved)) {
    return { path: null, reason: `the Electron binary is missing (expected at ${String(resolved)})` };
  }
  return { path: resolved };
}
