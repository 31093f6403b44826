// Settings → Research database (issue 30): the desktop host moves this computer's research server
// from the SQLite file to a PostgreSQL database the scientist names, and back. A choice takes
// effect only once a server started on it answered; a URL that is not one, carries a password, or
// names a database the server cannot use changes nothing; the choice survives a restart of the
// app; a database given at the app's start wins. Real parts: the built server, the run's cluster.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Host } from '../../../src-main/host/hostCore.js';
import { DATABASE_CHOICE_FILE, readDatabaseChoice } from '../../../src-shared/node/databaseUrl.js';
import { callOk, connectServer } from '../../support/server.js';
import { databasePath } from '../../../src-shared/node/dataDir.js';
import { removeTempDirs, tempDir } from '../../support/realServer.js';
import { desktopHost, routeData as ok } from '../../support/desktopHost.js';
import { postgresUnavailableReason, usePostgresDatabase } from '../../support/postgresDatabase.js';

const unavailable = postgresUnavailableReason();

describe.skipIf(unavailable !== undefined)(`the desktop app's research database setting${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  const databases = usePostgresDatabase('desktop_choice');
  const hosts: Host[] = [];
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.stop();
    removeTempDirs();
  });

  async function startHost(dataDir: string, databaseUrl?: string): Promise<Host> {
    const host = desktopHost({
      dataDir,
      restart: { initialDelayMs: 60_000 },
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
    });
    hosts.push(host);
    await host.start();
    return host;
  }

  async function goals(host: Host): Promise<string[]> {
    return (await ok(host.invoke('projects.list', {}))).projects.map((project) => project.goal);
  }

  async function goalsInPostgres(): Promise<string[]> {
    const client = new pg.Client({ connectionString: databases.url() });
    await client.connect();
    try {
      return (await client.query<{ goal: string }>('SELECT goal FROM projects ORDER BY goal')).rows.map((row) => row.goal);
    } finally {
      await client.end();
    }
  }

  it('moves to PostgreSQL once a server answered on it, keeps the choice across a restart, and goes back to the file', async () => {
    const dataDir = tempDir('desktop-db');
    let host = await startHost(dataDir);
    expect(await ok(host.invoke('database.get', {}))).toEqual({ engine: 'sqlite', location: databasePath(dataDir), source: 'default' });
    await ok(host.invoke('projects.start', { goal: 'Does the file keep what was started before the move?' }));

    const chosen = await ok(host.invoke('database.set', { url: databases.url() }));
    expect(chosen).toEqual({ engine: 'postgres', location: databases.url(), source: 'settings' });
    expect(host.serverStatus().state).toBe('ready');
    expect(await goals(host)).toEqual([]);
    await ok(host.invoke('projects.start', { goal: 'Which soil bacteria fix nitrogen best in drought?' }));
    expect(await goalsInPostgres()).toEqual(['Which soil bacteria fix nitrogen best in drought?']);
    // An assistant's server on the same data folder follows the app's choice (the folder's database.json).
    const assistant = await connectServer({ dataDir, client: 'claude-code' });
    try {
      const listed = (await callOk(assistant, 'list_research_projects', {})) as { projects: Array<{ goal: string }> };
      expect(listed.projects.map((project) => project.goal)).toEqual(['Which soil bacteria fix nitrogen best in drought?']);
    } finally {
      await assistant.close();
    }

    await host.stop();
    hosts.splice(0);
    host = await startHost(dataDir);
    expect((await ok(host.invoke('database.get', {}))).engine).toBe('postgres');
    expect(await goals(host)).toEqual(['Which soil bacteria fix nitrogen best in drought?']);

    expect(await ok(host.invoke('database.set', { url: null }))).toMatchObject({ engine: 'sqlite', source: 'default' });
    expect(await goals(host)).toEqual(['Does the file keep what was started before the move?']);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, DATABASE_CHOICE_FILE), 'utf8'))).toEqual({ url: null });
  }, 120_000);

  it('refuses a URL that is not one, one with a password, and a database the server cannot reach, changing nothing', async () => {
    const dataDir = tempDir('desktop-db-bad');
    const host = await startHost(dataDir);
    await ok(host.invoke('projects.start', { goal: 'Is this project still here after every refusal?' }));
    const unchanged = async (): Promise<void> => {
      expect(await ok(host.invoke('database.get', {}))).toMatchObject({ engine: 'sqlite', source: 'default' });
      expect(host.serverStatus().state).toBe('ready');
      expect(await goals(host)).toEqual(['Is this project still here after every refusal?']);
      expect(readDatabaseChoice(dataDir)).toBeNull();
    };

    const notUrl = await host.invoke('database.set', { url: 'mysql://lab/db' });
    expect(notUrl).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('scheme "mysql"') } });
    await unchanged();

    const withPassword = new URL(databases.url());
    withPassword.password = 'hunter2';
    const secret = await host.invoke('database.set', { url: withPassword.href });
    expect(secret).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('~/.pgpass') } });
    expect(JSON.stringify(secret)).not.toContain('hunter2');
    await unchanged();

    const closedPort = new URL(databases.url());
    closedPort.port = '1';
    const unreachable = await host.invoke('database.set', { url: closedPort.href });
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'SERVER_UNAVAILABLE', message: expect.stringMatching(/could not use postgres:\/\/[^ ]*:1\/.*DATABASE_UNREACHABLE.*Nothing changed: the research stays in .*co-scientist\.db\.$/s) } });
    await unchanged();
  }, 120_000);

  it('keeps a database given at the start (--database, COSCI_DATABASE_URL), which Settings cannot change', async () => {
    const host = await startHost(tempDir('desktop-db-startup'), databases.url());
    expect(await ok(host.invoke('database.get', {}))).toEqual({ engine: 'postgres', location: databases.url(), source: 'startup' });
    const refused = await host.invoke('database.set', { url: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect((await ok(host.invoke('database.get', {}))).source).toBe('startup');
  }, 60_000);
});
