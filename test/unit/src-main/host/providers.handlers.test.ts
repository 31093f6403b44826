// The app side of providers: keys go into the SecretStore and to the server's memory, never back
// to the renderer; every (re)started server is handed the keys again; safeStorage keeps only
// ciphertext on disk, and falls back to memory where it cannot really encrypt.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activateProviders, createProviderHandlers } from '../../../../src-main/host/providers.handlers.js';
import { providerRoutes, type ProviderSettings } from '../../../../src-shared/routes/providers.js';
import { createMemorySecretStore } from '../../../../src-main/host/secrets.js';
import { createSafeStorageSecretStore, safeStorageOf, SECRETS_FILE, type SafeStorageLike } from '../../../../src-main/electron/secretStore.js';
import { makeTempDir } from '../../../support/tempDirs.js';

const SETTINGS: ProviderSettings = {
  name: 'anthropic',
  kind: 'anthropic',
  base_url: 'https://api.anthropic.com',
  models: { generation: 'claude-gen' },
  concurrency: 4,
  timeout_seconds: 120,
  max_retries: 3,
  prices: {},
  enabled: true,
};
const VIEW = { ...SETTINGS, has_key: true, availability: 'ready', problem: null };

function fakeTool() {
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  const tool = async (name: string, args: Record<string, unknown>) => {
    calls.push({ name, args });
    if (args.action === 'test') return { ok: true as const, data: { test: { ok: true, latency_ms: 5, model: 'claude-gen', message: 'ok' } } };
    return { ok: true as const, data: { providers: [VIEW], active: true, test: null, project: null } };
  };
  return { tool, calls };
}

describe('provider routes', () => {
  it('store a new key, send it to the server once, and never return it', async () => {
    const secrets = createMemorySecretStore();
    const { tool, calls } = fakeTool();
    const handlers = createProviderHandlers(tool, secrets);
    const result = await handlers['providers.set']({ provider: SETTINGS, api_key: 'sk-ant-new' });
    expect(await secrets.get('anthropic')).toBe('sk-ant-new');
    expect(calls.map((c) => c.args.action)).toEqual(['set', 'activate']);
    expect(calls[0]?.args.api_key).toBe('sk-ant-new');
    expect(calls[1]?.args.api_keys).toEqual({ anthropic: 'sk-ant-new' });
    expect(result).toEqual({ ok: true, data: { providers: [VIEW], active: true, keys_persist: false, key_storage: expect.stringMatching(/memory only/) } });
    expect(JSON.stringify(providerRoutes['providers.get'].output.parse((result as { data: unknown }).data))).not.toContain('sk-ant-new');
  });

  it('keep the stored key when the form leaves the key empty, and forget it on null', async () => {
    const secrets = createMemorySecretStore();
    await secrets.set('anthropic', 'sk-ant-kept');
    const { tool, calls } = fakeTool();
    const handlers = createProviderHandlers(tool, secrets);
    await handlers['providers.set']({ provider: SETTINGS });
    expect(calls[0]?.args).not.toHaveProperty('api_key');
    expect(await secrets.get('anthropic')).toBe('sk-ant-kept');
    await handlers['providers.set']({ provider: SETTINGS, api_key: null });
    expect(await secrets.get('anthropic')).toBeNull();
  });

  it('test the form\'s settings with the stored key when none was typed', async () => {
    const secrets = createMemorySecretStore();
    await secrets.set('anthropic', 'sk-ant-kept');
    const { tool, calls } = fakeTool();
    const result = await createProviderHandlers(tool, secrets)['providers.test']({ provider: SETTINGS });
    expect(calls[0]?.args).toMatchObject({ action: 'test', provider: SETTINGS, api_key: 'sk-ant-kept' });
    expect(result).toEqual({ ok: true, data: { ok: true, latency_ms: 5, model: 'claude-gen', message: 'ok' } });
  });

  it('set a project\'s reasoners and budgets, sending only what changed', async () => {
    const { tool, calls } = fakeTool();
    await createProviderHandlers(tool, createMemorySecretStore())['providers.project']({ research_id: 'res_1', reasoner_order: ['sampling', 'delegated'], max_cost_usd: null });
    expect(calls[0]).toEqual({ name: 'configure_providers', args: { action: 'project', research_id: 'res_1', reasoner_order: ['sampling', 'delegated'], max_cost_usd: null } });
  });

  it('remove the key with the provider', async () => {
    const secrets = createMemorySecretStore();
    await secrets.set('anthropic', 'sk-ant-kept');
    const { tool } = fakeTool();
    await createProviderHandlers(tool, secrets)['providers.remove']({ name: 'anthropic' });
    expect(await secrets.all()).toEqual({});
  });

  it('hand every stored key to a (re)started server', async () => {
    const secrets = createMemorySecretStore();
    await secrets.set('anthropic', 'sk-a');
    await secrets.set('openai', 'sk-o');
    const { tool, calls } = fakeTool();
    await activateProviders(tool, secrets, () => undefined);
    expect(calls).toEqual([{ name: 'configure_providers', args: { action: 'activate', api_keys: { anthropic: 'sk-a', openai: 'sk-o' } } }]);
  });
});

/** A stand-in for the OS keychain: reversible, and visibly not the plain text. */
function fakeSafeStorage(overrides: Partial<SafeStorageLike> = {}): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (plain) => Buffer.from(`enc:${[...plain].reverse().join('')}`),
    decryptString: (cipher) => [...cipher.toString().replace(/^enc:/, '')].reverse().join(''),
    getSelectedStorageBackend: () => 'gnome_libsecret',
    ...overrides,
  };
}

describe('safeStorage secret store', () => {
  const dataDir = () => makeTempDir('cosci-secrets-');

  it('keeps only ciphertext on disk, private to the user, and reads it back', async () => {
    const dir = dataDir();
    const store = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), dataDir: dir, platform: 'linux', warn: () => undefined });
    await store.set('anthropic', 'sk-ant-secret-1');
    await store.set('openai', 'sk-openai-secret-2');
    const file = path.join(dir, SECRETS_FILE);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('sk-ant-secret-1');
    expect(text).not.toContain('sk-openai-secret-2');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const reopened = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), dataDir: dir, platform: 'linux', warn: () => undefined });
    expect(reopened.persistent).toBe(true);
    expect(await reopened.all()).toEqual({ anthropic: 'sk-ant-secret-1', openai: 'sk-openai-secret-2' });
    await reopened.set('anthropic', null);
    expect(await reopened.get('anthropic')).toBeNull();
  });

  it.each([
    ['no keychain', fakeSafeStorage({ isEncryptionAvailable: () => false })],
    ['Linux basic_text (obfuscation, not encryption)', fakeSafeStorage({ getSelectedStorageBackend: () => 'basic_text' })],
    ['no safeStorage at all', undefined],
  ])('keeps keys in memory only with %s, and says so', async (_label, safeStorage) => {
    const dir = dataDir();
    const warnings: string[] = [];
    const store = createSafeStorageSecretStore({ safeStorage, dataDir: dir, platform: 'linux', warn: (m) => warnings.push(m) });
    await store.set('anthropic', 'sk-ant-secret-1');
    expect(await store.get('anthropic')).toBe('sk-ant-secret-1');
    expect(store.persistent).toBe(false);
    expect(store.description).toMatch(/memory only/);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('reads safeStorage from Electron only where it exists', () => {
    const safeStorage = fakeSafeStorage();
    expect(safeStorageOf({ safeStorage })).toBe(safeStorage);
    expect(safeStorageOf({ app: {} })).toBeUndefined();
  });
});
