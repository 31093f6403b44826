// manage_collections (docs/seed-mapping.md, seed 002 §4.2, with link/unlink from §4.4 manage_projects): collections of
// the knowledge base and which research projects they ground.
import { z } from 'zod';
import {
  COLLECTION_NAME_MAX,
  collectionInfo,
  createCollection,
  deleteCollectionByName,
  listCollectionViews,
  setCollectionLink,
} from '../../../knowledge/collections.js';
import { collectionUri } from '../../../knowledge/events.js';
import { collectionStats } from '../../../store/knowledgeCollections.js';
import { DomainError } from '../../../engine/errors.js';
import { defineTool } from '../../toolkit.js';
import { noteReadOnlyActions } from '../../audit/readActions.js';
import {
  actorOf,
  collectionLine,
  collectionSummary,
  CollectionSummary,
  CollectionType,
  DocumentSummary,
  documentSummary,
  identifierText,
  requireWrite,
} from './knowledgeShared.js';

const Action = z.enum(['create', 'list', 'delete', 'info', 'link', 'unlink']);
/** The actions that only read: the audit view counts them among the app's own reads. */
noteReadOnlyActions('manage_collections', [Action.enum.list, Action.enum.info]);

export const manageCollectionsTool = defineTool({
  name: 'manage_collections',
  title: 'Manage knowledge collections',
  description: [
    'Collections of the scientist\'s knowledge base: `fundamental` (background any project may use) or `project-specific`. Actions: list; info (documents, paged); create (collection_name, collection_type, optional research_id to link); link/unlink (with research_id: a project searches its linked collections); delete (desktop app only).',
    'List before creating, to reuse rather than duplicate. Add documents with ingest_documents or augment_knowledge; search with query_knowledge_base.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scopes: ['knowledge:read'],
  // Deleting removes the scientist's literature (augmented content for good): their decision only.
  desktopOnlyActions: ['delete'],
  input: z.object({
    action: Action,
    collection_name: z.string().max(200).optional().describe(`The collection (required except for list), e.g. "Liver fibrosis papers"; at most ${COLLECTION_NAME_MAX} characters when creating.`),
    collection_type: CollectionType.optional().describe('For create (default: project-specific with research_id, else fundamental).'),
    description: z.string().max(500).optional().describe('For create: what the collection holds.'),
    research_id: z.string().min(1).optional().describe('Project id: required for link/unlink, optional for create.'),
    project_name: z.string().min(1).optional().describe('Alias of research_id.'),
    limit: z.number().int().min(1).max(50).default(20).describe('For info: documents per page (default 20, max 50).'),
    cursor: z.string().optional().describe('For info: next_cursor from the previous page.'),
  }),
  output: z.object({
    action: Action,
    message: z.string(),
    collections: z.array(CollectionSummary).optional(),
    collection: CollectionSummary.optional(),
    documents: z.array(DocumentSummary).optional(),
    next_cursor: z.string().nullable().optional(),
    changed: z.boolean().optional().describe('For link/unlink: false when the link already was as asked.'),
    documents_removed: z.number().int().optional(),
  }),
  async run(args, ctx) {
    const actor = actorOf(ctx);
    const name = (): string => {
      if (args.collection_name === undefined || args.collection_name.trim() === '') {
        throw new DomainError('invalid_input', `collection_name is required for action "${args.action}".`, { field: 'collection_name' });
      }
      return args.collection_name;
    };
    // Seed 002 manage_projects (docs/seed-mapping.md) names the project `project_name`: one argument, two names.
    const givenResearchId = args.research_id ?? args.project_name;
    const researchId = (): string => {
      if (givenResearchId === undefined) {
        throw new DomainError('invalid_input', `research_id is required for action "${args.action}" (list_research_projects shows the ids).`, {
          field: 'research_id',
        });
      }
      return givenResearchId;
    };
    switch (args.action) {
      case 'list': {
        const views = await listCollectionViews(ctx.db);
        return {
          data: { action: 'list' as const, message: `${views.length} collection${views.length === 1 ? '' : 's'}.`, collections: views.map(collectionSummary) },
          markdown:
            views.length === 0
              ? 'The knowledge base has no collections yet. Create one with manage_collections(action="create", collection_name=…).'
              : [`${views.length} collection${views.length === 1 ? '' : 's'}:`, ...views.map(collectionLine)].join('\n'),
        };
      }
      case 'info': {
        const info = await collectionInfo(ctx.db, name(), { limit: args.limit, cursor: args.cursor });
        const lines = [collectionLine(info), ...info.documents.map((d) => `  - ${d.title} _(${d.format}, ${d.chunkCount} passages${identifierText(d) === '' ? '' : `, ${identifierText(d)}`})_ — ${d.id}`)];
        if (info.nextCursor !== null) lines.push(`More documents: call again with cursor="${info.nextCursor}".`);
        return {
          target: collectionUri(info.collection.id),
          data: {
            action: 'info' as const,
            message: `${info.collection.name}: ${info.stats.documentCount} documents.`,
            collection: collectionSummary(info),
            documents: info.documents.map(documentSummary),
            next_cursor: info.nextCursor,
          },
          markdown: lines.join('\n'),
        };
      }
      case 'create': {
        await requireWrite(ctx, 'create collections');
        const view = await createCollection(ctx.db, actor, { name: name(), kind: args.collection_type, description: args.description, researchId: givenResearchId });
        const message = `Created ${view.collection.kind} collection "${view.collection.name}"${givenResearchId === undefined ? '' : `, linked to ${givenResearchId}`}.`;
        return {
          target: collectionUri(view.collection.id),
          data: { action: 'create' as const, message, collection: collectionSummary(view) },
          markdown: `${message} Add documents with ingest_documents or augment_knowledge.`,
        };
      }
      case 'delete': {
        await requireWrite(ctx, 'delete collections');
        const view = await deleteCollectionByName(ctx.db, actor, name());
        const message = `Deleted collection "${view.collection.name}" and its ${view.stats.documentCount} documents from the knowledge base (files on disk are untouched).`;
        return {
          target: collectionUri(view.collection.id),
          data: { action: 'delete' as const, message, collection: collectionSummary(view), documents_removed: view.stats.documentCount },
          markdown: message,
        };
      }
      case 'link':
      case 'unlink': {
        await requireWrite(ctx, `${args.action} collections`);
        const linked = args.action === 'link';
        const { collection, changed } = await setCollectionLink(ctx.db, actor, { name: name(), researchId: researchId(), linked });
        const view = { collection, stats: await collectionStats(ctx.db, collection.id) };
        const message = changed
          ? `${linked ? 'Linked' : 'Unlinked'} "${collection.name}" ${linked ? 'to' : 'from'} ${givenResearchId}.`
          : `"${collection.name}" was already ${linked ? 'linked to' : 'not linked to'} ${givenResearchId}; nothing changed.`;
        return {
          target: collectionUri(collection.id),
          data: { action: args.action, message, collection: collectionSummary(view), changed },
          markdown: message,
        };
      }
    }
  },
});
