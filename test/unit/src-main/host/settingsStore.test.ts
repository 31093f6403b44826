// The desktop settings file: defaults when absent, atomic writes, bad files set aside, not trusted.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS, SETTINGS_FILE } from '../../../../src-main/host/settingsStore.js';
import { silentLogger } from './fakes.js';
import { makeTempDir } from '../../../support/tempDirs.js';

function dataDir(): string {
  return makeTempDir('cosci-settings-');
}

describe('desktop settings store', () => {
  it('answers the defaults before anything was saved, and writes nothing', async () => {
    const dir = dataDir();
    expect(await createSettingsStore(dir, silentLogger).get()).toEqual({ ok: true, data: DEFAULT_SETTINGS });
    expect(fs.existsSync(path.join(dir, SETTINGS_FILE))).toBe(false);
  });

  it('saves a change over the current settings, to a file another store instance reads back', async () => {
    const dir = dataDir();
    const store = createSettingsStore(dir, silentLogger);
    await store.set({ theme: 'dark' });
    // Kinds are kept in workflow order whatever order they came in.
    const saved = await store.set({ default_pause_at: ['final_report', 'research_plan'] });
    expect(saved).toEqual({ ok: true, data: { theme: 'dark', default_pause_at: ['research_plan', 'final_report'] } });
    expect(await createSettingsStore(dir, silentLogger).get()).toEqual(saved);
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
    if (process.platform !== 'win32') expect(fs.statSync(path.join(dir, SETTINGS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('applies concurrent changes one after the other, losing none', async () => {
    const store = createSettingsStore(dataDir(), silentLogger);
    await Promise.all([store.set({ theme: 'light' }), store.set({ default_pause_at: [] })]);
    expect(await store.get()).toEqual({ ok: true, data: { theme: 'light', default_pause_at: [] } });
  });

  it('refuses invalid values and keeps what was stored', async () => {
    const store = createSettingsStore(dataDir(), silentLogger);
    await store.set({ theme: 'dark' });
    const refused = await store.set({ theme: 'purple' as never });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await store.get()).toMatchObject({ data: { theme: 'dark' } });
  });

  it('sets a file that is not JSON aside and falls back to the defaults; a bad field falls back alone', async () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{ theme: dark');
    expect(await createSettingsStore(dir, silentLogger).get()).toEqual({ ok: true, data: DEFAULT_SETTINGS });
    expect(fs.readdirSync(dir).some((name) => name.startsWith(`${SETTINGS_FILE}.unreadable-`))).toBe(true);

    fs.writeFileSync(path.join(dir, SETTINGS_FILE), JSON.stringify({ theme: 'dark', default_pause_at: 'everything' }));
    expect(await createSettingsStore(dir, silentLogger).get()).toEqual({ ok: true, data: { theme: 'dark', default_pause_at: DEFAULT_SETTINGS.default_pause_at } });
  });
});
