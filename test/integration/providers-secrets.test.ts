// API keys reach the desktop's server through configure_providers and stay in its memory: never in
// the database, the audit log, the server log or a task's error — even when an API echoes the key
// back in an error message.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { connectServer, tempDataDir } from '../support/server.js';
import { callOk, configureProvider, startFakeProvider, waitForStatus } from '../support/fakeProviders.js';
import { storeRows, storeSummaries } from '../support/storeInspector.js';
import { serversAndFakesClosedAfterEach } from '../support/closedAfterEach.js';
import { toolErrorOf } from '../support/toolErrors.js';

const { open, fakes } = serversAndFakesClosedAfterEach();

const GOOD_KEY = 'sk-ant-good-7f3c9a1e5b2d4c6e';
const WRONG_KEY = 'sk-ant-wrong-0e9d8c7b6a5f4e3d';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

describe('provider keys', () => {
  it('are never written to the database, the audit log, task errors or the server log', async () => {
    const dataDir = tempDataDir();
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    open.push(desktop);
    // An API that quotes the key it refused, as some do.
    const fake = await startFakeProvider({
      protocol: 'anthropic',
      summaries: storeSummaries(dataDir),
      script: (request) => {
        const presented = String(request.headers['x-api-key']);
        return presented === GOOD_KEY ? undefined : { kind: 'status', status: 401, body: { error: { message: `invalid x-api-key ${presented}` } } };
      },
    });
    fakes.push(fake);
    await configureProvider(desktop, { protocol: 'anthropic', url: fake.url, apiKey: WRONG_KEY });
    const started = await callOk(desktop, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 2, pause_at: [] });
    const researchId = started.research_id as string;
    const rejected = await waitForStatus(desktop, researchId, (s) => s.status === 'paused', 30_000, 'the refused key to pause the run');
    expect(rejected.stop_reason).toContain('invalid x-api-key [REDACTED]');

    await callOk(desktop, 'configure_providers', { action: 'set', provider: { name: 'anthropic', kind: 'anthropic', base_url: fake.url, models: { generation: 'gen-model' } }, api_key: GOOD_KEY });
    await callOk(desktop, 'manage_research', { research_id: researchId, action: 'resume' });
    await waitForStatus(desktop, researchId, (s) => s.status === 'completed', 45_000, 'the run to complete');
    // The keys did reach the API.
    expect(fake.requests.some((r) => r.headers['x-api-key'] === GOOD_KEY)).toBe(true);

    const audit = await storeRows<{ arguments: string }>(dataDir, "SELECT arguments FROM audit_log WHERE action = 'tool:configure_providers'");
    expect(audit.map((row) => JSON.parse(row.arguments) as Record<string, unknown>)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'set', api_key: '[REDACTED]' }), expect.objectContaining({ action: 'activate', api_keys: '[REDACTED]' })]),
    );
    await desktop.close();
    for (const file of filesUnder(dataDir)) {
      const bytes = fs.readFileSync(file);
      for (const key of [GOOD_KEY, WRONG_KEY]) expect(bytes.includes(key), `${key} in ${file}`).toBe(false);
    }
    for (const key of [GOOD_KEY, WRONG_KEY]) expect(desktop.stderr()).not.toContain(key);
  }, 90_000);

  it('are refused over plain http to another machine', async () => {
    const desktop = await connectServer({ dataDir: tempDataDir(), client: 'desktop' });
    open.push(desktop);
    const listed = await configureProvider(desktop, { protocol: 'openai', url: 'http://models.example.org/v1', apiKey: GOOD_KEY });
    expect((listed.providers as Array<{ availability: string; problem: string }>)[0]).toMatchObject({ availability: 'insecure_url', problem: expect.stringMatching(/unencrypted/) });
  });

  it('are only accepted from the desktop app', async () => {
    const assistant = await connectServer({ dataDir: tempDataDir(), client: 'claude-desktop' });
    open.push(assistant);
    const refused = await assistant.client.callTool({ name: 'configure_providers', arguments: { action: 'activate', api_keys: { anthropic: GOOD_KEY } } });
    expect(refused.isError).toBe(true);
    expect(toolErrorOf(refused).code).toBe('insufficient_permissions');
  });
});
