// The check at every start: our own, unchanged registrations that no longer start this app are
// repaired; whatever the scientist changed or removed is reported and left alone.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LaunchCommand } from '../../../../../src-main/host/registration/index.js';
import { claudeDesktop, CLIENTS, recheckRegistrations, registerClient, targetFor } from '../../../../../src-main/host/registration/index.js';
import { claudeConfigPath, fixture, LAUNCH, MOVED_LAUNCH, readJson, tempDir, writeConfig, writeExecutable } from './helpers.js';

const codex = CLIENTS.find((c) => c.id === 'codex')!;

/** A launch whose command and server file really exist (so it is not stale). */
function installedLaunch(packaged: boolean): LaunchCommand {
  const dir = tempDir('cosci app ');
  const command = writeExecutable(path.join(dir, packaged ? 'Co-Scientist' : 'node'));
  const entry = path.join(dir, 'dist', 'mcp', 'server.js');
  writeConfig(entry, '');
  return { command, args: [entry], ...(packaged ? { env: { ELECTRON_RUN_AS_NODE: '1' } } : {}) };
}

describe('recheckRegistrations', () => {
  it('nothing recorded: nothing to do, nothing read', async () => {
    const { opts } = fixture('linux');
    expect(await recheckRegistrations(opts())).toEqual([]);
  });

  it('repairs our entries whose command is gone (the app moved), in every format, and reports the rest as ok', async () => {
    const { home, opts } = fixture('darwin');
    await registerClient(claudeDesktop, opts({ launch: MOVED_LAUNCH }));
    await registerClient(codex, opts({ launch: MOVED_LAUNCH }));
    const reports = await recheckRegistrations(opts());
    expect(reports.map((r) => [r.client, r.outcome])).toEqual([
      ['claude-desktop', 'repaired'],
      ['codex', 'repaired'],
    ]);
    const entry = (readJson(claudeConfigPath(home, 'darwin')).mcpServers as Record<string, { command: string }>)['co-scientist'];
    expect(entry?.command).toBe(LAUNCH.command);
    expect((await recheckRegistrations(opts())).map((r) => r.outcome)).toEqual(['ok', 'ok']);
  });

  it('a working registration from another development checkout is moved to this one', async () => {
    const { opts } = fixture('linux');
    await registerClient(claudeDesktop, opts({ launch: installedLaunch(false) }));
    const current = installedLaunch(false);
    expect((await recheckRegistrations(opts({ launch: current })))[0]?.outcome).toBe('repaired');
  });

  it('a development build leaves the installed app’s working registration alone', async () => {
    const { home, opts } = fixture('linux');
    const packaged = installedLaunch(true);
    await registerClient(claudeDesktop, opts({ launch: packaged }));
    const before = fs.readFileSync(claudeConfigPath(home, 'linux'), 'utf8');
    const [report] = await recheckRegistrations(opts({ launch: installedLaunch(false) }));
    expect(report).toMatchObject({ outcome: 'kept', message: expect.stringContaining(packaged.command) });
    expect(fs.readFileSync(claudeConfigPath(home, 'linux'), 'utf8')).toBe(before);
  });

  it('an entry the scientist edited is reported, not touched', async () => {
    const { home, opts } = fixture('linux');
    await registerClient(claudeDesktop, opts({ launch: MOVED_LAUNCH }));
    const file = claudeConfigPath(home, 'linux');
    const edited = fs.readFileSync(file, 'utf8').replace('"--client"', '"--verbose", "--client"');
    fs.writeFileSync(file, edited);
    expect((await recheckRegistrations(opts()))[0]).toMatchObject({ outcome: 'changed_by_user', message: expect.stringContaining(file) });
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
  });

  it('an entry the scientist removed is not added back, and is no longer tracked', async () => {
    const { home, dataDir, opts } = fixture('linux');
    await registerClient(claudeDesktop, opts({ launch: MOVED_LAUNCH }));
    const file = claudeConfigPath(home, 'linux');
    fs.writeFileSync(file, '{"mcpServers": {}}');
    expect((await recheckRegistrations(opts()))[0]?.outcome).toBe('removed_by_user');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"mcpServers": {}}');
    expect((readJson(path.join(dataDir, 'registrations.json')) as { registrations: unknown[] }).registrations).toEqual([]);
    expect(await recheckRegistrations(opts())).toEqual([]);
  });

  it('a file that no longer parses is reported as failed with the reason; a client it does not know is skipped', async () => {
    const { home, dataDir, opts } = fixture('linux');
    await registerClient(claudeDesktop, opts({ launch: MOVED_LAUNCH }));
    const ledgerFile = path.join(dataDir, 'registrations.json');
    const ledger = readJson(ledgerFile) as { registrations: object[] };
    ledger.registrations.push({ client: 'clippy', config_path: '/x', entry_sha256: 'y', written_at: 'z' });
    fs.writeFileSync(ledgerFile, JSON.stringify(ledger));
    fs.writeFileSync(claudeConfigPath(home, 'linux'), '{"mcpServers": ');
    const reports = await recheckRegistrations(opts());
    expect(reports).toEqual([expect.objectContaining({ client: 'claude-desktop', outcome: 'failed', message: expect.stringMatching(/not valid JSON/) })]);
  });
});

// An assistant pointed at a lab server (`register --server`, the app's Connect on the lab side) is
// where the scientist wants it: the check at start must not turn it back into this computer's server.
describe('recheckRegistrations and lab server entries', () => {
  it('leaves an entry for a lab server as it is, in every format', async () => {
    const { opts } = fixture('linux');
    const lab = { url: 'https://cosci.lab.example/mcp' };
    const cursor = CLIENTS.find((c) => c.id === 'cursor')!;
    await registerClient(cursor, { ...opts(), launch: lab });
    await registerClient(codex, { ...opts(), launch: lab });
    const files = [cursor, codex].map((client) => targetFor(client, opts()).location.path);
    const before = files.map((file) => fs.readFileSync(file, 'utf8'));
    const reports = await recheckRegistrations(opts());
    expect(reports.map((r) => [r.client, r.outcome])).toEqual([
      ['cursor', 'kept'],
      ['codex', 'kept'],
    ]);
    expect(reports[0]?.message).toContain(lab.url);
    expect(files.map((file) => fs.readFileSync(file, 'utf8'))).toEqual(before);
  });
});
