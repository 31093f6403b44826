// End to end on real files: each OS layout, safe editing, backups, permissions, verification.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { applyEdits, modify } from 'jsonc-parser/lib/esm/main.js';
import { describe, expect, it } from 'vitest';
import { entryFingerprint } from '../../../../../src-main/host/registration/entryDiff.js';
import { replaceFileAtomically } from '../../../../../src-main/host/registration/fileSafety.js';
import {
  inspectClaudeDesktop,
  registerClaudeDesktop,
  resolveLaunchCommand,
} from '../../../../../src-main/host/registration/index.js';
import type { RegistrarIo } from '../../../../../src-main/host/registration/registrar.js';
import { backupsOf, claudeConfigPath, EXPECTED_ENTRY, fixture, listDir, readJson, refusal, tempDir, writeConfig } from './helpers.js';

const posixOnly = it.skipIf(process.platform === 'win32');

const OTHER_SERVERS = {
  filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ana/Desktop'] },
  github: { command: 'docker', args: ['run', '-i', 'ghcr.io/github/github-mcp-server'], env: { GITHUB_TOKEN: 'ghp_secret' } },
};
/** A hand-edited file: 4-space indent, CRLF, other top-level keys on both sides, no final newline. */
const HAND_EDITED = JSON.stringify({ globalShortcut: 'Ctrl+Space', mcpServers: OTHER_SERVERS, isUsingBuiltInNodeForMcp: false }, null, 4).replace(/\n/g, '\r\n');

function withoutOurEntry(text: string): string {
  return applyEdits(text, modify(text, ['mcpServers', 'co-scientist'], undefined, {}));
}

describe.each([
  ['darwin', 'darwin'],
  ['win32', 'win32'],
  ['msix', 'win32'],
  ['linux', 'linux'],
] as const)('Claude Desktop on %s', (layout, platform) => {
  const setUp = () => {
    const f = fixture(platform);
    if (layout === 'msix') fs.mkdirSync(path.join(f.home, 'AppData', 'Local', 'Packages', 'Claude_pzs8sxrjxfjjc'), { recursive: true });
    return { ...f, file: claudeConfigPath(f.home, layout) };
  };

  it('no config yet: creates the folder and a file holding only our entry', async () => {
    const { file, opts, dataDir } = setUp();
    const outcome = await registerClaudeDesktop(opts());
    expect(outcome).toEqual({
      id: 'claude-desktop',
      variant: layout === 'msix' ? 'msix' : layout === 'win32' ? 'classic' : 'standard',
      action: 'created',
      config_path: file,
      backup_path: null,
      next_step: expect.stringMatching(/^Quit Claude Desktop completely .* Co-Scientist then appears in its tools \(🔨\) menu\.$/),
    });
    expect(readJson(file)).toEqual({ mcpServers: { 'co-scientist': EXPECTED_ENTRY } });
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(backupsOf(file)).toEqual([]);
    const ledger = readJson(path.join(dataDir, 'registrations.json')) as { registrations: unknown[] };
    expect(ledger.registrations).toEqual([
      { client: 'claude-desktop', config_path: file, entry_sha256: entryFingerprint(EXPECTED_ENTRY), written_at: expect.any(String) },
    ]);
  });

  it('existing config: adds our entry, keeps every other byte, backs up the original', async () => {
    const { file, opts } = setUp();
    writeConfig(file, HAND_EDITED);
    const outcome = await registerClaudeDesktop(opts());
    expect(outcome.action).toBe('added');
    const after = fs.readFileSync(file, 'utf8');
    expect(withoutOurEntry(after)).toBe(HAND_EDITED);
    expect(readJson(file)).toMatchObject({ mcpServers: { ...OTHER_SERVERS, 'co-scientist': EXPECTED_ENTRY } });
    expect(outcome.backup_path).toMatch(/claude_desktop_config\.json\.bak-\d{8}T\d{6}Z$/);
    expect(backupsOf(file)).toEqual([outcome.backup_path]);
    expect(fs.readFileSync(outcome.backup_path!, 'utf8')).toBe(HAND_EDITED);
  });

  it('inspect: reports location, state and what to do next; a config folder alone is not an install', async () => {
    const { file, opts, home } = setUp();
    const before = await inspectClaudeDesktop(opts());
    expect(before).toEqual({
      id: 'claude-desktop',
      name: 'Claude Desktop',
      variant: layout === 'msix' ? 'msix' : layout === 'win32' ? 'classic' : 'standard',
      config_path: file,
      // The Store package folder is the app itself; elsewhere nothing of Claude is in the fixture.
      installed: layout === 'msix',
      detected: layout === 'msix' ? path.join(home, 'AppData', 'Local', 'Packages', 'Claude_pzs8sxrjxfjjc') : null,
      registered: false,
      state: layout === 'msix' ? 'installed' : 'not_installed',
      problem: null,
      next_step: layout === 'msix' ? null : expect.stringMatching(/^Claude Desktop was not found on this computer/),
      // Its config cannot name a remote MCP server: no lab entry for it.
      lab_server: null,
      can_use_lab: false,
    });
    await registerClaudeDesktop(opts());
    expect(await inspectClaudeDesktop(opts())).toMatchObject({
      installed: layout === 'msix',
      registered: true,
      state: 'registered',
      problem: null,
      next_step: expect.stringMatching(/^Quit Claude Desktop completely/),
    });
  });
});

describe('safe editing', () => {
  it('registering twice: the second run is unchanged and writes nothing (no backup, same mtime)', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), HAND_EDITED);
    const first = await registerClaudeDesktop(opts());
    const bytes = fs.readFileSync(file);
    const mtime = fs.statSync(file).mtimeMs;
    const listing = listDir(path.dirname(file));
    const second = await registerClaudeDesktop(opts());
    expect(second).toMatchObject({ action: 'unchanged', backup_path: null });
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(listDir(path.dirname(file))).toEqual(listing);
    expect(backupsOf(file)).toEqual([first.backup_path]);
  });

  it.each([
    ['trailing comma', '{\n  "mcpServers": {\n    "a": {"command": "x"},\n  }\n}\n', 'line 4, column 3'],
    // Truncated: reported just past the last character, where the file ends.
    ['truncated', '{\n  "mcpServers": {\n    "a": {"command": "x"', 'line 3, column 25'],
    ['comments', '{\n  // my tools\n  "mcpServers": {}\n}\n', 'line 2, column 3'],
  ])('unparseable (%s): refused naming file and position; file untouched, no backup, no ledger', async (_n, text, position) => {
    const { home, dataDir, opts } = fixture('darwin');
    const file = writeConfig(claudeConfigPath(home, 'darwin'), text, 0o644);
    const mtime = fs.statSync(file).mtimeMs;
    const listing = listDir(path.dirname(file));
    const err = await refusal(registerClaudeDesktop(opts()));
    expect(err.code).toBe('UNPARSEABLE_CONFIG');
    expect(err.message).toContain(file);
    expect(err.message).toContain(position);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(listDir(path.dirname(file))).toEqual(listing);
    expect(fs.existsSync(path.join(dataDir, 'registrations.json'))).toBe(false);
    expect(await inspectClaudeDesktop(opts())).toMatchObject({ registered: false, problem: err.message });
  });

  it('mcpServers that is not an object is refused, not clobbered', async () => {
    const { home, opts } = fixture('linux');
    const text = '{"mcpServers": ["filesystem"]}';
    const file = writeConfig(claudeConfigPath(home, 'linux'), text);
    const err = await refusal(registerClaudeDesktop(opts()));
    expect(err.code).toBe('NOT_AN_OBJECT');
    expect(err.message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(backupsOf(file)).toEqual([]);
  });

  it('an empty file is treated as {} and is backed up', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), '\n');
    const outcome = await registerClaudeDesktop(opts());
    expect(outcome.action).toBe('added');
    expect(readJson(file)).toEqual({ mcpServers: { 'co-scientist': EXPECTED_ENTRY } });
    expect(fs.readFileSync(outcome.backup_path!, 'utf8')).toBe('\n');
  });

  posixOnly('keeps the file’s permission bits (0o640), and the backup gets them too', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), HAND_EDITED, 0o640);
    const outcome = await registerClaudeDesktop(opts());
    expect(fs.statSync(file).mode & 0o7777).toBe(0o640);
    expect(fs.statSync(outcome.backup_path!).mode & 0o7777).toBe(0o640);
  });

  posixOnly('a symlinked config stays a symlink; its target is edited', async () => {
    const { home, opts } = fixture('linux');
    const real = writeConfig(path.join(home, 'dotfiles', 'claude.json'), '{}\n');
    const link = claudeConfigPath(home, 'linux');
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(real, link);
    await registerClaudeDesktop(opts());
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readJson(real)).toEqual({ mcpServers: { 'co-scientist': EXPECTED_ENTRY } });
  });

  it('when the written file does not read back right, the original is restored and VERIFY_FAILED reported', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), HAND_EDITED, 0o640);
    const garbling: RegistrarIo = {
      writeConfig: (target, content, options) => replaceFileAtomically(target, content.replace('"co-scientist"', '"co-scientisT"'), options),
    };
    const err = await refusal(registerClaudeDesktop(opts(), garbling));
    expect(err.code).toBe('VERIFY_FAILED');
    expect(err.message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(HAND_EDITED);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o7777).toBe(0o640);
  });

  it('a new file that does not verify is removed again', async () => {
    const { home, opts } = fixture('linux');
    const file = claudeConfigPath(home, 'linux');
    const truncating: RegistrarIo = { writeConfig: (target, content, options) => replaceFileAtomically(target, content.slice(0, 20), options) };
    expect((await refusal(registerClaudeDesktop(opts(), truncating))).code).toBe('VERIFY_FAILED');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('if another program rewrites the file mid-edit, nothing is written and no backup is left', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), HAND_EDITED);
    const claudeWritesMeanwhile: RegistrarIo = {
      async writeConfig(target, content, options) {
        fs.writeFileSync(target, '{"theme": "changed by Claude"}');
        await replaceFileAtomically(target, content, options);
      },
    };
    const err = await refusal(registerClaudeDesktop(opts(), claudeWritesMeanwhile));
    expect(err.code).toBe('CONCURRENT_EDIT');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"theme": "changed by Claude"}');
    expect(backupsOf(file)).toEqual([]);
    expect(listDir(path.dirname(file))).toEqual(['claude_desktop_config.json']);
  });

  it('another Co-Scientist process holding the lock gets CONFIG_LOCKED, file untouched', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), HAND_EDITED);
    const { lock } = await import('proper-lockfile');
    const release = await lock(file, { realpath: false });
    try {
      const err = await refusal(registerClaudeDesktop(opts()));
      expect(err.code).toBe('CONFIG_LOCKED');
      expect(fs.readFileSync(file, 'utf8')).toBe(HAND_EDITED);
    } finally {
      await release();
    }
  });

  it('home and launch paths with spaces and non-ASCII: the registered command really starts, without a shell', async () => {
    const { home, opts } = fixture('linux', 'Dr Zoë Ångström 研究 ');
    // A stand-in server at a path as awkward as a real install can be.
    const appRoot = path.join(tempDir('Co Scientist Ünïcødé '), 'App Folder');
    const serverEntry = path.join(appRoot, 'dist', 'mcp', 'server.js');
    fs.mkdirSync(path.dirname(serverEntry), { recursive: true });
    fs.writeFileSync(serverEntry, 'process.stdout.write(JSON.stringify(process.argv.slice(1)));\n');
    const launch = resolveLaunchCommand({ isPackaged: false, execPath: process.execPath, appRoot });

    const outcome = await registerClaudeDesktop(opts({ launch }));
    expect(outcome.config_path.startsWith(home)).toBe(true);
    const entry = (readJson(outcome.config_path) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers['co-scientist']!;
    expect(entry).toEqual({ command: process.execPath, args: [serverEntry, '--client', 'claude-desktop'] });

    const run = spawnSync(entry.command, entry.args, { encoding: 'utf8', shell: false });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([serverEntry, '--client', 'claude-desktop']);
  });
});
