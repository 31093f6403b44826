// The ledger: our own entry is repaired silently, an entry the scientist changed is never
// overwritten without showing the difference and getting a yes.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerClaudeDesktop } from '../../../../../src-main/host/registration/index.js';
import type { LaunchCommand } from '../../../../../src-main/host/registration/index.js';
import { backupsOf, claudeConfigPath, EXPECTED_ENTRY, fixture, readJson, refusal, writeConfig } from './helpers.js';

type Config = { mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> };

/** The scientist opens the file in an editor and changes our entry. */
function editOurEntry(file: string, change: (entry: Config['mcpServers'][string]) => void): string {
  const config = readJson(file) as Config;
  change(config.mcpServers['co-scientist']!);
  const text = `${JSON.stringify(config, null, 2)}\n`;
  fs.writeFileSync(file, text);
  return text;
}

const MOVED: LaunchCommand = {
  command: '/Applications/Co-Scientist 2.app/Contents/MacOS/Co-Scientist',
  args: ['/Applications/Co-Scientist 2.app/Contents/Resources/app.asar.unpacked/dist/mcp/server.js'],
  env: { ELECTRON_RUN_AS_NODE: '1' },
};

describe('an entry the scientist changed', () => {
  it('is not overwritten: CHANGED_BY_USER with a readable diff, file untouched; with force it is replaced', async () => {
    const { home, opts } = fixture('darwin');
    const file = claudeConfigPath(home, 'darwin');
    await registerClaudeDesktop(opts());
    const edited = editOurEntry(file, (e) => {
      e.env = { ...e.env, COSCI_DATA_DIR: '/Volumes/Lab/cosci' };
    });

    const err = await refusal(registerClaudeDesktop(opts()));
    expect(err.code).toBe('CHANGED_BY_USER');
    expect(err.message).toContain(file);
    expect(err.details.change?.diff).toContain('-     "COSCI_DATA_DIR": "/Volumes/Lab/cosci"');
    expect(err.details.change?.diff).toMatch(/^\+ {5}"ELECTRON_RUN_AS_NODE": "1"$/m);
    expect(err.details.change?.existing).toContain('COSCI_DATA_DIR');
    expect(err.details.change?.proposed).toBe(JSON.stringify(EXPECTED_ENTRY, null, 2));
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
    expect(backupsOf(file)).toEqual([]);

    const forced = await registerClaudeDesktop(opts({ force: true }));
    expect(forced.action).toBe('updated');
    expect((readJson(file) as Config).mcpServers['co-scientist']).toEqual(EXPECTED_ENTRY);
    expect(fs.readFileSync(forced.backup_path!, 'utf8')).toBe(edited);
  });

  it('an existing entry we have no record of is treated the same way (ask first)', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(
      claudeConfigPath(home, 'linux'),
      JSON.stringify({ mcpServers: { 'co-scientist': { command: '/usr/local/bin/node', args: ['/src/cosci/server.js'] } } }),
    );
    const err = await refusal(registerClaudeDesktop(opts()));
    expect(err.code).toBe('CHANGED_BY_USER');
    expect(err.details.change?.diff).toContain('-   "command": "/usr/local/bin/node",');
    expect(fs.readFileSync(file, 'utf8')).toContain('/src/cosci/server.js');
  });

  it('an existing entry equal to ours but unrecorded is adopted: unchanged, and the ledger learns it', async () => {
    const { home, dataDir, opts } = fixture('linux');
    writeConfig(claudeConfigPath(home, 'linux'), JSON.stringify({ mcpServers: { 'co-scientist': EXPECTED_ENTRY } }));
    expect((await registerClaudeDesktop(opts())).action).toBe('unchanged');
    expect(fs.existsSync(path.join(dataDir, 'registrations.json'))).toBe(true);
    // Now that it is recorded, moving the app repairs it without asking.
    expect((await registerClaudeDesktop(opts({ launch: MOVED }))).action).toBe('updated');
  });

  it('equal but with keys in another order counts as unchanged', async () => {
    const { home, opts } = fixture('linux');
    const { env, args, command } = EXPECTED_ENTRY;
    const text = JSON.stringify({ mcpServers: { 'co-scientist': { env, args, command } } });
    const file = writeConfig(claudeConfigPath(home, 'linux'), text);
    expect((await registerClaudeDesktop(opts())).action).toBe('unchanged');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('our own entry', () => {
  it('is repaired silently after the app moved, and later user edits are still caught', async () => {
    const { home, opts } = fixture('win32');
    const file = claudeConfigPath(home, 'win32');
    await registerClaudeDesktop(opts());
    const moved = await registerClaudeDesktop(opts({ launch: MOVED }));
    expect(moved.action).toBe('updated');
    expect((readJson(file) as Config).mcpServers['co-scientist']!.command).toBe(MOVED.command);

    editOurEntry(file, (e) => e.args.push('--verbose'));
    expect((await refusal(registerClaudeDesktop(opts()))).code).toBe('CHANGED_BY_USER');
  });

  it('a corrupt ledger is read as empty, which errs on asking', async () => {
    const { home, dataDir, opts } = fixture('linux');
    await registerClaudeDesktop(opts());
    fs.writeFileSync(path.join(dataDir, 'registrations.json'), '{ not json');
    expect((await refusal(registerClaudeDesktop(opts({ launch: MOVED })))).code).toBe('CHANGED_BY_USER');
    expect((readJson(claudeConfigPath(home, 'linux')) as Config).mcpServers['co-scientist']).toEqual(EXPECTED_ENTRY);
  });

  it('records are per config file: a record for another file does not vouch for this one', async () => {
    const { home, dataDir, opts } = fixture('linux');
    await registerClaudeDesktop(opts());
    const ledgerFile = path.join(dataDir, 'registrations.json');
    const ledger = readJson(ledgerFile) as { registrations: Array<{ config_path: string }> };
    ledger.registrations[0]!.config_path = '/elsewhere/claude_desktop_config.json';
    fs.writeFileSync(ledgerFile, JSON.stringify(ledger));
    expect((await refusal(registerClaudeDesktop(opts({ launch: MOVED })))).code).toBe('CHANGED_BY_USER');
    expect((readJson(claudeConfigPath(home, 'linux')) as Config).mcpServers['co-scientist']).toEqual(EXPECTED_ENTRY);
  });
});
