import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../../src-shared/node/dataDir.js';
import { locateApp, runRegistrationCli } from '../../../src-main/host/registration/cli.js';
import { claudeConfigPath, readJson, tempDir, writeConfig, writeExecutable } from '../../unit/src-main/host/registration/helpers.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/[\\/]$/, '');
const SERVER_ENTRY = path.join(REPO_ROOT, 'dist', 'mcp', 'server.js');

async function cli(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runRegistrationCli(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env,
  });
  return { code, stdout, stderr };
}

function home() {
  const dir = tempDir('cosci cli home ');
  return { dir, dataDir: path.join(dir, 'data'), file: claudeConfigPath(dir, 'linux') };
}

describe('co-scientist register|unregister|status claude-desktop', () => {
  it('register → status → register again → unregister, on a fixture home', async () => {
    const h = home();
    const common = ['--home', h.dir, '--platform', 'linux', '--data-dir', h.dataDir];

    const registered = await cli(['register', 'claude-desktop', ...common]);
    expect(registered.code).toBe(0);
    expect(registered.stdout).toContain(`Created ${h.file} with Co-Scientist in it.`);
    expect(registered.stdout).toContain(`--client claude-desktop`);
    expect(registered.stdout).toMatch(/Next: Quit Claude Desktop completely/);
    expect(readJson(h.file)).toEqual({
      mcpServers: { 'co-scientist': { command: process.execPath, args: [SERVER_ENTRY, '--data-dir', h.dataDir, '--client', 'claude-desktop'] } },
    });
    expect(fs.existsSync(path.join(h.dataDir, 'registrations.json'))).toBe(true);

    const status = await cli(['status', ...common]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`Settings file: ${h.file}`);
    expect(status.stdout).toMatch(/Installed: +no \(its app or command was not found\)/);
    expect(status.stdout).toMatch(/Registered: +yes, up to date/);

    const again = await cli(['register', 'claude-desktop', ...common]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already registered');

    const removed = await cli(['unregister', 'claude-desktop', ...common]);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`Removed Co-Scientist's entry from ${h.file}.`);
    expect(readJson(h.file)).toEqual({ mcpServers: {} });
    expect((await cli(['status', 'claude-desktop', ...common])).stdout).toMatch(/Registered: +no/);
  });

  it('an entry changed by hand: exit 1 with the diff and a hint to use --yes; --yes replaces it', async () => {
    const h = home();
    const common = ['--home', h.dir, '--platform', 'linux', '--data-dir', h.dataDir];
    const handMade = JSON.stringify({ mcpServers: { 'co-scientist': { command: '/opt/node/bin/node', args: ['/src/server.js'] } } }, null, 2);
    writeConfig(h.file, handMade);

    const refused = await cli(['register', 'claude-desktop', ...common]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('changed outside Co-Scientist');
    expect(refused.stderr).toContain('-   "command": "/opt/node/bin/node",\n    +   "command": ');
    expect(refused.stderr).toContain(`+   "command": ${JSON.stringify(process.execPath)},`);
    expect(refused.stderr).toContain('Re-run with --yes');
    expect(fs.readFileSync(h.file, 'utf8')).toBe(handMade);

    const confirmed = await cli(['register', 'claude-desktop', ...common, '--yes']);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain(`Updated Co-Scientist's entry in ${h.file}.`);
    expect(confirmed.stdout).toMatch(/Backup of the previous file: .*\.bak-\d{8}T\d{6}Z/);
  });

  it('an unparseable file: exit 1, message names the file and position on stderr', async () => {
    const h = home();
    writeConfig(h.file, '{\n  "mcpServers": {},\n}\n');
    const out = await cli(['register', 'claude-desktop', '--home', h.dir, '--platform', 'linux', '--data-dir', h.dataDir]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(h.file);
    expect(out.stderr).toContain('line 3, column 1');
    expect(fs.readFileSync(h.file, 'utf8')).toBe('{\n  "mcpServers": {},\n}\n');
  });

  it('--home ignores variables that point outside it; the data dir then follows this machine under that home', async () => {
    const h = home();
    const elsewhere = tempDir('cosci-elsewhere-');
    const out = await cli(['register', 'claude-desktop', '--home', h.dir, '--platform', 'linux'], {
      XDG_CONFIG_HOME: elsewhere,
      XDG_DATA_HOME: elsewhere,
    });
    expect(out.code).toBe(0);
    expect(fs.existsSync(h.file)).toBe(true);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    const dataDir = resolveDataDir({ home: h.dir, platform: process.platform, env: {} });
    expect(fs.existsSync(path.join(dataDir, 'registrations.json'))).toBe(true);
  });

  it('COSCI_DATA_DIR is honoured when --data-dir is absent', async () => {
    const h = home();
    const out = await cli(['register', 'claude-desktop', '--home', h.dir, '--platform', 'linux'], { COSCI_DATA_DIR: h.dataDir });
    expect(out.code).toBe(0);
    expect(fs.existsSync(path.join(h.dataDir, 'registrations.json'))).toBe(true);
  });

  it('--platform win32 uses the Windows layout under the fixture home', async () => {
    const h = home();
    const out = await cli(['register', 'claude-desktop', '--home', h.dir, '--platform', 'win32', '--data-dir', h.dataDir]);
    expect(out.code).toBe(0);
    expect(fs.existsSync(claudeConfigPath(h.dir, 'win32'))).toBe(true);
  });

  it.each([
    [[]],
    [['launch', 'claude-desktop']],
    [['register']],
    [['register', 'chatgpt']],
    [['register', 'claude-desktop', 'extra']],
    [['register', 'claude-desktop', '--platform', 'plan9']],
    [['register', 'claude-desktop', '--colour']],
  ])('usage error %j: exit 2 with usage on stderr, nothing written', async (argv) => {
    const out = await cli(argv);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('Usage: co-scientist <command>');
    expect(out.stdout).toBe('');
  });

  it('--help prints usage to stdout', async () => {
    const out = await cli(['--help']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('register <client|all>');
    expect(out.stdout).toContain('claude-desktop, claude-code, cursor, vscode, vscode-insiders, vscodium, windsurf, zed, gemini-cli, codex, lm-studio, cline, continue, goose');
  });
});

describe('a registration made with --data-dir', () => {
  const windsurfFile = (home: string) => path.join(home, '.codeium', 'windsurf', 'mcp_config.json');
  const ledger = (dataDir: string) => readJson(path.join(dataDir, 'registrations.json')) as { registrations: Array<{ client: string }> };

  it('stays ours afterwards: status is up to date and names its folder, register keeps it, unregister all removes it', async () => {
    const h = home();
    const chosen = path.join(h.dir, 'chosen data');
    const common = ['--home', h.dir, '--platform', 'linux'];
    expect((await cli(['register', 'windsurf', ...common, '--data-dir', chosen])).code).toBe(0);
    const entry = { command: process.execPath, args: [SERVER_ENTRY, '--data-dir', chosen, '--client', 'windsurf'] };
    expect(readJson(windsurfFile(h.dir))).toEqual({ mcpServers: { 'co-scientist': entry } });

    const status = await cli(['status', 'windsurf', ...common]);
    expect(status.stdout).toMatch(/Registered: +yes, up to date\n/);
    expect(status.stdout).toContain(`  Data folder:   ${chosen}\n`);

    const again = await cli(['register', 'windsurf', ...common]);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain('already registered');
    expect(again.stdout).toContain(`  Data folder:  ${chosen}\n`);
    expect(readJson(windsurfFile(h.dir))).toEqual({ mcpServers: { 'co-scientist': entry } });

    const removed = await cli(['unregister', 'all', ...common]);
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toContain(`Removed Co-Scientist's entry from ${windsurfFile(h.dir)}.`);
    expect(ledger(chosen).registrations).toEqual([]);
  });

  it('unregister windsurf --yes forgets it in the ledger of the folder it opened', async () => {
    const h = home();
    const chosen = path.join(h.dir, 'chosen data');
    const common = ['--home', h.dir, '--platform', 'linux'];
    expect((await cli(['register', 'windsurf', ...common, '--data-dir', chosen])).code).toBe(0);
    expect(ledger(chosen).registrations.map((r) => r.client)).toEqual(['windsurf']);
    const removed = await cli(['unregister', 'windsurf', '--yes', ...common]);
    expect(removed.code).toBe(0);
    expect(ledger(chosen).registrations).toEqual([]);
  });

  it('with another folder chosen, status says whose it is and register moves it there, forgetting the old folder', async () => {
    const h = home();
    const first = path.join(h.dir, 'first');
    const second = path.join(h.dir, 'second');
    const common = ['--home', h.dir, '--platform', 'linux'];
    expect((await cli(['register', 'windsurf', ...common, '--data-dir', first])).code).toBe(0);
    const status = await cli(['status', 'windsurf', ...common, '--data-dir', second]);
    expect(status.stdout).not.toContain('changed by hand');
    expect(status.stdout).toContain(`  Data folder:   ${first}\n`);
    const moved = await cli(['register', 'windsurf', ...common, '--data-dir', second]);
    expect(moved).toMatchObject({ code: 0, stderr: '' });
    expect(moved.stdout).toContain("Updated Co-Scientist's entry");
    expect(ledger(first).registrations).toEqual([]);
    expect(ledger(second).registrations.map((r) => r.client)).toEqual(['windsurf']);
  });
});

describe('status hints', () => {
  it('name the command as it runs from this checkout, not a co-scientist that is not on PATH', async () => {
    const h = home();
    writeConfig(h.file, JSON.stringify({ mcpServers: { 'co-scientist': { command: '/opt/node/bin/node', args: ['/src/server.js'] } } }));
    const status = await cli(['status', 'claude-desktop', '--home', h.dir, '--platform', 'linux', '--data-dir', h.dataDir]);
    expect(process.cwd()).toBe(REPO_ROOT);
    expect(status.stdout).toContain('changed by hand (node bin/co-scientist.js register claude-desktop shows the difference)');
  });
});

describe('register when the test launch fails', () => {
  it('writes nothing, exits 1 and says why: no assistant gets a command that cannot start', async () => {
    const h = home();
    const notAFolder = path.join(h.dir, 'a file');
    fs.mkdirSync(h.dir, { recursive: true });
    fs.writeFileSync(notAFolder, 'not a folder');
    const out = await cli(['register', 'claude-desktop', '--home', h.dir, '--platform', 'linux', '--data-dir', notAFolder]);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(`Claude Desktop: not registered: the test launch of its command failed, so nothing was written to ${h.file}.`);
    expect(out.stderr).toMatch(/Test launch: {2}FAILED/);
    expect(fs.existsSync(h.file)).toBe(false);
    expect((await cli(['status', 'claude-desktop', '--home', h.dir, '--platform', 'linux'])).stdout).toMatch(/Registered: +no/);
  });
});

describe('co-scientist register|unregister|status all', () => {
  const posixOnly = it.skipIf(process.platform === 'win32');

  it('status (no client) covers every known assistant', async () => {
    const h = home();
    const out = await cli(['status', '--home', h.dir, '--platform', 'darwin', '--data-dir', h.dataDir]);
    expect(out.code).toBe(0);
    for (const name of ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code', 'VS Code Insiders', 'VSCodium', 'Windsurf', 'Zed', 'Gemini CLI', 'Codex', 'LM Studio', 'Cline (VS Code)', 'Continue', 'Goose']) {
      expect(out.stdout).toContain(`${name}\n  Settings file:`);
    }
  });

  posixOnly('register all: only assistants found on this computer, each test-launched; unregister all: only where registered', async () => {
    const h = home();
    const bin = tempDir('cosci cli bin ');
    for (const tool of ['codex', 'gemini']) writeExecutable(path.join(bin, tool));
    const common = ['--home', h.dir, '--platform', 'linux', '--data-dir', h.dataDir];
    const env = { PATH: bin };

    const registered = await cli(['register', 'all', ...common], env);
    expect(registered.stderr).toBe('');
    expect(registered.code).toBe(0);
    expect(registered.stdout).toContain(`Codex: Created ${path.join(h.dir, '.codex', 'config.toml')} with Co-Scientist in it.`);
    expect(registered.stdout).toContain(`Gemini CLI: Created ${path.join(h.dir, '.gemini', 'settings.json')} with Co-Scientist in it.`);
    expect(registered.stdout).not.toContain('Claude Desktop');
    expect(registered.stdout.match(/Test launch: {2}ok, .* answered the MCP handshake in \d+ ms\./g)).toHaveLength(2);
    expect(fs.existsSync(h.file)).toBe(false);

    const removed = await cli(['unregister', 'all', ...common], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout.match(/Removed Co-Scientist's entry/g)).toHaveLength(2);
    expect((await cli(['unregister', 'all', ...common], env)).stdout).toBe('Co-Scientist is not registered with any assistant.\n');
  });

  it('register all with nothing installed says so and writes nothing', async () => {
    const h = home();
    const out = await cli(['register', 'all', '--home', h.dir, '--platform', 'win32', '--data-dir', h.dataDir], { PATH: tempDir() });
    expect(out).toMatchObject({ code: 0, stdout: 'No assistant was found on this computer.\n' });
    expect(fs.readdirSync(h.dir)).toEqual([]);
  });

  it('--home also ignores CODEX_HOME, CLAUDE_CONFIG_DIR and CONTINUE_GLOBAL_DIR', async () => {
    const h = home();
    const elsewhere = tempDir('cosci-elsewhere-');
    const env = { CODEX_HOME: elsewhere, CLAUDE_CONFIG_DIR: elsewhere, CONTINUE_GLOBAL_DIR: elsewhere };
    for (const client of ['codex', 'claude-code', 'continue']) {
      expect((await cli(['register', client, '--home', h.dir, '--platform', 'linux', '--data-dir', h.dataDir], env)).code).toBe(0);
    }
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

describe('locateApp', () => {
  it('finds the repository from the TS sources and from the bundle location', () => {
    expect(locateApp(path.join(REPO_ROOT, 'src-main', 'host', 'registration', 'cli.ts'))).toEqual({ isPackaged: false, appRoot: REPO_ROOT });
    expect(locateApp(path.join(REPO_ROOT, 'dist', 'main', 'registration-cli.js'))).toEqual({ isPackaged: false, appRoot: REPO_ROOT });
  });

  it('inside app.asar it is the packaged app, rooted at the archive', () => {
    const resources = '/Applications/Co Scientist.app/Contents/Resources';
    expect(locateApp(`${resources}/app.asar/dist/main/registration-cli.js`)).toEqual({ isPackaged: true, appRoot: `${resources}/app.asar` });
  });
});
