// `npm run web [-- --port <n>] [-- --data-dir <dir>]`: checks the Node version, builds, then runs
// the web host (dist/main/web.js) and stays its parent, so that stopping npm stops the host.
//
// Why a launcher and not `npm run build && node dist/main/web.js`: npm passes Ctrl-C and SIGTERM
// to the shell that runs a script, and a shell running `a && b` dies of it while `b` — the web
// host and its research server — goes on holding the port. This script is the only command of
// its npm script (so the shell is replaced by it, or at least dies straight away), forwards
// those signals to the host, and notices when its own parent is gone. The host, in turn, stops
// when this launcher's IPC channel closes (src-main/web/main.ts), so even a SIGKILL here leaves
// nothing behind.
//
// `--no-build` skips the build when dist/ is already built.
import supportedNode from '../src-shared/node/supportedNode.cjs';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

supportedNode.requireSupportedNode('npm run web');

const appRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const hostArgs = args.filter((arg) => arg !== '--no-build');

if (build) {
  // npm gives its own path to the scripts it runs; the build's output goes to stderr, so that
  // stdout carries only the host's one line with the address.
  const npm = process.env.npm_execpath;
  const [command, npmArgs] = npm ? [process.execPath, [npm, 'run', 'build']] : ['npm', ['run', 'build']];
  const built = spawnSync(command, npmArgs, { cwd: appRoot, stdio: ['ignore', 2, 'inherit'], shell: !npm && process.platform === 'win32' });
  if (built.status !== 0) {
    process.stderr.write(`Co-Scientist: the build failed (${built.error?.message ?? `exit ${built.status ?? built.signal}`}); the web host was not started.\n`);
    process.exit(1);
  }
}

// Own process group on POSIX: a Ctrl-C in the terminal reaches this launcher, which passes it on
// once, instead of reaching the host twice (the second would mean "exit without waiting").
const host = spawn(process.execPath, [fileURLToPath(new URL('../dist/main/web.js', import.meta.url)), ...hostArgs], {
  cwd: appRoot,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: process.platform !== 'win32',
});
host.on('error', (error) => {
  process.stderr.write(`Co-Scientist: could not start the web host: ${error.message}\n`);
  process.exit(1);
});

let stopping = false;
const stop = (signal) => {
  if (stopping || host.exitCode !== null) return;
  stopping = true;
  host.kill(signal);
};
// On Windows the console's Ctrl-C reaches every process attached to it, the host included.
for (const signal of process.platform === 'win32' ? ['SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
// A shell between npm and us may die of the signal meant for us; we are then re-parented.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

host.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
