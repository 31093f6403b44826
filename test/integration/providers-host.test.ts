// The app's providers end to end: the host (as both hosts use it) spawns its own research server,
// hands it the stored keys when it is ready — again after every restart — and the Settings routes
// configure, test and use a provider; a project started from the app then runs in the background.
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../src-main/host/hostCore.js';
import { createMemorySecretStore, type SecretStore } from '../../src-main/host/secrets.js';
import type { ProvidersState } from '../../src-shared/routes/index.js';
import { assertServerBuilt, SERVER_ENTRY, tempDataDir } from '../support/server.js';
import { startFakeProvider, type FakeProvider } from '../support/fakeProviders.js';
import { storeSummaries } from '../support/storeInspector.js';
import { makeTempDir } from '../support/tempDirs.js';

const hosts: Host[] = [];
const fakes: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, child: () => silent };
const KEY = 'sk-ant-host-test-0123456789';

function newHost(dataDir: string, secrets: SecretStore): Host {
  assertServerBuilt();
  const host = createHost({
    dataDir,
    serverCommand: { command: process.execPath, args: [SERVER_ENTRY] },
    hostKind: 'web',
    appVersion: '9.9.9',
    registrationContext: { home: makeTempDir('cosci-home-'), platform: 'linux', env: {}, launch: { command: process.execPath, args: [SERVER_ENTRY] } },
    log: silent,
    secrets,
  });
  hosts.push(host);
  return host;
}

async function ok<T>(host: Host, route: string, input: unknown): Promise<T> {
  const result = await host.invoke(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('providers in the app', () => {
  it('configures, tests and uses a provider; the server gets the keys again after a restart', async () => {
    const dataDir = tempDataDir();
    const secrets = createMemorySecretStore();
    let host = newHost(dataDir, secrets);
    await host.start();
    const fake = await startFakeProvider({ protocol: 'anthropic', apiKey: KEY, summaries: storeSummaries(dataDir) });
    fakes.push(fake);
    const settings = { name: 'anthropic', kind: 'anthropic', base_url: fake.url, models: { generation: 'gen-model' }, concurrency: 2, timeout_seconds: 10, max_retries: 1, prices: {}, enabled: true };

    // The form's Test connection, before saving: with the key typed in it.
    expect(await ok(host, 'providers.test', { provider: settings, api_key: 'sk-ant-wrong-000000' })).toMatchObject({ ok: false, message: expect.stringMatching(/rejected the API key/) });
    expect(await ok(host, 'providers.test', { provider: settings, api_key: KEY })).toMatchObject({ ok: true, model: 'gen-model' });

    const saved = await ok<ProvidersState>(host, 'providers.set', { provider: settings, api_key: KEY });
    expect(saved).toMatchObject({ active: true, keys_persist: false, providers: [{ name: 'anthropic', has_key: true, availability: 'ready' }] });
    expect(JSON.stringify(saved)).not.toContain(KEY);

    const started = await ok<{ research_id: string }>(host, 'projects.start', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 2, pause_at: [] });
    const done = await until(() => ok<{ status: string }>(host, 'projects.status', { research_id: started.research_id }), (s) => s.status === 'completed', 'the background run');
    expect(done.status).toBe('completed');

    // A new server process (the app restarted) knows the provider from the database and gets the key from the host again.
    await host.stop();
    host = newHost(dataDir, secrets);
    await host.start();
    const again = await until(() => ok<ProvidersState>(host, 'providers.get', {}), (s) => s.active, 'the restarted server to be activated');
    expect(again.providers).toMatchObject([{ name: 'anthropic', has_key: true, availability: 'ready' }]);

    // A project's reasoners, from the app.
    expect(await ok(host, 'providers.project', { research_id: started.research_id, reasoner_order: ['delegated'], max_tokens: 5000 })).toEqual({ research_id: started.research_id, reasoner_order: ['delegated'], max_tokens: 5000, max_cost_usd: null });
    await ok(host, 'providers.remove', { name: 'anthropic' });
    expect(await secrets.all()).toEqual({});
    expect(await ok(host, 'providers.get', {})).toMatchObject({ providers: [] });
  }, 90_000);
});
