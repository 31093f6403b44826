// Two server processes on one database: a change made through one reaches a client of the other.
import { describe, expect, it } from 'vitest';
import { connectServer, tempDataDir, waitFor } from '../support/server.js';
import { serversClosedAfterEach } from '../support/closedAfterEach.js';

const open = serversClosedAfterEach();

describe('change feed across processes', () => {
  it('2025-era client: list_changed and resources/updated arrive within 1 s of another process creating a project', async () => {
    const dataDir = tempDataDir();
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    const assistant = await connectServer({ dataDir, client: 'claude-desktop' });
    open.push(desktop, assistant);

    const received: Array<{ method: string; at: number; uri?: string }> = [];
    desktop.client.setNotificationHandler('notifications/resources/list_changed', () => {
      received.push({ method: 'list_changed', at: Date.now() });
    });
    desktop.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      received.push({ method: 'updated', at: Date.now(), uri: notification.params.uri });
    });
    await desktop.client.subscribeResource({ uri: 'research://projects' });

    const sentAt = Date.now();
    const result = await assistant.client.callTool({
      name: 'start_research',
      arguments: { goal: 'Find novel therapeutic targets for liver fibrosis' },
    });
    const id = (result.structuredContent as { research_id: string }).research_id;

    await waitFor(() => received.some((n) => n.method === 'list_changed'), 1000, 'list_changed at the other process');
    await waitFor(() => received.some((n) => n.method === 'updated' && n.uri === 'research://projects'), 1000, 'resources/updated');
    expect(Math.max(...received.map((n) => n.at)) - sentAt).toBeLessThan(1000);
    // Not subscribed to the project itself: a 2025-era client gets no unsolicited per-resource updates.
    expect(received.some((n) => n.uri === `research://projects/${id}`)).toBe(false);

    const listed = await desktop.client.callTool({ name: 'list_research_projects', arguments: {} });
    expect(listed.structuredContent).toMatchObject({ total: 1, projects: [{ id }] });
  });

  it('2026-era client: updates arrive on its subscriptions/listen stream', async () => {
    const dataDir = tempDataDir();
    const desktop = await connectServer({ dataDir, client: 'desktop', era: 'modern' });
    const assistant = await connectServer({ dataDir, client: 'cursor' });
    open.push(desktop, assistant);

    const updates: string[] = [];
    let listChanged = 0;
    desktop.client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    desktop.client.setNotificationHandler('notifications/resources/list_changed', () => {
      listChanged += 1;
    });
    const subscription = await desktop.client.listen({ resourcesListChanged: true, resourceSubscriptions: ['research://projects'] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual(['research://projects']);

    await assistant.client.callTool({ name: 'start_research', arguments: { goal: 'Identify drug repurposing candidates for AML' } });
    await waitFor(() => listChanged > 0 && updates.includes('research://projects'), 1000, 'notifications on the listen stream');
    await subscription.close();
  });
});
