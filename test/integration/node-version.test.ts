// The Node version gate (src-shared/node/supportedNode.cjs): every entry point — the CLI, the
// server, the web host and its launcher, the npm scripts — refuses an unsupported Node before it
// loads anything native, says which Node it needs and how to get it (.nvmrc), exits 1 and
// changes nothing. Before it, Node 20 ended `doctor` and the server with a segmentation fault
// (exit 139) and no word, and `register cursor` wrote an entry that could not start.
// The refusals run on a real other Node found on this machine (Node 20 on Debian's /usr/bin).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import supportedNode from '../../src-shared/node/supportedNode.cjs';
import { REPO_ROOT } from '../support/server.js';
import { makeTempDir } from '../support/tempDirs.js';

const packageJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devEngines: { runtime: { version: string } };
  scripts: Record<string, string>;
};
const GATE = 'node src-shared/node/supportedNode.cjs';

/** A node binary on this machine that is not a supported one: PATH's and the usual places. */
function findUnsupportedNode(): { path: string; version: string } | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin', '/bin'];
  for (const dir of new Set(dirs.filter(Boolean))) {
    const candidate = path.join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    if (!fs.existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
    if (version !== '' && !supportedNode.isSupportedNode(version)) return { path: candidate, version };
  }
  return undefined;
}

/** The npm that runs this test, as a script file any node can run. */
function npmCli(): string | undefined {
  const found = spawnSync(process.platform === 'win32' ? 'where' : 'which', ['npm'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim();
  return found ? fs.realpathSync(found) : undefined;
}

describe('the supported Node, one owner', () => {
  it('package.json engines.node is the requirement; devEngines and .nvmrc agree with it', () => {
    expect(supportedNode.REQUIRED_NODE).toBe(packageJson.engines.node);
    expect(packageJson.devEngines.runtime.version).toBe(packageJson.engines.node);
    const nvmrc = fs.readFileSync(path.join(REPO_ROOT, '.nvmrc'), 'utf8').trim();
    expect(supportedNode.isSupportedNode(nvmrc)).toBe(true);
    expect(supportedNode.isSupportedNode(process.versions.node)).toBe(true);
  });

  it('compares versions by number, not as text', () => {
    expect(supportedNode.isSupportedNode('24.11.0', '>=24.11')).toBe(true);
    expect(supportedNode.isSupportedNode('v24.9.5', '>=24.11')).toBe(false);
    expect(supportedNode.isSupportedNode('24.100.0', '>=24.11')).toBe(true);
    expect(supportedNode.isSupportedNode('25.0.0', '>=24.11')).toBe(true);
    expect(supportedNode.isSupportedNode('20.20.2', '>=24.11')).toBe(false);
    expect(() => supportedNode.isSupportedNode('24.11.0', '^24.11')).toThrow(/engines\.node must read/);
  });

  it('the gate passes silently on this Node, and every npm script that runs our code starts with it', () => {
    expect(execFileSync(process.execPath, ['src-shared/node/supportedNode.cjs'], { cwd: REPO_ROOT, encoding: 'utf8' })).toBe('');
    // Entry points that check by themselves, and scripts that only run tools (no native module of ours).
    const selfChecking = { web: 'node scripts/web.mjs', serve: 'node dist/mcp/server.js' };
    const toolsOnly = ['postinstall', 'typecheck', 'lint'];
    for (const [name, command] of Object.entries(packageJson.scripts)) {
      if (toolsOnly.includes(name)) continue;
      if (name in selfChecking) expect(command, name).toBe(selfChecking[name as keyof typeof selfChecking]);
      // Either the gate itself, or a build (which starts with it) first.
      else expect(command.startsWith(`${GATE} && `) || /^npm run build(:node)? && /.test(command), `${name}: ${command}`).toBe(true);
    }
    expect(packageJson.scripts.build?.startsWith(`${GATE} && `)).toBe(true);
    expect(packageJson.scripts['build:node']?.startsWith(`${GATE} && `)).toBe(true);
  });
});

const unsupported = findUnsupportedNode();

describe.skipIf(unsupported === undefined)(`on an unsupported Node (${unsupported ? `${unsupported.path}, ${unsupported.version}` : 'skipped: no Node other than a supported one on this machine'})`, () => {
  const old = unsupported as { path: string; version: string };
  const refusal = (program: string) =>
    new RegExp(
      `^Co-Scientist: ${program.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} needs Node\\.js ${packageJson.engines.node} \\(Node 24 LTS\\); this is Node ${old.version.replace(/\./g, '\\.')} \\(${old.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)\\.\\n` +
        '.*`nvm install && nvm use`.*\\n.*\\.nvmrc',
    );
  /** Runs `args` on the old Node with a PATH that finds it first, in a home of its own. */
  function onOldNode(args: string[], extraEnv: Record<string, string> = {}) {
    const home = makeTempDir('cosci-old-node-');
    const env = { HOME: home, PATH: [path.dirname(old.path), '/usr/bin', '/bin'].join(path.delimiter), LANG: 'C.UTF-8', ...extraEnv };
    const result = spawnSync(old.path, args, { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 60_000, input: '' });
    return { home, code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  }

  it.each([
    [['bin/co-scientist.js', 'doctor'], 'co-scientist doctor'],
    [['bin/co-scientist.js', 'status'], 'co-scientist status'],
    [['bin/co-scientist.js'], 'co-scientist'],
    [['dist/mcp/cli.js', 'doctor'], 'co-scientist doctor'],
    [['dist/mcp/server.js', '--client', 'cursor'], 'the Co-Scientist server'],
    [['dist/main/web.js', '--port', '0'], 'the Co-Scientist web host'],
    [['scripts/web.mjs', '--no-build', '--port', '0'], 'npm run web'],
  ])('node %j exits 1, says which Node it needs and how to get it, and creates no data folder', (args, program) => {
    const run = onOldNode(args);
    expect({ code: run.code, signal: run.signal, stdout: run.stdout }).toEqual({ code: 1, signal: null, stdout: '' });
    expect(run.stderr).toMatch(refusal(program));
    expect(fs.readdirSync(run.home)).toEqual([]);
  });

  it('register cursor writes nothing into Cursor\'s settings', () => {
    const run = onOldNode(['bin/co-scientist.js', 'register', 'cursor']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(refusal('co-scientist register'));
    expect(fs.existsSync(path.join(run.home, '.cursor', 'mcp.json'))).toBe(false);
    expect(fs.readdirSync(run.home)).toEqual([]);
  });

  // npm 11 refuses by itself (package.json devEngines); --force turns that into a warning, which
  // is where older npms, which know no devEngines, start: the script's own first step refuses.
  const npm = npmCli();
  it.skipIf(npm === undefined).each(['start', 'web', 'test', 'serve', 'build', 'test:unit'])('npm run %s --force exits non-zero with the same message', (script) => {
    const run = onOldNode([npm as string, 'run', script, '--force']);
    expect(run.code).not.toBe(0);
    expect(run.signal).toBeNull();
    const program = script === 'start' || script === 'test' ? `npm ${script}` : script === 'serve' ? 'the Co-Scientist server' : `npm run ${script}`;
    expect(run.stderr.replace(/^npm (warn|error).*\n/gm, '')).toMatch(refusal(program));
  });
});
