// `co-scientist register <client> --server <URL>`: each assistant's HTTP entry for a lab server,
// with the same promises as a local registration — only our entry's bytes change, what we wrote
// comes out again byte for byte, and an assistant whose config cannot name a lab server is refused
// with nothing written.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { CLIENTS, registerClient, targetFor, unregisterClient } from '../../../../../src-main/host/registration/index.js';
import { parseServerUrl } from '../../../../../src-main/host/registration/remoteServer.js';
import { runRegistrationCli } from '../../../../../src-main/host/registration/cli.js';
import { fixture, readJson, refusal, tempDir, writeConfig, writeExecutable } from './helpers.js';

const LAB = { url: 'https://cosci.lab.example/mcp' };
const adapter = (id: string) => CLIENTS.find((c) => c.id === id)!;

/** A config with another server and the scientist's own formatting, and the entry each assistant must get. */
const CASES: Array<{ id: string; before: string; entry: Record<string, unknown>; read(file: string): unknown }> = [
  { id: 'cursor', before: '{\n    "mcpServers": {\n        "notes": { "command": "/bin/notes" }\n    }\n}\n', entry: { url: LAB.url }, read: (f) => (readJson(f).mcpServers as Record<string, unknown>)['co-scientist'] },
  { id: 'vscode', before: '{\n  // my servers\n  "servers": {\n    "notes": { "type": "stdio", "command": "/bin/notes" },\n  },\n}\n', entry: { type: 'http', url: LAB.url }, read: (f) => jsoncServers(f, 'servers') },
  { id: 'windsurf', before: '{"mcpServers": {"notes": {"command": "/bin/notes"}}}\n', entry: { serverUrl: LAB.url }, read: (f) => (readJson(f).mcpServers as Record<string, unknown>)['co-scientist'] },
  { id: 'gemini-cli', before: '{\n  // theme first\n  "theme": "dark",\n  "mcpServers": {"notes": {"command": "/bin/notes"}}\n}\n', entry: { httpUrl: LAB.url }, read: (f) => jsoncServers(f, 'mcpServers') },
  { id: 'codex', before: '# my codex\nmodel = "o3"\n\n[mcp_servers.notes]\ncommand = "/bin/notes"\n', entry: { url: LAB.url }, read: (f) => fs.readFileSync(f, 'utf8') },
];

function jsoncServers(file: string, key: string): unknown {
  return (parseJsonc(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>)[key]?.['co-scientist'];
}

describe('register --server: the lab server entry of each assistant', () => {
  it.each(CASES)('$id gets its HTTP entry; unregistering gives back the file byte for byte', async ({ id, before, entry, read }) => {
    const f = fixture('linux', `cosci lab ${id} `);
    const client = adapter(id);
    const file = targetFor(client, f.opts()).location.path;
    writeConfig(file, before);
    const outcome = await registerClient(client, { ...f.opts(), launch: LAB });
    expect(outcome.action).toBe('added');
    if (id === 'codex') expect(read(file)).toBe(`${before}\n[mcp_servers.co-scientist]\nurl = "${LAB.url}"\n`);
    else expect(read(file)).toEqual(entry);
    expect((await registerClient(client, { ...f.opts(), launch: LAB })).action).toBe('unchanged');
    await unregisterClient(client, { ...f.opts(), launch: LAB });
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('moves a local registration to the lab server silently (it was ours), and back', async () => {
    const f = fixture('linux', 'cosci lab switch ');
    const cursor = adapter('cursor');
    const file = targetFor(cursor, f.opts()).location.path;
    writeConfig(file, '{"mcpServers": {}}\n');
    await registerClient(cursor, f.opts());
    expect((readJson(file).mcpServers as Record<string, { command?: string }>)['co-scientist']?.command).toBeDefined();
    expect((await registerClient(cursor, { ...f.opts(), launch: LAB })).action).not.toBe('unchanged');
    expect((readJson(file).mcpServers as Record<string, unknown>)['co-scientist']).toEqual({ url: LAB.url });
  });

  it('refuses an assistant whose config cannot name a lab server, writing nothing', async () => {
    const f = fixture('linux', 'cosci lab refuse ');
    const desktop = adapter('claude-desktop');
    const file = targetFor(desktop, f.opts()).location.path;
    writeConfig(file, '{"mcpServers": {}}\n');
    const error = await refusal(registerClient(desktop, { ...f.opts(), launch: LAB }));
    expect(error.code).toBe('REMOTE_NOT_SUPPORTED');
    expect(error.message).toContain(LAB.url);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"mcpServers": {}}\n');
  });

  it('checks the URL: https off this computer, no credentials in it', () => {
    expect(parseServerUrl('https://cosci.lab.example/mcp')).toEqual({ url: 'https://cosci.lab.example/mcp' });
    expect(parseServerUrl('http://127.0.0.1:8787/mcp')).toEqual({ url: 'http://127.0.0.1:8787/mcp' });
    expect(() => parseServerUrl('http://cosci.lab.example/mcp')).toThrow(/https:\/\//);
    expect(() => parseServerUrl('https://me:pw@cosci.lab.example/mcp')).toThrow(/credentials/);
    expect(() => parseServerUrl('cosci.lab.example')).toThrow(/Invalid --server/);
  });
});

describe.skipIf(process.platform === 'win32')('register claude-code --server through `claude mcp add --transport http`', () => {
  it('runs the HTTP form of the command and verifies the file', async () => {
    const f = fixture('linux', 'cosci lab claude ');
    const bin = tempDir('cosci fake bin ');
    const log = path.join(bin, 'calls.jsonl');
    const fake = fileURLToPath(new URL('../../../../fixtures/registration/bin/fake-claude.mjs', import.meta.url));
    writeExecutable(path.join(bin, 'claude'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(fake)} "$@"\n`);
    const file = path.join(f.home, '.claude.json');
    writeConfig(file, '{"numStartups": 4, "mcpServers": {"notes": {"command": "/bin/notes"}}}');
    const env = { PATH: bin, FAKE_CLI_LOG: log };
    const out: string[] = [];
    const code = await runRegistrationCli(['register', 'claude-code', '--server', LAB.url, '--home', f.home, '--platform', 'linux', '--data-dir', f.dataDir], { env, stdout: (t) => out.push(t), stderr: (t) => out.push(t) });
    expect(code).toBe(0);
    const calls = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { argv: string[] });
    expect(calls.map((c) => c.argv)).toEqual([['mcp', 'add', '--transport', 'http', '--scope', 'user', 'co-scientist', LAB.url]]);
    expect(readJson(file)).toMatchObject({ numStartups: 4, mcpServers: { notes: { command: '/bin/notes' }, 'co-scientist': { type: 'http', url: LAB.url } } });
    expect(out.join('')).toContain(`Lab server:   ${LAB.url}`);
  });

  it('refuses a clear-text URL to another computer before touching anything', async () => {
    const f = fixture('linux', 'cosci lab usage ');
    const err: string[] = [];
    const code = await runRegistrationCli(['register', 'cursor', '--server', 'http://cosci.lab.example/mcp', '--home', f.home, '--platform', 'linux'], { env: {}, stdout: () => undefined, stderr: (t) => err.push(t) });
    expect(code).toBe(2);
    expect(err.join('')).toContain('https://');
  });
});

describe('register --server --token-env: a bearer token from the environment, never written', () => {
  const TOKEN_CASES: Array<{ id: string; entry: Record<string, unknown>; read(file: string): unknown }> = [
    { id: 'gemini-cli', entry: { httpUrl: LAB.url, headers: { Authorization: 'Bearer $COSCI_LAB_TOKEN' } }, read: (f) => jsoncServers(f, 'mcpServers') },
    { id: 'codex', entry: { url: LAB.url, bearer_token_env_var: 'COSCI_LAB_TOKEN' }, read: (f) => fs.readFileSync(f, 'utf8') },
  ];

  it.each(TOKEN_CASES)('$id names the variable in its entry', async ({ id, entry, read }) => {
    const f = fixture('linux', `cosci lab token ${id} `);
    const client = adapter(id);
    const file = targetFor(client, f.opts()).location.path;
    const outcome = await registerClient(client, { ...f.opts(), launch: { ...LAB, tokenEnv: 'COSCI_LAB_TOKEN' } });
    expect(outcome.action).toBe('created');
    if (id === 'codex') expect(read(file)).toContain(`[mcp_servers.co-scientist]\nurl = "${LAB.url}"\nbearer_token_env_var = "COSCI_LAB_TOKEN"\n`);
    else expect(read(file)).toEqual(entry);
    // Registering again with the same variable changes nothing.
    expect((await registerClient(client, { ...f.opts(), launch: { ...LAB, tokenEnv: 'COSCI_LAB_TOKEN' } })).action).toBe('unchanged');
  });

  it("claude-code's entry sends the header with ${VAR}, which Claude Code expands when it connects", () => {
    expect(adapter('claude-code').buildTokenHttpEntry?.(LAB.url, 'COSCI_LAB_TOKEN')).toEqual({ type: 'http', url: LAB.url, headers: { Authorization: 'Bearer ${COSCI_LAB_TOKEN}' } });
    expect(adapter('claude-code').cli?.addHttpArgs?.('co-scientist', LAB.url, { Authorization: 'Bearer ${COSCI_LAB_TOKEN}' })).toEqual(['mcp', 'add', '--transport', 'http', '--scope', 'user', 'co-scientist', LAB.url, '--header', 'Authorization: Bearer ${COSCI_LAB_TOKEN}']);
  });

  it('refuses an assistant that cannot take a token from the environment, writing nothing', async () => {
    const f = fixture('linux', 'cosci lab token cursor ');
    const client = adapter('cursor');
    const file = targetFor(client, f.opts()).location.path;
    await expect(registerClient(client, { ...f.opts(), launch: { ...LAB, tokenEnv: 'COSCI_LAB_TOKEN' } })).rejects.toThrow(/without --token-env/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes a variable name, never a token: the CLI refuses anything else and --token-env without --server', async () => {
    for (const args of [
      ['register', 'codex', '--server', LAB.url, '--token-env', 'kZP4uYse-lKIwEy2ZtSHkxnA4z40lYCgFPKOX0cl5nM'],
      ['register', 'codex', '--token-env', 'COSCI_LAB_TOKEN'],
    ]) {
      const out: string[] = [];
      const code = await runRegistrationCli([...args, '--home', tempDir('cosci-token-env-home-')], { env: {}, stdout: (t) => out.push(t), stderr: (t) => out.push(t) });
      expect(code).not.toBe(0);
      expect(out.join('')).toMatch(/--token-env/);
    }
  });
});
