// The host's connection to its research server, against the real built server over stdio.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import type { HostEvent } from '../../../src-shared/routes/index.js';
import { ServerConnection, ServerUnavailableError, type ServerConnectionOptions } from '../../../src-main/host/serverConnection.js';
import { silentLogger } from '../../unit/src-main/host/fakes.js';
import { isAlive, otherAssistant, removeTempDirs, requireBuiltServer, SERVER_ENTRY, tempDir } from '../../support/realServer.js';
import { serverEnvFor } from '../../support/server.js';

const running: ServerConnection[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((connection) => connection.stop()));
});
beforeAll(requireBuiltServer);
afterAll(removeTempDirs);

function connect(command: ServerConnectionOptions['command'], options: Partial<ServerConnectionOptions> = {}) {
  const events: HostEvent[] = [];
  const connection = new ServerConnection({
    command,
    clientInfo: { name: 'host-tests', version: '0.0.0' },
    log: silentLogger,
    onEvent: (event) => events.push(event),
    restart: { initialDelayMs: 20, maxDelayMs: 200, stableAfterMs: 60_000 },
    ...options,
  });
  running.push(connection);
  return { connection, events };
}

const realServer = (dataDir: string) => ({
  command: process.execPath,
  args: [SERVER_ENTRY, '--client', 'desktop', '--data-dir', dataDir],
  // As the host does: a fresh desktop key for every spawn, restarts included.
  spawnEnv: () => serverEnvFor('desktop', dataDir),
});

const serverStates = (events: HostEvent[]) => events.filter((e) => e.kind === 'server-state').map((e) => e.state);

/** The events of a started connection while another process (an assistant's server on the same folder) makes `change`. */
async function eventsWhileAnotherProcess(name: string, change: (assistant: Client) => Promise<void>): Promise<HostEvent[]> {
  const dataDir = tempDir(name);
  const { connection, events } = connect(realServer(dataDir));
  await connection.start();
  const assistant = await otherAssistant(dataDir);
  try {
    await change(assistant);
  } finally {
    await assistant.close();
  }
  return events;
}

describe('ServerConnection', () => {
  it('starts the server, reports ready and answers tool calls', async () => {
    const { connection, events } = connect(realServer(tempDir('ready')));

    await connection.start();

    const status = connection.status();
    expect(status).toMatchObject({ state: 'ready', message: null });
    expect(status.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(serverStates(events)).toEqual(['starting', 'ready']);
    const listed = await connection.callTool('list_research_projects', {});
    expect(listed.structuredContent).toMatchObject({ projects: [], total: 0 });
  });

  it('relays changes made by another process as host events', async () => {
    const events = await eventsWhileAnotherProcess('feed', async (assistant) => {
      await assistant.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis' } });
    });

    await vi.waitFor(() => {
      expect(events).toContainEqual({ kind: 'resources-list-changed' });
      expect(events).toContainEqual({ kind: 'resource-updated', uri: 'research://projects' });
    }, { timeout: 2000 });
  });

  it('relays knowledge-base changes made by another process (the knowledge view refreshes on them)', async () => {
    const events = await eventsWhileAnotherProcess('knowledge-feed', async (assistant) => {
      const created = await assistant.callTool({ name: 'manage_collections', arguments: { action: 'create', collection_name: 'Fibrosis' } });
      expect(created.isError).toBeFalsy();
    });

    await vi.waitFor(() => expect(events).toContainEqual({ kind: 'resource-updated', uri: 'knowledge://collections' }), { timeout: 2000 });
  });

  it('restarts the server after it dies and serves calls again', async () => {
    const { connection, events } = connect(realServer(tempDir('restart')));
    await connection.start();
    const firstPid = connection.status().pid;
    expect(firstPid).toBeTypeOf('number');

    process.kill(firstPid as number, 'SIGKILL');

    await vi.waitFor(() => expect(serverStates(events)).toEqual(['starting', 'ready', 'down', 'starting', 'ready']), {
      timeout: 10_000,
    });
    const down = events.find((e) => e.kind === 'server-state' && e.state === 'down');
    // SIGKILL leaves no last words: the message says so instead of quoting an ordinary log line.
    expect(down).toMatchObject({ message: expect.stringMatching(/^The research server stopped unexpectedly without reporting an error \(it was killed, or ran out of memory\)\. Restarting in 20 ms\.$/) });
    expect(connection.status().pid).not.toBe(firstPid);
    expect((await connection.callTool('list_research_projects', {})).isError).toBeFalsy();
  });

  it('reports a server that cannot start as down, with its last words, and retries with growing delays', async () => {
    const { connection, events } = connect({
      command: process.execPath,
      args: ['-e', 'console.error("co-scientist.db was written by a newer version"); process.exit(3)'],
    });

    await connection.start();

    expect(connection.status().state).toBe('down');
    expect(connection.status().message).toContain('co-scientist.db was written by a newer version');
    await vi.waitFor(() => expect(serverStates(events).filter((s) => s === 'down').length).toBeGreaterThanOrEqual(3), {
      timeout: 5000,
    });
    const delays = events.flatMap((e) => (e.kind === 'server-state' && e.message ? [/Restarting in (\d+) ms/.exec(e.message)?.[1]] : []));
    expect(delays.slice(0, 3)).toEqual(['20', '40', '80']);
    await expect(connection.callTool('list_research_projects', {})).rejects.toBeInstanceOf(ServerUnavailableError);
  });

  it('quotes the line that reports the failure, not the ordinary log lines after it', async () => {
    const { connection } = connect({
      command: process.execPath,
      args: ['-e', 'console.error("[co-scientist] cannot start: SQLITE_CORRUPT: database disk image is malformed"); console.error("    at openDatabase (database.js:1:1)"); console.error("[co-scientist] client desktop, data in /tmp/x"); process.exit(1)'],
    });

    await connection.start();

    expect(connection.status().message).toMatch(/did not start: .*\(\[co-scientist\] cannot start: SQLITE_CORRUPT: database disk image is malformed\)\. Restarting in 20 ms\.$/);
  });

  it('lets a call made during start-up wait for the server instead of failing', async () => {
    const { connection } = connect(realServer(tempDir('early')));
    const starting = connection.start();

    const result = await connection.callTool('list_research_projects', {});

    await starting;
    expect(result.structuredContent).toMatchObject({ total: 0 });
  });

  it('stop() ends the child process, cancels restarts and refuses further calls', async () => {
    const { connection, events } = connect(realServer(tempDir('stop')));
    await connection.start();
    const pid = connection.status().pid as number;
    expect(isAlive(pid)).toBe(true);

    await connection.stop();

    await vi.waitFor(() => expect(isAlive(pid)).toBe(false), { timeout: 5000 });
    expect(connection.status()).toMatchObject({ state: 'down', message: 'The research server was stopped.' });
    expect(serverStates(events).at(-1)).toBe('down');
    await expect(connection.callTool('list_research_projects', {})).rejects.toBeInstanceOf(ServerUnavailableError);
  });
});
