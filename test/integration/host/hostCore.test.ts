// createHost as both hosts use it: real server, real data dir, the route table end to end.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../../src-shared/routes/index.js';
import { createHost, type Host } from '../../../src-main/host/hostCore.js';
import { silentLogger } from '../../unit/src-main/host/fakes.js';
import { removeTempDirs, requireBuiltServer, SERVER_ENTRY, tempDir } from '../../support/realServer.js';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, dropTestDatabase, postgresUnavailableReason } from '../../support/postgresAdmin.js';

const hosts: Host[] = [];
beforeAll(requireBuiltServer);
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
});
afterAll(removeTempDirs);

function newHost(databaseUrl?: string): { host: Host; dataDir: string } {
  const dataDir = tempDir('core');
  const host = createHost({
    dataDir,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    serverCommand: { command: process.execPath, args: [SERVER_ENTRY] },
    hostKind: 'web',
    appVersion: '9.9.9',
    registrationContext: {
      home: tempDir('home'),
      platform: 'linux',
      env: {},
      launch: { command: process.execPath, args: [SERVER_ENTRY] },
    },
    log: silentLogger,
  });
  hosts.push(host);
  return { host, dataDir };
}

describe('createHost', () => {
  it('describes itself and its server in app.info', async () => {
    const { host, dataDir } = newHost();
    await host.start();

    const info = await host.invoke('app.info', {});

    expect(info).toEqual({
      ok: true,
      data: {
        version: '9.9.9',
        data_dir: dataDir,
        host: 'web',
        server: { state: 'ready', protocol_version: expect.any(String), message: null },
      },
    });
  });

  it('starts research as the desktop client and finds it in the list and its status', async () => {
    const { host } = newHost();
    await host.start();

    const started = await host.invoke('projects.start', { goal: 'Explain antibiotic tolerance in biofilms', hypothesis_count: 6 });
    if (!started.ok) throw new Error(started.error.message);
    const listed = await host.invoke('projects.list', {});
    const status = await host.invoke('projects.status', { research_id: started.data.research_id });

    expect(listed).toMatchObject({ ok: true, data: { total: 1, projects: [{ id: started.data.research_id, hypothesis_count: 6 }] } });
    // The host appends `--client desktop`: the GUI's own actions are attributed to the desktop client.
    expect(status).toMatchObject({ ok: true, data: { research_id: started.data.research_id, created_by: 'desktop' } });
  });

  const noPostgres = postgresUnavailableReason();
  it.skipIf(noPostgres !== undefined)(`with a database URL (the web host's --database), the app's server keeps its projects in that PostgreSQL database${noPostgres === undefined ? '' : ` (skipped: ${noPostgres})`}`, async () => {
    const url = await createTestDatabase('host');
    try {
      const { host, dataDir } = newHost(url);
      await host.start();
      const started = await host.invoke('projects.start', { goal: 'Explain antibiotic tolerance in biofilms' });
      if (!started.ok) throw new Error(started.error.message);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const rows = (await client.query<{ created_by: string }>('SELECT created_by FROM projects WHERE id = $1', [started.data.research_id])).rows;
        expect(rows).toEqual([{ created_by: 'desktop' }]);
      } finally {
        await client.end();
      }
      expect(fs.existsSync(path.join(dataDir, 'co-scientist.db'))).toBe(false);
      await host.stop();
    } finally {
      await dropTestDatabase(url);
    }
  });

  it('answers NOT_FOUND for a project that does not exist', async () => {
    const { host } = newHost();
    await host.start();
    expect(await host.invoke('projects.status', { research_id: 'res_missing' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: expect.stringContaining('res_missing') },
    });
  });

  it('fans events out to every listener, survives a throwing one, and stops delivering after unsubscribe', async () => {
    const { host } = newHost();
    const kept: HostEvent[] = [];
    const dropped: HostEvent[] = [];
    host.onEvent(() => {
      throw new Error('a closed window');
    });
    host.onEvent((event) => kept.push(event));
    const unsubscribe = host.onEvent((event) => dropped.push(event));

    await host.start();
    unsubscribe();
    await host.stop();

    expect(kept.map((e) => e.kind === 'server-state' && e.state)).toEqual(['starting', 'ready', 'down']);
    expect(dropped.map((e) => e.kind === 'server-state' && e.state)).toEqual(['starting', 'ready']);
  });

  it('answers SERVER_UNAVAILABLE once stopped, without throwing', async () => {
    const { host } = newHost();
    await host.start();
    await host.stop();
    expect(await host.invoke('projects.list', {})).toMatchObject({ ok: false, error: { code: 'SERVER_UNAVAILABLE' } });
  });
});
