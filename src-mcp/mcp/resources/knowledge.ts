// knowledge://collections: the knowledge base's collections as Markdown. Besides being readable,
// it is the URI every knowledge change is announced on (see notifier.ts), so a 2025-era client
// such as the desktop host subscribes to it once instead of to each collection.
import type { McpServer } from '@modelcontextprotocol/server';
import { listCollectionViews } from '../../knowledge/collections.js';
import { COLLECTIONS_URI } from '../../knowledge/events.js';
import type { ServerContext } from '../context.js';
import { audited, markdown } from '../access/resourceAccess.js';
import { collectionLine } from '../tools/assistant/knowledgeShared.js';

export function installKnowledgeResources(mcp: McpServer, ctx: ServerContext): void {
  mcp.registerResource(
    'knowledge-collections',
    COLLECTIONS_URI,
    {
      title: 'Knowledge collections',
      description: 'Every collection of the knowledge base with its size and linked projects. Updated whenever documents are ingested, added or removed.',
      mimeType: 'text/markdown',
    },
    async (uri) =>
      await audited(ctx, 'resource:read', uri.href, ['knowledge:read'], async () => {
        const views = await listCollectionViews(ctx.db);
        const body =
          views.length === 0
            ? '_No collections yet. Create one with manage_collections (action "create"), then ingest_documents._'
            : views.map(collectionLine).join('\n');
        return markdown(uri.href, `# Knowledge collections\n\n${body}\n`);
      }),
  );
}
