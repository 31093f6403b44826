// `npm run web` as a program: stopping npm stops everything it started. Before, the script was
// `npm run build && node dist/main/web.js`; npm passed SIGTERM to the shell, the shell died, and
// the web host and its research server went on holding the port. Now scripts/web.mjs stays the
// host's parent and forwards the signal, and the host stops when that launcher goes away.
// (`--no-build`: the suite runs on the build it has; rebuilding dist/ here would race the other
// test files that run it.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAlive, REPO_ROOT, tempDir } from '../../support/realServer.js';

/** Every descendant of a process (procps `ps`, as on the Linux machines these tests run on). */
function descendants(pid: number): number[] {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const npmCli = (() => {
  const found = spawnSync('which', ['npm'], { encoding: 'utf8' }).stdout.trim();
  return found === '' ? undefined : fs.realpathSync(found);
})();

/** What a test started, stopped by pid afterwards if the test itself did not. */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

/** Starts `args` with this Node first on PATH; resolves with the process, its port and everything below it. */
async function startWeb(args: string[], detached = false): Promise<{ child: ChildProcess; port: number; tree: number[]; exited: Promise<number | null> }> {
  // TMPDIR: npm keeps a code cache in the temp folder, which this run must leave empty.
  const env = { ...process.env, HOME: tempDir('web-home'), TMPDIR: tempDir('web-tmp'), PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter) };
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached });
  started.push(child.pid as number);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const lines: string[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => lines.push(line));
  const address = await vi.waitFor(
    () => {
      const line = lines.find((l) => l.startsWith('Co-Scientist is running at '));
      if (line === undefined) throw new Error(`no address yet; stderr so far:\n${stderr}`);
      return line;
    },
    { timeout: 30_000, interval: 100 },
  );
  const port = Number(/127\.0\.0\.1:(\d+)\//.exec(address)?.[1]);
  const tree = descendants(child.pid as number);
  started.push(...tree);
  return { child, port, tree, exited };
}

describe.skipIf(process.platform === 'win32')('stopping `npm run web`', () => {
  it.skipIf(npmCli === undefined)('SIGTERM to npm stops the web host and its research server and frees the port', async () => {
    const web = await startWeb([npmCli as string, 'run', 'web', '--', '--no-build', '--port', '0', '--data-dir', tempDir('web-data')]);
    // npm → the launcher (scripts/web.mjs, maybe under a shell) → dist/main/web.js → the research server.
    expect(web.tree.length).toBeGreaterThanOrEqual(3);
    expect(await portIsFree(web.port)).toBe(false);

    web.child.kill('SIGTERM');
    await web.exited;
    await vi.waitFor(() => expect(web.tree.filter(isAlive)).toEqual([]), { timeout: 15_000 });
    expect(await portIsFree(web.port)).toBe(true);
  });

  it.skipIf(npmCli === undefined)('Ctrl-C (SIGINT to npm\'s whole process group, as a terminal sends it) does the same', async () => {
    const web = await startWeb([npmCli as string, 'run', 'web', '--', '--no-build', '--port', '0', '--data-dir', tempDir('web-data')], true);
    process.kill(-(web.child.pid as number), 'SIGINT');
    await web.exited;
    await vi.waitFor(() => expect(web.tree.filter(isAlive)).toEqual([]), { timeout: 15_000 });
    expect(await portIsFree(web.port)).toBe(true);
  });

  it('a launcher killed outright (SIGKILL) still takes the web host down with it', async () => {
    const web = await startWeb(['scripts/web.mjs', '--no-build', '--port', '0', '--data-dir', tempDir('web-data')]);
    expect(web.tree.length).toBeGreaterThanOrEqual(2);

    web.child.kill('SIGKILL');
    await web.exited;
    await vi.waitFor(() => expect(web.tree.filter(isAlive)).toEqual([]), { timeout: 15_000 });
    expect(await portIsFree(web.port)).toBe(true);
  });
});
