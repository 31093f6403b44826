// Every command README.md shows for the command line, run exactly as typed in a child process
// (`node` is this Node), in a throwaway HOME: its exit code and its effect on disk. A command that
// prints nothing, or changes nothing it promises to, fails. The README's lines are read from the
// file itself, so a command added there without a case here fails too. (`npm run build` is the
// first step of `npm test` and of scripts/interop.mjs, which run it as typed.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { REPO_ROOT, SERVER_ENTRY } from '../support/server.js';
import { makeTempDir } from '../support/tempDirs.js';
import { LATEST_SCHEMA_VERSION } from '../../src-mcp/store/migrations/index.js';
import { closeDatabase, openDatabase } from '../../src-mcp/store/database.js';
import { startResearch } from '../../src-mcp/engine/projects.js';
import { TEST_POSTGRES_URL_ENV } from '../support/postgresCluster.js';
import { postgresUnavailableReason } from '../support/postgresAdmin.js';
import { connectWithToken } from '../support/labServer.js';

const README = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(label: string): string {
  const dir = makeTempDir(`cosci-readme-${label}-`);
  temps.push(dir);
  return dir;
}

/**
 * The command lines of README's ```sh blocks (a `\` continuation joined to its next line) and inline
 * `code` that run our programs, comments stripped: from a checkout (`node bin/co-scientist.js`), or
 * as installed (`co-scientist`, package.json's bin, as *Run a lab server* shows it).
 */
function readmeCommands(): string[] {
  const blockLines = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => (m[1] ?? '').replace(/\s*\\\n\s*/g, ' ').split('\n'));
  const inline = [...README.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  const commands = [...blockLines, ...inline]
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => /^node (bin\/co-scientist\.js|dist\/mcp\/server\.js)\b/.test(line) || /^npm run web\b/.test(line) || /^co-scientist (serve|register)\b/.test(line));
  return [...new Set(commands)];
}

/** A machine with nothing on it: its own HOME, no XDG or Co-Scientist variables, a PATH of our choosing. */
function machine(pathDirs: string[] = []) {
  const home = tempDir('home');
  const env: Record<string, string> = { HOME: home, PATH: [...pathDirs, '/usr/bin', '/bin'].join(path.delimiter), LANG: 'C.UTF-8' };
  return { home, env, dataDir: path.join(home, '.local', 'share', 'co-scientist') };
}

/** Runs a README line as typed: words split on spaces, `node` being this Node, from the repository root. */
function run(line: string, env: NodeJS.ProcessEnv) {
  const [program, ...args] = line.split(/\s+/);
  expect(program).toBe('node');
  const result = spawnSync(process.execPath, args, { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function fakeAssistants(...names: string[]): string {
  const bin = tempDir('bin');
  for (const name of names) fs.writeFileSync(path.join(bin, name), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return bin;
}

const claudeDesktopFile = (home: string) => path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
const serversIn = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { mcpServers?: Record<string, unknown> }).mcpServers ?? {};

const posixOnly = describe.skipIf(process.platform === 'win32');

posixOnly('the README commands, exactly as typed', () => {
  const covered = [
    'node bin/co-scientist.js status',
    'node bin/co-scientist.js register claude-desktop',
    'node bin/co-scientist.js register all',
    'node bin/co-scientist.js unregister all',
    'node dist/mcp/server.js --client <your-client-id> [--data-dir DIR]',
    'node bin/co-scientist.js doctor',
    'node bin/co-scientist.js db migrate',
    'npm run web',
    'npm run web -- --port 8080 --data-dir DIR',
    PROJECT_EXPORT,
    PROJECT_IMPORT,
    // Run a lab server: tested below (`co-scientist serve --http …` and `register … --server`).
    ...LAB_SERVER_COMMANDS,
  ];

  it('README shows exactly the commands tested here', () => {
    expect(readmeCommands().sort()).toEqual([...covered].sort());
  });

  it('status, register claude-desktop, register all, unregister all: each exits 0, says what it did, and did it', () => {
    const bin = fakeAssistants('gemini', 'codex');
    const m = machine([bin]);

    const status = run('node bin/co-scientist.js status', m.env);
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(status.stdout).toContain(`Claude Desktop\n  Settings file: ${claudeDesktopFile(m.home)}`);
    expect(status.stdout).toMatch(/Gemini CLI\n {2}Settings file: .*\n {2}Installed: +yes/);
    expect(status.stdout.match(/Registered: +no/g)?.length).toBeGreaterThanOrEqual(14);

    const one = run('node bin/co-scientist.js register claude-desktop', m.env);
    expect(one).toMatchObject({ code: 0, stderr: '' });
    expect(one.stdout).toContain(`Claude Desktop: Created ${claudeDesktopFile(m.home)} with Co-Scientist in it.`);
    expect(one.stdout).toMatch(/Test launch: {2}ok, co-scientist .* answered the MCP handshake/);
    // The default data folder: the short command, which the assistant's copy resolves to the same folder.
    expect(serversIn(claudeDesktopFile(m.home))['co-scientist']).toEqual({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'claude-desktop'] });
    expect(fs.existsSync(path.join(m.dataDir, 'registrations.json'))).toBe(true);

    const all = run('node bin/co-scientist.js register all', m.env);
    expect(all).toMatchObject({ code: 0, stderr: '' });
    expect(all.stdout).toContain(`Gemini CLI: Created ${path.join(m.home, '.gemini', 'settings.json')} with Co-Scientist in it.`);
    expect(all.stdout).toContain(`Codex: Created ${path.join(m.home, '.codex', 'config.toml')} with Co-Scientist in it.`);
    expect(all.stdout).not.toContain('Claude Desktop'); // registered, but not found on this computer
    expect(fs.readFileSync(path.join(m.home, '.codex', 'config.toml'), 'utf8')).toContain('[mcp_servers.co-scientist]');

    const none = run('node bin/co-scientist.js unregister all', m.env);
    expect(none).toMatchObject({ code: 0, stderr: '' });
    expect(none.stdout.match(/Removed Co-Scientist's entry from/g)).toHaveLength(3);
    expect(serversIn(claudeDesktopFile(m.home))).toEqual({});
    expect(serversIn(path.join(m.home, '.gemini', 'settings.json'))).toEqual({});
    expect(fs.readFileSync(path.join(m.home, '.codex', 'config.toml'), 'utf8')).not.toContain('co-scientist');
    expect(run('node bin/co-scientist.js unregister all', m.env)).toMatchObject({ code: 0, stdout: 'Co-Scientist is not registered with any assistant.\n' });
  });

  it('doctor: exits 0 and checks the default data folder under HOME, changing nothing', () => {
    const m = machine();
    const fresh = run('node bin/co-scientist.js doctor', m.env);
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toContain(`data in ${m.dataDir}`);
    expect(fresh.stdout).toContain('no data yet');
    // The hint is a command that runs from here (a checkout), not a `co-scientist` that is not on PATH.
    expect(fresh.stdout).toContain('"node bin/co-scientist.js register claude-desktop"');
    expect(fs.existsSync(m.dataDir)).toBe(false);

    // Once a server has opened the folder, the doctor checks its database.
    spawnSync(process.execPath, [SERVER_ENTRY, '--client', 'readme-test'], { cwd: REPO_ROOT, env: m.env, input: '', timeout: 30_000 });
    const doctor = run('node bin/co-scientist.js doctor', m.env);
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/✓ database schema/);
    // A server that answered no call wrote no audit row, hence no anchor yet: the doctor says its end was not checked, and where the anchor will be.
    expect(doctor.stdout).toContain(`✓ audit log: 0 rows, hash chain intact, its end not checked: no anchor yet at ${path.join(m.dataDir, 'audit-anchor.json')}`);
  });

  it('db migrate: creates the database in the default data folder under HOME at the latest schema, says so, then has nothing to do', () => {
    const m = machine();
    const file = path.join(m.dataDir, 'co-scientist.db');
    const first = run('node bin/co-scientist.js db migrate', m.env);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain(`SQLite ${file}: migrated from schema 0 to ${LATEST_SCHEMA_VERSION}, applying 0001_initial, `);
    expect(fs.existsSync(file)).toBe(true);
    expect(run('node bin/co-scientist.js db migrate', m.env)).toMatchObject({ code: 0, stdout: `SQLite ${file} is at schema ${LATEST_SCHEMA_VERSION} (current): nothing to migrate.\n` });
  });

  it.each([
    ['--client my-client --data-dir DIR', true],
    ['--client my-client', false],
  ])('node dist/mcp/server.js %s: speaks MCP and opens that folder', async (tail, withDir) => {
    const m = machine();
    const dataDir = withDir ? tempDir('data') : m.dataDir;
    const [, ...args] = `node dist/mcp/server.js ${tail.replace('DIR', dataDir)}`.split(' ');
    const transport = new StdioClientTransport({ command: process.execPath, args, cwd: REPO_ROOT, env: m.env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'readme-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('co-scientist');
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      expect(stderr).toContain(`serving client "my-client" on stdio; data in ${dataDir}`);
      expect(fs.existsSync(path.join(dataDir, 'co-scientist.db'))).toBe(true);
    } finally {
      await client.close();
    }
  });
});

posixOnly('register with a data folder of its own', () => {
  it('register gemini-cli --data-dir D writes a command that opens D', () => {
    const m = machine([fakeAssistants('gemini')]);
    const dataDir = tempDir('chosen data');
    const out = spawnSync(process.execPath, ['bin/co-scientist.js', 'register', 'gemini-cli', '--data-dir', dataDir], { cwd: REPO_ROOT, env: m.env, encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/Test launch: {2}ok/);
    expect(out.stdout).toContain(`  Data folder:  ${dataDir}\n`);
    const entry = serversIn(path.join(m.home, '.gemini', 'settings.json'))['co-scientist'];
    expect(entry).toEqual({ command: process.execPath, args: [SERVER_ENTRY, '--data-dir', dataDir, '--client', 'gemini-cli'] });
  });

  it('COSCI_DATA_DIR=D register codex writes a command that opens D', () => {
    const m = machine([fakeAssistants('codex')]);
    const dataDir = tempDir('env data');
    const out = spawnSync(process.execPath, ['bin/co-scientist.js', 'register', 'codex'], { cwd: REPO_ROOT, env: { ...m.env, COSCI_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(fs.readFileSync(path.join(m.home, '.codex', 'config.toml'), 'utf8')).toContain(`"--data-dir", ${JSON.stringify(dataDir)}, "--client", "codex"`);
  });
});

/** A port nothing listens on: the one asked for when it is free, else one the system picks. */
function freePort(wanted: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => {
      const any = net.createServer();
      any.listen(0, '127.0.0.1', () => {
        const { port } = any.address() as net.AddressInfo;
        any.close(() => resolve(port));
      });
    });
    probe.listen(wanted, '127.0.0.1', () => probe.close(() => resolve(wanted)));
  });
}

const npmCli = (() => {
  const found = spawnSync('which', ['npm'], { encoding: 'utf8' }).stdout.trim();
  return found === '' ? undefined : fs.realpathSync(found);
})();

posixOnly('npm run web, as README shows it', () => {
  // As typed, with `--no-build` added: the suite runs on the build it has, and rebuilding dist/ here
  // would race the other test files that run it. DIR is a fresh folder; 8080 is used when free.
  it.skipIf(npmCli === undefined).each([
    ['npm run web', false],
    ['npm run web -- --port 8080 --data-dir DIR', true],
  ])('%s: prints the address, opens the data folder, and a SIGTERM to npm frees the port', async (line, options) => {
    const m = machine([path.dirname(process.execPath)]);
    const dataDir = path.join(tempDir('web data'), 'data');
    const port = options ? await freePort(8080) : 0;
    const [, ...npmArgs] = line.replace('8080', String(port)).split(' ').map((word) => (word === 'DIR' ? dataDir : word));
    const args = npmArgs.includes('--') ? [...npmArgs, '--no-build'] : [...npmArgs, '--', '--no-build'];
    const npm = spawn(process.execPath, [npmCli as string, ...args], { cwd: REPO_ROOT, env: { ...m.env, TMPDIR: tempDir('tmp') }, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    let stderr = '';
    npm.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
    const lines: string[] = [];
    createInterface({ input: npm.stdout }).on('line', (l) => lines.push(l));
    try {
      const address = await vi.waitFor(
        () => {
          const found = lines.find((l) => l.startsWith('Co-Scientist is running at '));
          if (found === undefined) throw new Error(`no address yet; stderr:\n${stderr}`);
          return found;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(address).toMatch(/^Co-Scientist is running at http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+$/);
      const listening = Number(/:(\d+)\//.exec(address)?.[1]);
      if (options) {
        expect(listening).toBe(port);
        expect(fs.existsSync(path.join(dataDir, 'co-scientist.db'))).toBe(true);
      } else {
        expect(fs.existsSync(path.join(m.dataDir, 'co-scientist.db'))).toBe(true);
      }
      npm.kill('SIGTERM');
      await exited;
      await vi.waitFor(async () => expect(await freePort(listening)).toBe(listening), { timeout: 15_000 });
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  });
});

/** The *Run a lab server* commands of README, as the readmeCommands() reader sees them. */
const LAB_SERVER_COMMANDS = [
  'co-scientist serve --http [--host 127.0.0.1] [--port 8787] [--database postgres://…] [--issuer <URL>]... [--resource <public URL of /mcp>] [--data-dir DIR]',
  'co-scientist serve --http --database postgres://<user>@<db-host>:5432/cosci',
  'co-scientist serve --http --host 0.0.0.0 --port 8787 --issuer https://login.lab.example/realms/lab --resource https://cosci.lab.example/mcp',
  'co-scientist serve --http --host 0.0.0.0 --issuer https://sts.windows.net/<tenant-id>/ --resource https://cosci.lab.example/mcp',
  'co-scientist register <client> --server https://cosci.lab.example/mcp',
];
const [SYNOPSIS, ON_POSTGRES, KEYCLOAK, ENTRA, REGISTER_LAB] = LAB_SERVER_COMMANDS as [string, string, string, string, string];

/** The *database* section's project commands. */
const PROJECT_EXPORT = 'node bin/co-scientist.js project export <project id> --out pilot.json';
const PROJECT_IMPORT = 'node bin/co-scientist.js project import pilot.json --database postgres://<user>@<db-host>:5432/cosci';
/** The README's placeholder database, as a line names it. */
const README_DATABASE = 'postgres://<user>@<db-host>:5432/cosci';

/** The test cluster's address in a README database URL (<user>@<db-host>:5432 filled in), naming `database`. */
function clusterUrl(database: string): string {
  const cluster = new URL(process.env[TEST_POSTGRES_URL_ENV] as string);
  return `postgres://${cluster.username}@${cluster.hostname}:${cluster.port}/${database}`;
}

/** A PATH on which `co-scientist` is this checkout's bin (what `npm install -g` / `npm link` puts there) and `node` this Node. */
function installedPath(): string {
  const bin = tempDir('installed');
  fs.symlinkSync(path.join(REPO_ROOT, 'bin', 'co-scientist.js'), path.join(bin, 'co-scientist'));
  return bin;
}

/** A README line for sh: `<tenant-id>` and `<client>` filled in (sh would read `<` as a redirection). */
function typed(line: string, fill: Record<string, string>): string {
  return Object.entries(fill).reduce((text, [placeholder, value]) => text.replaceAll(placeholder, value), line);
}

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function shell(line: string, env: Record<string, string>): Started {
  const child = spawn('/bin/sh', ['-c', `exec ${line}`], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => void (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** A request to 127.0.0.1:port carrying the Host a load balancer in front would forward. */
function request(port: number, options: { path: string; host: string; method?: string; body?: string }): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: { host: options.host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.once('error', reject);
    req.end(options.body);
  });
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'readme', version: '1' } } });

posixOnly('Run a lab server, as README shows it', () => {
  const running: Started[] = [];
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(running.map((server) => server.exited));
  });

  /** Starts a README line; resolves once it printed its last start line. */
  async function start(line: string, env: Record<string, string>): Promise<Started> {
    const server = shell(line, env);
    running.push(server);
    await vi.waitFor(() => {
      if (server.child.exitCode !== null) throw new Error(`exited ${server.child.exitCode}: ${server.stderr()}`);
      if (!/^(Bearer token|Issuers): /m.test(server.stdout())) throw new Error(`not listening yet; stderr:\n${server.stderr()}`);
    }, { timeout: 30_000, interval: 100 });
    return server;
  }

  async function stop(server: Started, port: number): Promise<void> {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await vi.waitFor(async () => expect(await freePort(port)).toBe(port), { timeout: 15_000 });
  }

  it('the synopsis with its options filled in (token mode): prints the URL and a token, answers /healthz and 401 on /mcp without the token, stops on SIGTERM', async () => {
    const m = machine([installedPath(), path.dirname(process.execPath)]);
    const dataDir = tempDir('lab-data');
    const port = await freePort(8787);
    // Every optional part but the issuer ones taken, with its value: --host 127.0.0.1 --port <8787 or a free one> --data-dir DIR.
    const line = SYNOPSIS.replace(/\[--database postgres:\/\/…\] \[--issuer <URL>\]\.\.\. \[--resource <public URL of \/mcp>\] /, '').replace(/\[([^\]]+)\]/g, '$1').replace('8787', String(port)).replace('DIR', dataDir);
    expect(line).toBe(`co-scientist serve --http --host 127.0.0.1 --port ${port} --data-dir ${dataDir}`);
    const server = await start(line, m.env);
    const host = `127.0.0.1:${port}`;
    expect(server.stdout()).toContain(`Co-Scientist lab server listening on http://${host}/mcp\n`);
    expect(server.stdout()).toMatch(/^Bearer token: [A-Za-z0-9_-]{43}$/m);
    expect(server.stderr()).toContain(`data in ${dataDir}`);
    const health = await request(port, { path: '/healthz', host });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    const refused = await request(port, { path: '/mcp', host, method: 'POST', body: INITIALIZE });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(fs.existsSync(path.join(dataDir, 'co-scientist.db'))).toBe(true);
    await stop(server, port);
  }, 60_000);

  it.each([
    ['Keycloak', KEYCLOAK, 'https://login.lab.example/realms/lab'],
    ['Microsoft Entra ID', ENTRA, 'https://sts.windows.net/0a1b2c3d-4e5f-6789-abcd-ef0123456789/'],
  ])('the %s line: listens on every address, names its public resource and issuer, answers /healthz, the metadata and 401 with resource_metadata behind the public Host', async (_label, line, issuer) => {
    const m = machine([installedPath(), path.dirname(process.execPath)]);
    // As typed, on 8787 when it is free (the Entra line's default port too); another free port if not.
    const port = await freePort(8787);
    const portArgument = line.includes('--port 8787') ? line.replace('8787', String(port)) : port === 8787 ? line : `${line} --port ${port}`;
    const server = await start(typed(portArgument, { '<tenant-id>': '0a1b2c3d-4e5f-6789-abcd-ef0123456789' }), m.env);
    expect(server.stdout()).toContain(`Co-Scientist lab server listening on http://0.0.0.0:${port}/mcp\n`);
    expect(server.stdout()).toContain('Public resource (token audience): https://cosci.lab.example/mcp\n');
    expect(server.stdout()).toContain(`Issuers: ${issuer}\n`);
    expect(server.stderr()).toContain(`data in ${m.dataDir}`);
    const publicHost = 'cosci.lab.example';
    expect((await request(port, { path: '/healthz', host: publicHost })).status).toBe(200);
    const metadata = await request(port, { path: '/.well-known/oauth-protected-resource/mcp', host: publicHost });
    expect(metadata.status).toBe(200);
    expect(JSON.parse(metadata.body)).toMatchObject({ resource: 'https://cosci.lab.example/mcp', authorization_servers: [issuer] });
    const refused = await request(port, { path: '/mcp', host: publicHost, method: 'POST', body: INITIALIZE });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer resource_metadata="https://cosci.lab.example/.well-known/oauth-protected-resource/mcp"');
    await stop(server, port);
  }, 60_000);

  const noPostgres = postgresUnavailableReason();
  it.skipIf(noPostgres !== undefined)(`On PostgreSQL, in two commands: createdb as typed, then serve --http --database: a call's project lands in that database, none in the data folder${noPostgres === undefined ? '' : ` (skipped: ${noPostgres})`}`, async () => {
    const cluster = new URL(process.env[TEST_POSTGRES_URL_ENV] as string);
    const admin = { PGHOST: cluster.hostname, PGPORT: cluster.port, PGUSER: cluster.username };
    const m = machine([installedPath(), path.dirname(process.execPath)]);
    const createdb = spawnSync('/bin/sh', ['-c', 'createdb --locale=C.UTF-8 --template=template0 cosci'], { env: { ...m.env, ...admin }, encoding: 'utf8' });
    try {
      expect(createdb.status, createdb.stderr).toBe(0);
      const port = await freePort(8787);
      const server = await start(`${ON_POSTGRES.replace(README_DATABASE, clusterUrl('cosci'))} --port ${port}`, m.env);
      const url = /listening on (\S+)/.exec(server.stdout())?.[1] as string;
      const token = /^Bearer token: (\S+)$/m.exec(server.stdout())?.[1] as string;
      const client = await connectWithToken(url, token, 'modern');
      const started = await client.callTool({ name: 'start_research', arguments: { goal: 'Why do tardigrades survive desiccation so well?' } });
      await client.close();
      const researchId = (started.structuredContent as { research_id: string }).research_id;
      const found = spawnSync('psql', ['-At', '-d', 'cosci', '-c', `SELECT goal FROM projects WHERE id = '${researchId}'`], { env: { ...m.env, ...admin }, encoding: 'utf8' });
      expect(found.stdout).toBe('Why do tardigrades survive desiccation so well?\n');
      expect(fs.existsSync(path.join(m.dataDir, 'co-scientist.db'))).toBe(false);
      await stop(server, port);
    } finally {
      spawnSync('dropdb', ['--if-exists', '--force', 'cosci'], { env: { ...m.env, ...admin } });
    }
  }, 90_000);

  it.skipIf(noPostgres !== undefined)(`project export then project import --database, as typed: the project and its counts arrive in PostgreSQL, verified${noPostgres === undefined ? '' : ` (skipped: ${noPostgres})`}`, async () => {
    const m = machine();
    const started = run('node bin/co-scientist.js db migrate', m.env);
    expect(started.code).toBe(0);
    const db = await openDatabase(m.dataDir);
    const projectId = (await startResearch(db, { clientId: 'claude-code', now: () => new Date() }, { goal: 'Why do tardigrades survive desiccation so well?' })).id;
    await closeDatabase(db);
    const database = `cosci_readme_${process.pid}`;
    const pilot = path.join(REPO_ROOT, 'pilot.json');
    expect(fs.existsSync(pilot)).toBe(false);
    const cluster = new URL(process.env[TEST_POSTGRES_URL_ENV] as string);
    const admin = { PGHOST: cluster.hostname, PGPORT: cluster.port, PGUSER: cluster.username };
    try {
      const exported = run(PROJECT_EXPORT.replace('<project id>', projectId), m.env);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toContain(`Exported project ${projectId}`);
      expect(spawnSync('createdb', [database], { env: { ...m.env, ...admin } }).status).toBe(0);
      const imported = run(PROJECT_IMPORT.replace(README_DATABASE, clusterUrl(database)), m.env);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(`Imported project ${projectId}`);
      expect(imported.stdout).toContain('Verified: the project read back equals the file');
    } finally {
      fs.rmSync(pilot, { force: true });
      spawnSync('dropdb', ['--if-exists', '--force', database], { env: { ...m.env, ...admin } });
    }
  }, 90_000);

  it('a non-loopback --host without --issuer (README: "is refused") exits 2 saying why, listening nowhere', async () => {
    const m = machine([installedPath(), path.dirname(process.execPath)]);
    const refused = shell('co-scientist serve --http --host 0.0.0.0', m.env);
    expect(await refused.exited).toBe(2);
    expect(refused.stdout()).toBe('');
    expect(refused.stderr()).toContain('Refusing to listen on 0.0.0.0 without --issuer');
    expect(fs.existsSync(m.dataDir)).toBe(false);
  });

  it('register <client> --server URL (gemini-cli): exits 0 and writes the assistant\'s HTTP entry for the lab server', async () => {
    const m = machine([installedPath(), path.dirname(process.execPath), fakeAssistants('gemini')]);
    const registered = shell(typed(REGISTER_LAB, { '<client>': 'gemini-cli' }), m.env);
    expect(await registered.exited).toBe(0);
    expect(registered.stdout()).toContain('Lab server:   https://cosci.lab.example/mcp');
    expect(serversIn(path.join(m.home, '.gemini', 'settings.json'))['co-scientist']).toEqual({ httpUrl: 'https://cosci.lab.example/mcp' });
  });
});
