// Live knowledge updates across processes: an assistant's server changes the knowledge base and a
// client of ANOTHER server on the same database hears about it on knowledge://collections, which is
// what the desktop host subscribes to so that the open GUI refreshes without a reload.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callOk as call, connectServer, tempDataDir, waitFor, type ConnectedServer } from '../support/server.js';
import { serversClosedAfterEach } from '../support/closedAfterEach.js';
import { writeCorpus } from '../unit/src-mcp/knowledge/helpers.js';

const COLLECTIONS_URI = 'knowledge://collections';
const open = serversClosedAfterEach();

async function pair(era: 'legacy' | 'modern'): Promise<{ desktop: ConnectedServer; assistant: ConnectedServer; library: string }> {
  const dataDir = tempDataDir();
  const desktop = await connectServer({ dataDir, client: 'desktop', era });
  const assistant = await connectServer({ dataDir, client: 'claude-desktop' });
  open.push(desktop, assistant);
  const library = path.join(fs.realpathSync(dataDir), 'library');
  fs.mkdirSync(library);
  writeCorpus(library);
  // The scientist allows the folder in the app; the assistant may then ingest it.
  const allowed = await desktop.client.callTool({ name: 'manage_knowledge_roots', arguments: { action: 'add', path: library } });
  expect(allowed.isError).toBeFalsy();
  return { desktop, assistant, library };
}

describe('knowledge changes reach other processes', () => {
  it('2025-era subscriber to knowledge://collections hears each ingest, augment and delete soon after the call returns', async () => {
    const { desktop, assistant, library } = await pair('legacy');
    const updates: Array<{ uri: string; at: number }> = [];
    desktop.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push({ uri: notification.params.uri, at: Date.now() });
    });
    await desktop.client.subscribeResource({ uri: COLLECTIONS_URI });
    const heard = (): number => updates.filter((update) => update.uri === COLLECTIONS_URI).length;

    const steps: Array<[string, Record<string, unknown>]> = [
      ['manage_collections', { action: 'create', collection_name: 'Fibrosis' }],
      ['ingest_documents', { path: library, collection: 'Fibrosis', recursive: true }],
      ['augment_knowledge', { content: 'Galectin-3 inhibition reduced fibrosis in a phase 2 trial.', source: 'PMID:31234567', collection: 'Fibrosis' }],
      ['manage_collections', { action: 'delete', collection_name: 'Fibrosis' }],
    ];
    // Deleting is the scientist's (desktop-only): another desktop process than the subscriber does it.
    const scientist = await connectServer({ dataDir: path.dirname(library), client: 'desktop' });
    open.push(scientist);
    for (const [name, args] of steps) {
      const before = heard();
      await call(args.action === 'delete' ? scientist : assistant, name, args);
      // Counted from the answer, not the request: an ingest's own duration is not the feed's delay.
      // The feed polls every 100 ms; 2 s is a regression guard that a loaded CI machine cannot trip.
      const answeredAt = Date.now();
      await waitFor(() => heard() > before, 5_000, `knowledge://collections updated after ${name}`);
      const arrived = updates.filter((update) => update.uri === COLLECTIONS_URI).at(-1)?.at ?? Infinity;
      expect(arrived - answeredAt).toBeLessThan(2_000);
    }
    // Subscribed to the list only: no unsolicited per-collection or project updates.
    expect(updates.every((update) => update.uri === COLLECTIONS_URI)).toBe(true);

    // The resource itself reads as the current list (empty again after the delete).
    const { contents } = await desktop.client.readResource({ uri: COLLECTIONS_URI });
    expect((contents[0] as { text: string }).text).toContain('No collections yet');
  });

  it('an ingest that changes nothing announces nothing', async () => {
    const { desktop, assistant, library } = await pair('legacy');
    await call(assistant, 'manage_collections', { action: 'create', collection_name: 'Fibrosis' });
    await call(assistant, 'ingest_documents', { path: library, collection: 'Fibrosis', recursive: true });
    const updates: string[] = [];
    desktop.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    await desktop.client.subscribeResource({ uri: COLLECTIONS_URI });

    const again = await call(assistant, 'ingest_documents', { path: library, collection: 'Fibrosis', recursive: true });
    expect(again).toMatchObject({ added: 0, updated: 0, removed: 0 });
    // A later change proves the feed is live, and that the no-op before it sent nothing.
    await call(assistant, 'augment_knowledge', { content: 'Notes on hepatic stellate cells.', source: 'https://example.org/hsc', collection: 'Fibrosis' });
    await waitFor(() => updates.length > 0, 5_000, 'the update for augment_knowledge');
    expect(updates).toEqual([COLLECTIONS_URI]);
  });

  it('2026-era client hears knowledge changes on its subscriptions/listen stream', async () => {
    const { desktop, assistant } = await pair('modern');
    const updates: string[] = [];
    desktop.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    const subscription = await desktop.client.listen({ resourceSubscriptions: [COLLECTIONS_URI] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([COLLECTIONS_URI]);

    await call(assistant, 'manage_collections', { action: 'create', collection_name: 'Background' });
    await waitFor(() => updates.includes(COLLECTIONS_URI), 5_000, 'knowledge://collections on the listen stream');
    await subscription.close();
  });
});
