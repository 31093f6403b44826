import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RegistrationError, registerClaudeDesktop, unregisterClaudeDesktop } from '../../../../../src-main/host/registration/index.js';
import { backupsOf, claudeConfigPath, EXPECTED_ENTRY, fixture, readJson, writeConfig } from './helpers.js';

const WITH_OTHERS = '{\n\t"mcpServers": {\n\t\t"filesystem": {"command": "npx", "args": ["-y", "server-filesystem"]}\n\t},\n\t"theme": "dark"\n}';

describe('unregisterClaudeDesktop', () => {
  it('removes only our entry: register + unregister gives back the original bytes', async () => {
    const { home, dataDir, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), WITH_OTHERS);
    await registerClaudeDesktop(opts());
    const outcome = await unregisterClaudeDesktop(opts());
    expect(outcome).toMatchObject({ id: 'claude-desktop', action: 'removed', config_path: file });
    expect(outcome.next_step).toMatch(/no longer appears/);
    expect(fs.readFileSync(file, 'utf8')).toBe(WITH_OTHERS);
    expect(fs.readFileSync(outcome.backup_path!, 'utf8')).toContain('"co-scientist"');
    const ledger = readJson(path.join(dataDir, 'registrations.json')) as { registrations: unknown[] };
    expect(ledger.registrations).toEqual([]);
  });

  it('gives back the exact bytes of an empty servers object spread over lines (Zed\'s default settings), and of a compact one', async () => {
    const { home, opts } = fixture('linux');
    const file = claudeConfigPath(home, 'linux');
    // Before: `{\n  }` came back as `{}`.
    for (const original of ['{\n  "mcpServers": {\n  },\n  "theme": "dark"\n}\n', '{"mcpServers": {}, "theme": "dark"}', '{\n\t"mcpServers": {  }\n}']) {
      writeConfig(file, original);
      await registerClaudeDesktop(opts());
      expect(fs.readFileSync(file, 'utf8')).toContain('"co-scientist"');
      await unregisterClaudeDesktop(opts());
      expect(fs.readFileSync(file, 'utf8')).toBe(original);
    }
  });

  it('no config file: absent, and nothing is created', async () => {
    const { home, opts } = fixture('darwin');
    expect((await unregisterClaudeDesktop(opts())).action).toBe('absent');
    expect(fs.existsSync(path.join(home, 'Library'))).toBe(false);
  });

  it('no entry of ours: absent, file untouched, no backup', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), WITH_OTHERS);
    expect((await unregisterClaudeDesktop(opts())).action).toBe('absent');
    expect(fs.readFileSync(file, 'utf8')).toBe(WITH_OTHERS);
    expect(backupsOf(file)).toEqual([]);
  });

  it('an entry the scientist changed is removed only with force', async () => {
    const { home, opts } = fixture('linux');
    const text = JSON.stringify({ mcpServers: { 'co-scientist': { command: '/my/node', args: ['/my/server.js'] } } });
    const file = writeConfig(claudeConfigPath(home, 'linux'), text);
    const refused = await unregisterClaudeDesktop(opts()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RegistrationError);
    expect((refused as RegistrationError).code).toBe('CHANGED_BY_USER');
    expect((refused as RegistrationError).details.change?.proposed).toBeNull();
    expect((refused as RegistrationError).message).toMatch(/confirm to remove it/);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);

    expect((await unregisterClaudeDesktop(opts({ force: true }))).action).toBe('removed');
    expect(readJson(file)).toEqual({ mcpServers: {} });
  });

  it('an unrecorded entry identical to what this app would write is ours to remove', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), JSON.stringify({ mcpServers: { 'co-scientist': EXPECTED_ENTRY, x: {} } }));
    expect((await unregisterClaudeDesktop(opts())).action).toBe('removed');
    expect(readJson(file)).toEqual({ mcpServers: { x: {} } });
  });

  it('refuses an unparseable file without touching it', async () => {
    const { home, opts } = fixture('linux');
    const file = writeConfig(claudeConfigPath(home, 'linux'), '{"mcpServers": {"co-scientist": {}},}');
    const refused = await unregisterClaudeDesktop(opts()).catch((e: unknown) => e);
    expect((refused as RegistrationError).code).toBe('UNPARSEABLE_CONFIG');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"mcpServers": {"co-scientist": {}},}');
  });
});
