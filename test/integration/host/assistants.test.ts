// The assistants adapter over the real registration module, real files in a fixture HOME and the
// real built server: what the routes return for each situation a scientist's machine can be in.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistants, recheckRegistrations } from '../../../src-main/host/assistants.js';
import type { AssistantState } from '../../../src-shared/routes/index.js';
import { defaultDataDir } from '../../../src-shared/node/dataDir.js';
import { claudeDesktop, registerClient } from '../../../src-main/host/registration/index.js';
import { silentLogger } from '../../unit/src-main/host/fakes.js';
import { removeTempDirs, requireBuiltServer, SERVER_ENTRY, tempDir } from '../../support/realServer.js';

beforeAll(requireBuiltServer);
afterAll(removeTempDirs);

function machine(platform: NodeJS.Platform = 'linux') {
  const home = tempDir('home');
  const systemRoot = tempDir('root');
  const dataDir = tempDir('data');
  const configPath = path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
  const context = { home, platform, env: {}, systemRoot, dataDir, launch: { command: process.execPath, args: [SERVER_ENTRY] } };
  const assistants = createAssistants(context, silentLogger);
  const writeConfig = (text: string) => {
    fs.mkdirSync(path.dirname(configPath), { recursive: true });
    fs.writeFileSync(configPath, text);
  };
  return { assistants, context, configPath, writeConfig, home, systemRoot };
}

async function claude(list: ReturnType<typeof machine>['assistants']): Promise<AssistantState | undefined> {
  const listed = await list.list();
  return listed.ok ? listed.data.find((a) => a.id === 'claude-desktop') : undefined;
}

describe('assistants adapter', () => {
  it('lists every known assistant; Claude Desktop is not installed on a machine without it', async () => {
    const { assistants, configPath } = machine();
    const listed = await assistants.list();
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.data.map((a) => a.id)).toEqual(
      expect.arrayContaining(['claude-desktop', 'claude-code', 'cursor', 'vscode', 'zed', 'codex', 'continue', 'goose', 'cline']),
    );
    expect(listed.data.find((a) => a.id === 'claude-desktop')).toMatchObject({
      installed: false,
      registered: false,
      state: 'not_installed',
      config_path: configPath,
      next_step: expect.stringMatching(/not found on this computer/),
    });
  });

  it('an installed app is detected by its binary, not by a config folder', async () => {
    const { assistants, systemRoot, writeConfig } = machine();
    writeConfig('{}');
    expect(await claude(assistants)).toMatchObject({ installed: false, state: 'not_installed' });
    const binary = path.join(systemRoot, 'usr', 'bin', 'claude-desktop');
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    fs.writeFileSync(binary, '#!/bin/sh\n', { mode: 0o755 });
    expect(await claude(assistants)).toMatchObject({ installed: true, detected: binary, state: 'installed' });
  });

  it('connects Claude Desktop, test-launches the registered command, then lists it as registered', async () => {
    const { assistants, configPath, writeConfig } = machine();
    writeConfig('{ "mcpServers": {} }\n');

    const outcome = await assistants.connect('claude-desktop');

    expect(outcome).toMatchObject({
      ok: true,
      data: {
        id: 'claude-desktop',
        action: 'added',
        config_path: configPath,
        test_launch: { ok: true, server_name: expect.any(String), server_version: expect.any(String), error: null },
      },
    });
    expect(await claude(assistants)).toMatchObject({ registered: true, state: 'registered' });
  });

  it('answers REGISTRATION_REFUSED, naming the file, when the config does not parse', async () => {
    const { assistants, configPath, writeConfig } = machine();
    writeConfig('{ "mcpServers": ');

    const outcome = await assistants.connect('claude-desktop');

    expect(outcome).toMatchObject({ ok: false, error: { code: 'REGISTRATION_REFUSED' } });
    expect(!outcome.ok && outcome.error.message).toContain(configPath);
  });

  it('answers CONFLICT with a diff when the scientist edited our entry, and replaces it only with force', async () => {
    const { assistants, configPath, writeConfig } = machine();
    writeConfig('{ "mcpServers": {} }\n');
    expect((await assistants.connect('claude-desktop')).ok).toBe(true);
    const config = JSON.parse(fs.readFileSync(configPath, 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
    config.mcpServers['co-scientist']?.args.push('--verbose');
    fs.writeFileSync(configPath, JSON.stringify(config, null, 2));
    expect(await claude(assistants)).toMatchObject({ state: 'changed_by_user' });

    const refused = await assistants.connect('claude-desktop');
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(!refused.ok && refused.error.detail).toContain('--verbose');
    const refusedRemoval = await assistants.disconnect('claude-desktop');
    expect(refusedRemoval).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(fs.readFileSync(configPath, 'utf8')).toContain('--verbose');

    const forced = await assistants.connect('claude-desktop', true);
    expect(forced).toMatchObject({ ok: true, data: { action: 'updated' } });
    expect(fs.readFileSync(configPath, 'utf8')).not.toContain('--verbose');
  });

  it('disconnect removes only our entry; test then answers NOT_FOUND', async () => {
    const { assistants, configPath, writeConfig } = machine();
    writeConfig('{ "mcpServers": { "notes": { "command": "/bin/notes" } } }\n');
    expect((await assistants.connect('claude-desktop')).ok).toBe(true);
    expect(await assistants.test('claude-desktop')).toMatchObject({ ok: true, data: { ok: true } });

    expect(await assistants.disconnect('claude-desktop')).toMatchObject({ ok: true, data: { action: 'removed', config_path: configPath } });
    expect(fs.readFileSync(configPath, 'utf8')).toBe('{ "mcpServers": { "notes": { "command": "/bin/notes" } } }\n');
    expect(await assistants.test('claude-desktop')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await assistants.repair('claude-desktop')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('after the app moved: the entry needs repair, repair rewrites it and the test launch passes', async () => {
    const old = machine();
    old.writeConfig('{}');
    const oldEntry = path.join(tempDir('old-app'), 'server.js');
    const movedAway = createAssistants({ ...old.context, launch: { command: process.execPath, args: [oldEntry] } }, silentLogger);
    expect((await movedAway.connect('claude-desktop')).ok).toBe(true);
    expect(await claude(old.assistants)).toMatchObject({ state: 'needs_repair' });
    expect(await old.assistants.test('claude-desktop')).toMatchObject({ ok: true, data: { ok: false, error: expect.any(String) } });

    const repaired = await old.assistants.repair('claude-desktop');
    expect(repaired).toMatchObject({ ok: true, data: { action: 'updated', test_launch: { ok: true } } });
    expect(fs.readFileSync(old.configPath, 'utf8')).toContain(SERVER_ENTRY.replace(/\\/g, '\\\\'));
  });

  it('recheck at start repairs our stale entry and leaves an edited one alone', async () => {
    const m = machine();
    m.writeConfig('{}');
    const gone = path.join(tempDir('gone'), 'dist', 'mcp', 'server.js');
    const before = createAssistants({ ...m.context, launch: { command: process.execPath, args: [gone] } }, silentLogger);
    expect((await before.connect('claude-desktop')).ok).toBe(true);

    const reports = await recheckRegistrations(m.context, silentLogger);
    expect(reports).toEqual([expect.objectContaining({ client: 'claude-desktop', outcome: 'repaired' })]);
    expect(await claude(m.assistants)).toMatchObject({ state: 'registered' });

    fs.writeFileSync(m.configPath, fs.readFileSync(m.configPath, 'utf8').replace('"--client"', '"--verbose", "--client"'));
    expect(await recheckRegistrations(m.context, silentLogger)).toEqual([expect.objectContaining({ outcome: 'changed_by_user' })]);
    expect(fs.readFileSync(m.configPath, 'utf8')).toContain('--verbose');
  });

  it('refuses platforms the registration does not support', async () => {
    const { assistants, context } = machine('aix');
    expect(await assistants.list()).toMatchObject({ ok: false, error: { code: 'REGISTRATION_REFUSED' } });
    expect(await assistants.connect('claude-desktop')).toMatchObject({ ok: false, error: { code: 'REGISTRATION_REFUSED' } });
    expect(await recheckRegistrations(context, silentLogger)).toEqual([]);
  });
});

describe('the registered command opens the app\'s data folder', () => {
  const entryArgs = (configPath: string) =>
    (JSON.parse(fs.readFileSync(configPath, 'utf8')) as { mcpServers: Record<string, { args: string[] }> }).mcpServers['co-scientist']?.args;

  it('an app with its own data folder registers a command naming it; the test launch proves the server opened it', async () => {
    const { assistants, configPath, context } = machine();
    const outcome = await assistants.connect('claude-desktop');
    expect(entryArgs(configPath)).toEqual([SERVER_ENTRY, '--data-dir', context.dataDir, '--client', 'claude-desktop']);
    expect(outcome).toMatchObject({ ok: true, data: { test_launch: { ok: true, data_dir: context.dataDir, error: null } } });
    expect(await assistants.test('claude-desktop')).toMatchObject({ ok: true, data: { ok: true, data_dir: context.dataDir } });
  });

  it('an app in the default data folder registers the short command, and its test launch finds that folder', async () => {
    const m = machine();
    const dataDir = defaultDataDir({ home: m.home, platform: process.platform, env: {} });
    const assistants = createAssistants({ ...m.context, dataDir }, silentLogger);
    const outcome = await assistants.connect('claude-desktop');
    expect(entryArgs(m.configPath)).toEqual([SERVER_ENTRY, '--client', 'claude-desktop']);
    expect(outcome).toMatchObject({ ok: true, data: { test_launch: { ok: true, data_dir: dataDir } } });
  });

  it('an entry written without the folder (before this fix) fails Test connection with what to do; Repair fixes it', async () => {
    const m = machine();
    await registerClient(claudeDesktop, { home: m.home, platform: 'linux', env: {}, systemRoot: m.systemRoot, dataDir: m.context.dataDir, launch: m.context.launch });
    expect(entryArgs(m.configPath)).toEqual([SERVER_ENTRY, '--client', 'claude-desktop']);
    expect(await claude(m.assistants)).toMatchObject({ state: 'needs_repair', next_step: expect.stringMatching(/runs with another data folder\)\. Repair/) });

    const tested = await m.assistants.test('claude-desktop');
    if (!tested.ok) throw new Error(tested.error.message);
    expect(tested.data).toMatchObject({ ok: false, data_dir: defaultDataDir({ home: m.home, platform: process.platform, env: {} }) });
    expect(tested.data.error).toMatch(/^The registered command opens the data folder .*, not this app's \(.*\), so the assistant would not see your projects\. Repair/);

    expect(await m.assistants.repair('claude-desktop')).toMatchObject({ ok: true, data: { action: 'updated', test_launch: { ok: true, data_dir: m.context.dataDir } } });
    expect(await claude(m.assistants)).toMatchObject({ state: 'registered' });
  });

  it('the start-up re-check adds the data folder to our own entry that lacks it', async () => {
    const m = machine();
    await registerClient(claudeDesktop, { home: m.home, platform: 'linux', env: {}, systemRoot: m.systemRoot, dataDir: m.context.dataDir, launch: m.context.launch });
    expect(await recheckRegistrations(m.context, silentLogger)).toEqual([expect.objectContaining({ outcome: 'repaired' })]);
    expect(entryArgs(m.configPath)).toEqual([SERVER_ENTRY, '--data-dir', m.context.dataDir, '--client', 'claude-desktop']);
  });
});

// Connect in the app, to a lab server (issue 31): the assistant's HTTP entry for the lab's URL,
// listed as working on the lab; back to this computer with one more Connect; a URL that is not a
// lab server's, or an assistant whose config cannot name one, changes nothing.
describe('assistants adapter: connecting to a lab server', () => {
  const LAB = 'https://cosci.lab.example/mcp';
  const cursorOf = async (list: ReturnType<typeof machine>['assistants']): Promise<AssistantState | undefined> => {
    const listed = await list.list();
    return listed.ok ? listed.data.find((a) => a.id === 'cursor') : undefined;
  };

  it('writes the lab entry, lists it as the lab, keeps it at the next start, and goes back to this computer', async () => {
    const { assistants, context, home } = machine();
    const cursorConfig = path.join(home, '.cursor', 'mcp.json');
    expect(await cursorOf(assistants)).toMatchObject({ lab_server: null, can_use_lab: true, registered: false });

    const connected = await assistants.connect('cursor', false, undefined, LAB);
    if (!connected.ok) throw new Error(connected.error.message);
    expect(connected.data).toMatchObject({ action: 'created', test_launch: null });
    expect(JSON.parse(fs.readFileSync(cursorConfig, 'utf8')).mcpServers['co-scientist']).toEqual({ url: LAB });
    expect(await cursorOf(assistants)).toMatchObject({ state: 'registered', lab_server: LAB });
    expect((await recheckRegistrations(context, silentLogger)).map((r) => r.outcome)).toEqual(['kept']);
    expect(JSON.parse(fs.readFileSync(cursorConfig, 'utf8')).mcpServers['co-scientist']).toEqual({ url: LAB });

    const back = await assistants.connect('cursor');
    if (!back.ok) throw new Error(back.error.message);
    expect(JSON.parse(fs.readFileSync(cursorConfig, 'utf8')).mcpServers['co-scientist'].command).toBe(process.execPath);
    expect(await cursorOf(assistants)).toMatchObject({ state: 'registered', lab_server: null });
  }, 60_000);

  it('refuses a lab URL that is not https (off this computer), and an assistant that cannot name a lab server, writing nothing', async () => {
    const { assistants, home, configPath } = machine();
    const plain = await assistants.connect('cursor', false, undefined, 'http://cosci.lab.example/mcp');
    expect(plain).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('https://') } });
    expect(fs.existsSync(path.join(home, '.cursor', 'mcp.json'))).toBe(false);
    const desktop = await assistants.connect('claude-desktop', false, undefined, LAB);
    expect(desktop.ok).toBe(false);
    if (!desktop.ok) expect(desktop.error.message).toContain('cannot be pointed at a lab server');
    expect(fs.existsSync(configPath)).toBe(false);
    expect((await claude(assistants))?.can_use_lab).toBe(false);
  });
});
