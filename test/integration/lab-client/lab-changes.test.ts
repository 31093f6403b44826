// The desktop host follows a lab's changes (issue 31: the GUI's views refresh when a lab project
// changes): LabConnection holds a 2026-07-28 subscriptions/listen stream open on one replica, and
// a project another person's assistant starts through the other replica (one data folder, as
// behind a load balancer) is announced on it: the project list changed and was updated.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LabConnection, type LabChange } from '../../../src-main/host/lab/labConnection.js';
import { SUBSCRIBED_URIS } from '../../../src-main/host/serverConnection.js';
import { removeTempDirs, requireBuiltServer, tempDir } from '../../support/realServer.js';
import { connectWithToken, startLabServer, stopLabServers, type LabServer } from '../../support/labServer.js';

describe("the desktop host follows the lab's changes", () => {
  let first: LabServer;
  let second: LabServer;
  let connection: LabConnection;
  const changes: LabChange[] = [];

  beforeAll(async () => {
    requireBuiltServer();
    const dataDir = tempDir('lab-changes');
    first = await startLabServer(['--data-dir', dataDir]);
    second = await startLabServer(['--resource', first.url, '--data-dir', dataDir]);
    connection = new LabConnection({
      url: first.url,
      accessToken: async () => first.token as string,
      clientInfo: { name: 'co-scientist-desktop', version: '9.9.9' },
      onInsufficientScope: () => undefined,
      onChange: (change) => changes.push(change),
      watchedUris: SUBSCRIBED_URIS,
    });
  }, 60_000);
  afterAll(async () => {
    await connection?.close();
    await stopLabServers();
    removeTempDirs();
  });

  it('announces a project started through the other replica: the list changed, research://projects updated', async () => {
    connection.watchChanges();
    await vi.waitFor(() => expect(connection.watching).toBe(true), { timeout: 10_000 });
    const assistant = await connectWithToken(second.url, second.token as string, 'modern');
    await assistant.callTool({ name: 'start_research', arguments: { goal: 'Lab project: do zebrafish scales regrow in cold water?' } });
    await assistant.close();
    await vi.waitFor(
      () => {
        expect(changes).toContainEqual({ kind: 'resources-list-changed' });
        expect(changes).toContainEqual({ kind: 'resource-updated', uri: 'research://projects' });
      },
      { timeout: 15_000, interval: 100 },
    );
    // Only what was asked to be followed: the list URIs, not every member's.
    for (const change of changes) if (change.kind === 'resource-updated') expect(SUBSCRIBED_URIS).toContain(change.uri);
  }, 30_000);

  it('stops following on close: the stream is closed and no change arrives after', async () => {
    await connection.close();
    expect(connection.watching).toBe(false);
    const before = changes.length;
    const assistant = await connectWithToken(second.url, second.token as string, 'modern');
    await assistant.callTool({ name: 'start_research', arguments: { goal: 'Lab project: do planarians regrow eyes in the dark?' } });
    await assistant.close();
    // The other replica's feed tails the database about once a second: give it a few turns.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(changes.length).toBe(before);
  }, 30_000);
});
