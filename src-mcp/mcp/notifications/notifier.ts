// Turns change events into MCP notifications for one connection, respecting its protocol era:
// 2025-era clients get `resources/updated` only for URIs they subscribed to; on 2026-era
// connections serveStdio routes updates onto the client's subscriptions/listen stream and filters there.
import type { McpServer } from '@modelcontextprotocol/server';
import type { ChangeEvent } from '../../store/events.js';
import { COLLECTIONS_URI } from '../../knowledge/events.js';
import { PROJECTS_LIST_URI } from '../resources/install.js';

// Kinds that add or remove readable resources (projects, hypotheses, checkpoints).
const LIST_CHANGING_KINDS = new Set(['project.created', 'project.deleted', 'project.trashed', 'project.restored', 'hypothesis.created', 'checkpoint.created']);

/** What a batch of change events announces: whether resource lists changed, and which resources did. */
export function announcementsOf(events: readonly ChangeEvent[]): { listChanged: boolean; updated: Set<string> } {
  const updated = new Set<string>();
  let listChanged = false;
  for (const event of events) {
    if (event.kind === 'policy.updated') continue;
    if (LIST_CHANGING_KINDS.has(event.kind)) listChanged = true;
    updated.add(event.subjectUri);
    // Each list URI also announces changes to its members, so one subscription covers a whole area.
    if (event.subjectUri.startsWith('research://projects/')) updated.add(PROJECTS_LIST_URI);
    if (event.subjectUri.startsWith(`${COLLECTIONS_URI}/`)) updated.add(COLLECTIONS_URI);
  }
  return { listChanged, updated };
}

export class ConnectionNotifier {
  private readonly subscribed = new Set<string>();

  constructor(
    private readonly mcp: McpServer,
    private readonly era: 'legacy' | 'modern',
    private readonly clientId: string,
  ) {}

  /** Answers resources/subscribe and unsubscribe (a server built without resources leaves them out). */
  acceptSubscriptions(): void {
    this.mcp.server.setRequestHandler('resources/subscribe', (request) => {
      this.subscribed.add(request.params.uri);
      return {};
    });
    this.mcp.server.setRequestHandler('resources/unsubscribe', (request) => {
      this.subscribed.delete(request.params.uri);
      return {};
    });
  }

  onEvents(events: readonly ChangeEvent[]): void {
    // A new policy for this client changes which tools it may see.
    const toolsChanged = events.some((event) => event.kind === 'policy.updated' && event.subjectUri === `policy://${this.clientId}`);
    const { listChanged, updated } = announcementsOf(events);
    if (toolsChanged) this.send(() => this.mcp.sendToolListChanged());
    if (listChanged) this.send(() => this.mcp.sendResourceListChanged());
    for (const uri of updated) {
      if (this.era === 'modern' || this.subscribed.has(uri)) {
        this.send(() => this.mcp.server.sendResourceUpdated({ uri }));
      }
    }
  }

  private send(action: () => void | Promise<void>): void {
    try {
      // A connection that is closing (or a discarded discover-probe instance) cannot be notified; that is fine.
      void Promise.resolve(action()).catch(() => undefined);
    } catch {
      // same as above, for synchronous throws
    }
  }
}
