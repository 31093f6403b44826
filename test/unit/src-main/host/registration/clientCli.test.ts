// Assistants' own CLIs replaced by fake executables on PATH that record how they were called:
// Claude Code is registered through `claude mcp add-json --scope user` (it rewrites its file
// itself); editors' commands such as `code` only prove the editor is installed and are never run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entryFingerprint } from '../../../../../src-main/host/registration/entryDiff.js';
import { claudeDesktop, CLIENTS, desiredEntry, registerClient, targetFor, unregisterClient } from '../../../../../src-main/host/registration/index.js';
import { fixture, LAUNCH, MOVED_LAUNCH, readJson, refusal, tempDir, writeConfig, writeExecutable } from './helpers.js';

const BIN = fileURLToPath(new URL('../../../../fixtures/registration/bin/', import.meta.url));
const claudeCode = CLIENTS.find((c) => c.id === 'claude-code')!;
const vscode = CLIENTS.find((c) => c.id === 'vscode')!;
const posixOnly = describe.skipIf(process.platform === 'win32');

interface Call {
  tool: string;
  argv: string[];
  home?: string;
}

/** A PATH folder with fake `claude` and `code`, and the log they append their calls to. */
function fakeTools(env: Record<string, string> = {}) {
  const bin = tempDir('cosci fake bin ');
  const log = path.join(bin, 'calls.jsonl');
  const node = JSON.stringify(process.execPath);
  writeExecutable(path.join(bin, 'claude'), `#!/bin/sh\nexec ${node} ${JSON.stringify(path.join(BIN, 'fake-claude.mjs'))} "$@"\n`);
  writeExecutable(path.join(bin, 'code'), `#!/bin/sh\nexec ${node} ${JSON.stringify(path.join(BIN, 'fake-recorder.mjs'))} code "$@"\n`);
  const calls = (): Call[] => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Call) : []);
  return { bin, calls, env: { PATH: bin, FAKE_CLI_LOG: log, ...env } };
}

posixOnly('Claude Code through its `claude` command', () => {
  const setUp = (env: Record<string, string> = {}) => {
    const f = fixture('linux', 'cosci claude code ');
    const tools = fakeTools(env);
    const opts = (extra = {}) => f.opts({ env: tools.env, ...extra });
    return { ...f, ...tools, opts, file: path.join(f.home, '.claude.json') };
  };

  it('registers with `claude mcp add-json --scope user co-scientist <json>`, in our fixture home, then verifies the file', async () => {
    const { file, home, calls, opts, dataDir } = setUp();
    writeConfig(file, '{"numStartups": 4, "mcpServers": {"notes": {"command": "/bin/notes"}}}');
    const outcome = await registerClient(claudeCode, opts());
    expect(outcome).toMatchObject({ action: 'added', config_path: file, backup_path: expect.stringMatching(/\.bak-/) });
    const [call, ...more] = calls();
    expect(more).toEqual([]);
    expect(call?.argv.slice(0, 5)).toEqual(['mcp', 'add-json', '--scope', 'user', 'co-scientist']);
    expect(JSON.parse(call!.argv[5]!)).toEqual(desiredEntry(claudeCode, LAUNCH));
    expect(call?.home).toBe(home);
    expect(readJson(file)).toMatchObject({ numStartups: 4, mcpServers: { notes: { command: '/bin/notes' }, 'co-scientist': desiredEntry(claudeCode, LAUNCH) } });
    const ledger = readJson(path.join(dataDir, 'registrations.json')) as { registrations: Array<{ entry_sha256: string }> };
    expect(ledger.registrations[0]?.entry_sha256).toBe(entryFingerprint(desiredEntry(claudeCode, LAUNCH)));

    expect((await registerClient(claudeCode, opts())).action).toBe('unchanged');
    expect(calls()).toHaveLength(1);
  });

  it('repairs our moved entry with remove then add; an entry written by hand needs consent first', async () => {
    const { file, calls, opts } = setUp();
    writeConfig(file, '{}');
    await registerClient(claudeCode, opts({ launch: MOVED_LAUNCH }));
    await registerClient(claudeCode, opts());
    expect(calls().map((c) => c.argv[1])).toEqual(['add-json', 'remove', 'add-json']);

    writeConfig(file, JSON.stringify({ mcpServers: { 'co-scientist': { type: 'stdio', command: '/mine', args: [] } } }));
    expect((await refusal(registerClient(claudeCode, opts()))).code).toBe('CHANGED_BY_USER');
    expect(calls()).toHaveLength(3);
    expect((await registerClient(claudeCode, opts({ force: true }))).action).toBe('updated');
    expect(calls().map((c) => c.argv[1])).toEqual(['add-json', 'remove', 'add-json', 'remove', 'add-json']);
  });

  it('unregisters with `claude mcp remove --scope user co-scientist`', async () => {
    const { file, calls, opts } = setUp();
    writeConfig(file, '{}');
    await registerClient(claudeCode, opts());
    expect(await unregisterClient(claudeCode, opts())).toMatchObject({ action: 'removed' });
    expect(calls().at(-1)?.argv).toEqual(['mcp', 'remove', '--scope', 'user', 'co-scientist']);
    expect(readJson(file)).toEqual({ mcpServers: {} });
  });

  it('a failing `claude` is reported with its own message and where the backup is', async () => {
    const { file, opts } = setUp({ FAKE_CLI_FAIL: '1' });
    writeConfig(file, '{}');
    const err = await refusal(registerClient(claudeCode, opts()));
    expect(err.code).toBe('CLIENT_CLI_FAILED');
    expect(err.message).toMatch(/`.*claude"? mcp add-json --scope user co-scientist .*` failed \(exit code 3\): Error: simulated failure/);
    expect(err.message).toMatch(/A copy of the file from before is at .*\.bak-/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{}');
  });

  it('our lock is not ~/.claude.json.lock, which Claude Code takes itself while it saves', async () => {
    const { file, opts } = setUp();
    writeConfig(file, '{"mcpServers": {"notes": {"command": "/bin/notes"}}}');
    expect(await registerClient(claudeCode, opts())).toMatchObject({ action: 'added' });
    expect(await unregisterClient(claudeCode, opts())).toMatchObject({ action: 'removed' });
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
    expect(fs.existsSync(`${file}.co-scientist.lock`)).toBe(false);
  });

  it('Claude Code holding its lock (another session saving): its own message is passed on, nothing else changes', async () => {
    const { file, opts } = setUp();
    writeConfig(file, '{}');
    fs.mkdirSync(`${file}.lock`);
    const err = await refusal(registerClient(claudeCode, opts()));
    expect(err.code).toBe('CLIENT_CLI_FAILED');
    expect(err.message).toMatch(/was not saved to .*\.claude\.json\. If other Claude Code processes use that file, they may have kept it locked/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{}');
  });

  it('a `claude` that drops other servers is caught: VERIFY_FAILED names the backup', async () => {
    const { file, opts } = setUp({ FAKE_CLI_CLOBBER: '1' });
    writeConfig(file, '{"mcpServers": {"notes": {"command": "/bin/notes"}}}');
    const err = await refusal(registerClient(claudeCode, opts()));
    expect(err.code).toBe('VERIFY_FAILED');
    expect(err.message).toMatch(/changed other servers in .*\.claude\.json.*A copy of the file from before is at .*\.bak-/);
  });

  it('a `claude` that claims success without writing is caught by the read-back check', async () => {
    const { file, opts } = setUp({ FAKE_CLI_NOOP: '1' });
    writeConfig(file, '{}');
    expect((await refusal(registerClient(claudeCode, opts()))).code).toBe('VERIFY_FAILED');
  });

  it('without `claude` on PATH the file is edited directly, byte-preserving as for any JSON client', async () => {
    const f = fixture('linux');
    const file = writeConfig(path.join(f.home, '.claude.json'), '{\n  "numStartups": 4\n}\n');
    await registerClient(claudeCode, f.opts({ env: { PATH: tempDir() } }));
    expect(fs.readFileSync(file, 'utf8').startsWith('{\n  "numStartups": 4,\n  "mcpServers": {')).toBe(true);
  });

  it('on Windows an npm .cmd shim is not run (cmd.exe quoting would mangle the JSON): the file is edited', async () => {
    const f = fixture('win32');
    const tools = fakeTools();
    fs.writeFileSync(path.join(tools.bin, 'claude.cmd'), '@echo off\r\n');
    fs.rmSync(path.join(tools.bin, 'claude'));
    await registerClient(claudeCode, f.opts({ env: { ...tools.env, PATHEXT: '.CMD' } }));
    expect(tools.calls()).toEqual([]);
    expect(readJson(path.join(f.home, '.claude.json'))).toEqual({ mcpServers: { 'co-scientist': desiredEntry(claudeCode, LAUNCH) } });
  });
});

posixOnly('editor commands', () => {
  it('`code` on PATH shows VS Code is installed; registration edits mcp.json and never runs `code`', async () => {
    const f = fixture('linux');
    const tools = fakeTools();
    const opts = f.opts({ env: tools.env });
    const target = targetFor(vscode, opts);
    expect(target.detection).toEqual({ installed: true, evidence: path.join(tools.bin, 'code') });
    await registerClient(vscode, opts);
    expect(readJson(target.location.path)).toEqual({ servers: { 'co-scientist': desiredEntry(vscode, LAUNCH) } });
    await registerClient(claudeDesktop, opts);
    expect(tools.calls()).toEqual([]);
  });
});
