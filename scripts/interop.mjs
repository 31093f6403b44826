// Interop with the real assistants (`npm run test:interop`; .ci/run calls it): installs the latest
// Claude Code, Gemini CLI and Codex CLI from npm into .cache/assistants (not the app's
// dependencies; re-used while they are still the latest), then in a throwaway HOME that already
// holds other servers: registers Co-Scientist through our own CLI, asks each assistant's own
// `mcp list` whether it sees (and, where it checks, reaches) our server, starts the server from
// each registered entry with the MCP SDK v1 client most assistants embed and checks that it opens
// the app's database (the app's project id must be listed), then unregisters and checks that only
// our entry went. The assistants' CLIs run without API keys, with their update checks and
// telemetry switched off, and (where strace exists) under a trace that fails the run if they
// open a network connection. Unreachable npm: reported as SKIPPED with the reason (exit 0, or 1
// with COSCI_INTEROP_REQUIRED=1); never a silent pass.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseToml } from '@decimalturn/toml-patch';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, '.cache', 'assistants');
const BIN = path.join(CACHE, 'node_modules', '.bin');
const REPORT = path.join(ROOT, '.cache', 'test-reports', 'interop.json');
const PACKAGES = { claude: '@anthropic-ai/claude-code', gemini: '@google/gemini-cli', codex: '@openai/codex' };

/** Update checks, telemetry and error reporting off, where the assistant has a switch for it. */
const QUIET = {
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  NO_UPDATE_NOTIFIER: '1',
};

const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok, detail });
  process.stdout.write(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}\n`);
};

function finish(status, extra = {}) {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, `${JSON.stringify({ status, at: new Date().toISOString(), ...extra, checks: results }, null, 2)}\n`);
  if (status === 'skipped') {
    process.stdout.write(`interop: SKIPPED — ${extra.reason}\n`);
    process.exit(process.env.COSCI_INTEROP_REQUIRED === '1' ? 1 : 0);
  }
  const failed = results.filter((r) => !r.ok).length;
  process.stdout.write(`interop: ${failed === 0 ? 'PASSED' : 'FAILED'} — ${results.length - failed}/${results.length} checks\n`);
  process.exit(failed === 0 ? 0 : 1);
}

/** npm's own reason, e.g. "npm error code ECONNREFUSED …", without the pointer to its log file. */
function npmReason(e) {
  const lines = String(e.stderr || e.message).trim().split('\n').filter((l) => l.trim() !== '' && !/complete log of this run/.test(l));
  return lines.filter((l) => /^npm error/.test(l)).slice(0, 2).join('; ') || lines.pop() || 'unknown error';
}

function npm(args, options = {}) {
  return execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000, ...options });
}

/** The latest versions, or the reason npm could not tell. */
function latestVersions() {
  const versions = {};
  for (const [cli, pkg] of Object.entries(PACKAGES)) {
    try {
      versions[cli] = npm(['view', pkg, 'version'], { timeout: 60_000 }).trim();
    } catch (e) {
      return { reason: `npm could not reach the registry for ${pkg}: ${npmReason(e)}` };
    }
  }
  return { versions };
}

function installedVersion(pkg) {
  try {
    return JSON.parse(fs.readFileSync(path.join(CACHE, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function ensureInstalled(versions) {
  const stale = Object.entries(PACKAGES).filter(([cli, pkg]) => installedVersion(pkg) !== versions[cli]);
  if (stale.length === 0) return 'reused';
  fs.mkdirSync(CACHE, { recursive: true });
  const specs = Object.entries(PACKAGES).map(([cli, pkg]) => `${pkg}@${versions[cli]}`);
  npm(['install', '--prefix', CACHE, '--no-audit', '--no-fund', '--no-save', '--no-package-lock', ...specs]);
  return 'installed';
}

/** Runs a program; with strace available, also reports every network connection it opened. */
function run(command, args, { env, cwd, traced = false }) {
  const trace = traced && hasStrace() ? path.join(os.tmpdir(), `cosci-interop-${process.pid}-${Date.now()}.trace`) : undefined;
  const [file, argv] = trace ? ['strace', ['-f', '-qq', '-e', 'trace=connect', '-o', trace, command, ...args]] : [command, args];
  const r = spawnSync(file, argv, { env, cwd, encoding: 'utf8', timeout: 180_000 });
  let network = [];
  if (trace) {
    network = fs.readFileSync(trace, 'utf8').split('\n').filter((l) => /AF_INET6?/.test(l) && !/127\.0\.0\.1|::1|inet_addr\("0\.0\.0\.0"\)/.test(l));
    fs.rmSync(trace, { force: true });
  }
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: r.error?.message, network };
}

let straceFound;
function hasStrace() {
  straceFound ??= spawnSync('strace', ['-V'], { stdio: 'ignore' }).status === 0;
  return straceFound;
}

/**
 * The app's side: one project created in `dataDir` by a server started on that folder directly. It
 * runs as an assistant client: the desktop role needs the key only the app hands its own server.
 */
async function appProject(env, dataDir) {
  const { Client } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const client = new Client({ name: 'interop-app', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(ROOT, 'dist/mcp/server.js'), '--client', 'interop-setup', '--data-dir', dataDir], env, stderr: 'ignore' }));
  try {
    const result = await client.callTool({ name: 'start_research', arguments: { goal: 'Interop check: find drug targets for liver fibrosis' } });
    return result.structuredContent?.research_id;
  } finally {
    await client.close();
  }
}

/** Starts a registered entry as an assistant does (SDK v1 client, its default environment plus the entry's env) and lists projects. */
async function projectsSeenBy(entry, env) {
  const transport = new StdioV1({ command: entry.command, args: entry.args ?? [], env: { ...env, ...(entry.env ?? {}) }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (c) => (stderr += c.toString('utf8')));
  const client = new ClientV1({ name: 'interop-assistant', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'list_research_projects', arguments: {} });
    return { ids: (result.structuredContent?.projects ?? []).map((p) => p.id), stderr };
  } finally {
    await client.close();
  }
}

/** The other servers a scientist already has, written the way each assistant writes its file. */
function seedHome(home, project) {
  const notes = { type: 'stdio', command: '/usr/local/bin/notes-mcp', args: ['--stdio'], env: { NOTES_DIR: '/srv/notes' } };
  const claude = `${JSON.stringify({ numStartups: 7, mcpServers: { notes } }, null, 2)}\n`;
  fs.writeFileSync(path.join(home, '.claude.json'), claude);
  const gemini = {
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    mcpServers: { notes: { command: '/usr/local/bin/notes-mcp', args: ['--stdio'] } },
  };
  fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
  fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), `${JSON.stringify(gemini, null, 2)}\n`);
  // Gemini CLI ignores every MCP server in a folder it was not told to trust.
  fs.writeFileSync(path.join(home, '.gemini', 'trustedFolders.json'), `${JSON.stringify({ [project]: 'TRUST_FOLDER' }, null, 2)}\n`);
  fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
  fs.writeFileSync(path.join(home, '.codex', 'config.toml'), '# mine\ncheck_for_update_on_startup = false\n\n[mcp_servers.notes]\ncommand = "/usr/local/bin/notes-mcp"\nargs = ["--stdio"]\n');
  return { notes, originals: Object.fromEntries(['.claude.json', '.gemini/settings.json', '.codex/config.toml'].map((f) => [f, fs.readFileSync(path.join(home, f), 'utf8')])) };
}

function registeredEntries(home) {
  const claude = JSON.parse(fs.readFileSync(path.join(home, '.claude.json'), 'utf8')).mcpServers?.['co-scientist'];
  const gemini = JSON.parse(fs.readFileSync(path.join(home, '.gemini', 'settings.json'), 'utf8')).mcpServers?.['co-scientist'];
  const codex = parseToml(fs.readFileSync(path.join(home, '.codex', 'config.toml'), 'utf8')).mcp_servers?.['co-scientist'];
  return { 'claude-code': claude, 'gemini-cli': gemini, codex };
}

async function main() {
  const latest = latestVersions();
  if (!latest.versions) finish('skipped', { reason: latest.reason });
  const { versions } = latest;
  let how;
  try {
    how = ensureInstalled(versions);
  } catch (e) {
    finish('skipped', { reason: `npm could not install the assistants: ${npmReason(e)}` });
  }
  process.stdout.write(`interop: Claude Code ${versions.claude}, Gemini CLI ${versions.gemini}, Codex ${versions.codex} (${how} in ${path.relative(ROOT, CACHE)})\n`);

  const build = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  check('`npm run build` (README) exits 0 and writes both CLIs', build.status === 0 && fs.existsSync(path.join(ROOT, 'dist/main/registration-cli.js')) && fs.existsSync(path.join(ROOT, 'dist/mcp/server.js')), build.status === 0 ? '' : build.stderr.slice(-500));

  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cosci-interop-home-'));
  try {
    const project = path.join(home, 'project');
    fs.mkdirSync(project);
    const dataDir = path.join(home, 'lab data'); // not the default: the registered command must name it
    const env = { HOME: home, PATH: [BIN, path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter), LANG: 'C.UTF-8', ...QUIET };
    const { notes, originals } = seedHome(home, project);

    const projectId = await appProject(env, dataDir);
    check('the app creates a project in its data folder', typeof projectId === 'string', String(projectId));

    const cosci = (...args) => run(process.execPath, [path.join(ROOT, 'bin/co-scientist.js'), ...args], { env, cwd: project });
    for (const client of ['claude-code', 'gemini-cli', 'codex']) {
      const r = cosci('register', client, '--data-dir', dataDir);
      const said = `${r.stdout}\n${r.stderr}`.split('\n').find((l) => /Test launch:|Could not/.test(l))?.trim();
      check(`register ${client} --data-dir: exit 0, test launch ok`, r.code === 0 && /Test launch: {2}ok/.test(r.stdout), said);
    }
    const entries = registeredEntries(home);
    for (const [client, entry] of Object.entries(entries)) {
      check(`${client}'s entry names the data folder`, Array.isArray(entry?.args) && entry.args.join('\0').includes(`--data-dir\0${dataDir}\0--client\0${client}`), JSON.stringify(entry?.args));
    }

    const assistant = (cli, ...args) => run(path.join(BIN, cli), args, { env, cwd: project, traced: true });
    const offline = (name, r) => check(`${name}: no network connection`, r.network.length === 0, hasStrace() ? r.network.slice(0, 2).join(' ') : 'not verified: strace not found');

    const claudeList = assistant('claude', 'mcp', 'list');
    check('claude mcp list: co-scientist ✔ Connected', /^co-scientist: .* - ✔ Connected$/m.test(claudeList.stdout), claudeList.stdout.trim().split('\n').find((l) => l.startsWith('co-scientist')));
    offline('claude mcp list', claudeList);
    const claudeAfter = JSON.parse(fs.readFileSync(path.join(home, '.claude.json'), 'utf8'));
    // Claude Code rewrites the whole file (JSON.stringify, 2 spaces) and adds keys of its own; the other server's text must still be the same bytes.
    const notesText = `"notes": ${JSON.stringify(notes, null, 2).split('\n').join('\n    ')}`;
    check(
      '~/.claude.json: the other server is byte-for-byte untouched',
      originals['.claude.json'].includes(notesText) && fs.readFileSync(path.join(home, '.claude.json'), 'utf8').includes(notesText) && JSON.stringify(claudeAfter.mcpServers.notes) === JSON.stringify(notes),
    );

    const geminiList = assistant('gemini', 'mcp', 'list');
    check('gemini mcp list: co-scientist Connected', /✓ co-scientist: .* - Connected/.test(geminiList.stdout + geminiList.stderr), (geminiList.stdout + geminiList.stderr).trim().split('\n').find((l) => l.includes('co-scientist')));
    offline('gemini mcp list', geminiList);

    const codexList = assistant('codex', 'mcp', 'list', '--json');
    let codexServers = [];
    try {
      codexServers = JSON.parse(codexList.stdout);
    } catch {
      // reported below
    }
    const ours = codexServers.find((s) => s.name === 'co-scientist');
    check('codex mcp list: co-scientist listed and enabled', ours?.enabled === true && ours.transport?.command === entries.codex?.command, ours ? '' : codexList.stdout.slice(0, 300));
    offline('codex mcp list', codexList);

    for (const [client, entry] of Object.entries(entries)) {
      try {
        const seen = await projectsSeenBy(entry, { HOME: home, PATH: env.PATH });
        check(`${client}'s registered command opens the app's database (SDK v1 client)`, seen.ids.includes(projectId), `projects: ${seen.ids.join(', ') || 'none'}`);
      } catch (e) {
        check(`${client}'s registered command opens the app's database (SDK v1 client)`, false, e.message);
      }
    }

    const removed = cosci('unregister', 'all', '--data-dir', dataDir);
    const removals = (removed.stdout.match(/Removed Co-Scientist's entry/g) ?? []).length;
    check('unregister all: exit 0, three entries removed', removed.code === 0 && removals === 3, `${removals} removed${removed.stderr ? `; ${removed.stderr.trim()}` : ''}`);
    check('~/.gemini/settings.json is byte-for-byte what it was', fs.readFileSync(path.join(home, '.gemini/settings.json'), 'utf8') === originals['.gemini/settings.json']);
    check('~/.codex/config.toml is byte-for-byte what it was', fs.readFileSync(path.join(home, '.codex/config.toml'), 'utf8') === originals['.codex/config.toml']);
    const claudeEnd = assistant('claude', 'mcp', 'list');
    check('claude mcp list after unregister: only the other server', !/^co-scientist:/m.test(claudeEnd.stdout) && /^notes:/m.test(claudeEnd.stdout));
    const finalClaude = JSON.parse(fs.readFileSync(path.join(home, '.claude.json'), 'utf8'));
    check('~/.claude.json after unregister: the other server untouched, ours gone', JSON.stringify(finalClaude.mcpServers) === JSON.stringify({ notes }));

    await labServerChecks({ dataDir, env, cosci, assistant });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  finish(results.every((r) => r.ok) ? 'passed' : 'failed', { versions, strace: hasStrace() });
}

/**
 * A lab server in token mode (`serve --http`, issue 31): `register <client> --server URL --token-env
 * VAR` for each assistant, which must then list it and, where its list connects, reach it with the
 * token read from VAR. The assistants' own OAuth sign-in (a lab with --issuer) opens a browser and
 * cannot run here: only token mode is checked.
 */
async function labServerChecks({ dataDir, env, cosci, assistant }) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/co-scientist.js'), 'serve', '--http', '--port', '0', '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const printed = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`serve --http printed no token in 30 s: ${out}`)), 30_000);
      child.stdout.on('data', (chunk) => {
        out += chunk.toString('utf8');
        if (/^Bearer token: \S+$/m.test(out)) {
          clearTimeout(timer);
          resolve(out);
        }
      });
      child.once('exit', (code) => reject(new Error(`serve --http exited with ${code}`)));
    });
    const url = /listening on (\S+)/.exec(printed)?.[1];
    // The assistants read the token from their environment (the last checks of the run: nothing after needs it unset).
    env.COSCI_LAB_TOKEN = /^Bearer token: (\S+)$/m.exec(printed)?.[1];
    for (const client of ['claude-code', 'gemini-cli', 'codex']) {
      const r = cosci('register', client, '--server', url, '--token-env', 'COSCI_LAB_TOKEN');
      check(`register ${client} --server --token-env: exit 0`, r.code === 0, r.stderr.trim().split('\n').at(-1));
    }
    const claude = assistant('claude', 'mcp', 'list');
    check('claude mcp list: the lab server ✔ Connected with the token from COSCI_LAB_TOKEN', new RegExp(`^co-scientist: ${url} \\(HTTP\\) - ✔ Connected$`, 'm').test(claude.stdout), claude.stdout.trim().split('\n').find((l) => l.startsWith('co-scientist')));
    const gemini = assistant('gemini', 'mcp', 'list');
    check('gemini mcp list: the lab server Connected with the token from COSCI_LAB_TOKEN', /co-scientist: .*\(http\) - Connected/.test(gemini.stdout + gemini.stderr), (gemini.stdout + gemini.stderr).trim().split('\n').find((l) => l.includes('co-scientist')));
    const codex = assistant('codex', 'mcp', 'list');
    // Codex's list does not connect; it shows how it will authenticate.
    check('codex mcp list: the lab server with its bearer token from COSCI_LAB_TOKEN', /^co-scientist\s+\S+\s+COSCI_LAB_TOKEN\s+enabled\s+Bearer token/m.test(codex.stdout), codex.stdout.trim().split('\n').find((l) => l.startsWith('co-scientist')));
    const removed = cosci('unregister', 'all');
    check('unregister all after the lab entries: exit 0', removed.code === 0, removed.stderr.trim());
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((e) => {
  check('interop run', false, e.stack ?? String(e));
  finish('failed');
});
