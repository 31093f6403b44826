// Desktop-only: the folders ingest_documents may read. Which of the scientist's folders an
// assistant may pull into the knowledge base is the scientist's decision (docs/threat-model.md).
import { z } from 'zod';
import { allowRoot, disallowRoot, listAllowedRoots } from '../../../knowledge/roots.js';
import { DomainError } from '../../../engine/errors.js';
import { defineTool } from '../../toolkit.js';
import { noteReadOnlyActions } from '../../audit/readActions.js';
import { actorOf } from '../assistant/knowledgeShared.js';

/** Listing the allowed folders only reads: the audit view counts it among the app's own reads. */
noteReadOnlyActions('manage_knowledge_roots', ['list']);

export const manageKnowledgeRootsTool = defineTool({
  name: 'manage_knowledge_roots',
  title: 'Allowed folders for ingestion',
  description:
    'List, allow or remove the folders ingest_documents may read. Only the Co-Scientist desktop app can change them: this is the scientist\'s decision, never an assistant\'s.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['knowledge:write'],
  desktopOnly: true,
  input: z.object({
    action: z.enum(['list', 'add', 'remove']),
    path: z.string().min(1).max(4096).optional().describe('For add/remove: absolute folder path.'),
  }),
  output: z.object({
    roots: z.array(z.object({ path: z.string(), added_by: z.string(), added_at: z.string() })),
    changed: z.boolean(),
    message: z.string(),
  }),
  async run(args, ctx) {
    let changed = false;
    let message = 'Allowed folders.';
    if (args.action !== 'list') {
      if (args.path === undefined) {
        throw new DomainError('invalid_input', `path is required for action "${args.action}": the absolute path of the folder.`, { field: 'path' });
      }
      if (args.action === 'add') {
        const { root, added } = await allowRoot(ctx.db, actorOf(ctx), args.path);
        changed = added;
        message = added ? `Allowed ${root.path}.` : `${root.path} was already allowed.`;
      } else {
        changed = await disallowRoot(ctx.db, args.path);
        message = changed ? `Removed ${args.path}.` : `${args.path} was not an allowed folder.`;
      }
    }
    const roots = (await listAllowedRoots(ctx.db)).map((root) => ({ path: root.path, added_by: root.addedBy, added_at: root.addedAt }));
    return {
      data: { roots, changed, message },
      markdown: [message, ...roots.map((root) => `- ${root.path}`)].join('\n'),
    };
  },
});
