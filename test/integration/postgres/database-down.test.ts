// PostgreSQL stops answering under a running server (a proxy cut in front of the test cluster),
// then comes back: calls fail with the coded, retryable database_unavailable saying what is wrong,
// nothing of a failed call is left behind, and the server answers again by itself.
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { callOk, connectServer, tempDataDir, type ConnectedServer } from '../../support/server.js';
import { toolErrorOf } from '../../support/toolErrors.js';
import { cuttableProxy, type CuttableProxy } from '../../support/cuttableProxy.js';
import { postgresUnavailableReason, usePostgresDatabase } from '../../support/postgresDatabase.js';

const unavailable = postgresUnavailableReason();

describe.skipIf(unavailable !== undefined)(`PostgreSQL down and back under a running server${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  const databases = usePostgresDatabase('down');
  let proxy: CuttableProxy | undefined;
  let server: ConnectedServer | undefined;
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  async function projectCount(): Promise<number> {
    const client = new pg.Client({ connectionString: databases.url() });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM projects')).rows[0]?.n);
    } finally {
      await client.end();
    }
  }

  it('answers database_unavailable while it is down, leaves nothing half-written, and recovers by itself', async () => {
    proxy = await cuttableProxy(databases.url());
    server = await connectServer({ dataDir: tempDataDir('cosci-pg-down'), client: 'claude-code', env: { COSCI_DATABASE_URL: proxy.url } });
    await callOk(server, 'start_research', { goal: 'Why do tardigrades survive desiccation so well?' });
    expect(await projectCount()).toBe(1);

    proxy.cut();
    for (const name of ['start_research', 'list_research_projects'] as const) {
      const refused = toolErrorOf(await server.client.callTool({ name, arguments: name === 'start_research' ? { goal: 'Which soil bacteria fix nitrogen best in drought?' } : {} }));
      expect(refused.code).toBe('database_unavailable');
      expect(refused.message).toMatch(/^PostgreSQL at postgres:\/\/.*127\.0\.0\.1:\d+\/cosci_down_\w+ is not answering \(.*\)\. This call's changes were not saved; the server reconnects by itself when the database is back, so retry in a moment\.$/);
      expect(refused.details).toEqual({ retryable: true });
    }
    expect(await projectCount()).toBe(1);

    proxy.restore();
    await vi.waitFor(async () => {
      const listed = await server?.client.callTool({ name: 'list_research_projects', arguments: {} });
      expect(listed?.isError ?? false).toBe(false);
    }, { timeout: 15_000, interval: 250 });
    await callOk(server, 'start_research', { goal: 'Which soil bacteria fix nitrogen best in drought?' });
    expect(await projectCount()).toBe(2);
  }, 60_000);
});
