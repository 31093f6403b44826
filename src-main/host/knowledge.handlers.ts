// Handlers of the knowledge routes (src-shared/routes/knowledge.ts): one call each to a knowledge tool of the
// research server as client `desktop`, plus the native folder picker, which only a host with a
// window system has (Electron passes one in; the web host does not).
import fs from 'node:fs';
import path from 'node:path';
import type { knowledgeRoutes } from '../../src-shared/routes/knowledge.js';
import { describeError } from './log.js';
import { dropUndefined, type CallTool, type RouteHandlers } from './routeHandlers.js';

export type KnowledgeHandlers = RouteHandlers<typeof knowledgeRoutes>;

/** Opens the OS folder chooser; resolves to the chosen folder, or null when the scientist cancelled. */
export type FolderPicker = () => Promise<string | null>;

export interface KnowledgeRouteDeps {
  tool: CallTool;
  pickFolder?: FolderPicker | undefined;
}

/** Seconds of ingest work per knowledge.ingest call: long enough to be efficient, short enough for a live progress bar. */
export const KNOWLEDGE_INGEST_SLICE_SECONDS = 2;

export const NO_FOLDER_PICKER =
  'This window runs in a web browser, which cannot give Co-Scientist the path of a folder on your disk. Type (or paste) the folder path instead.';

export function createKnowledgeHandlers(deps: KnowledgeRouteDeps): KnowledgeHandlers {
  const { tool, pickFolder } = deps;
  return {
    'knowledge.collections.list': () => tool('manage_collections', { action: 'list' }),
    'knowledge.collections.create': (input) =>
      tool('manage_collections', dropUndefined({ action: 'create', collection_name: input.name, collection_type: input.type, description: input.description, research_id: input.research_id })),
    'knowledge.collections.delete': (input) => tool('manage_collections', { action: 'delete', collection_name: input.name }),
    'knowledge.documents.list': (input) =>
      tool('manage_collections', dropUndefined({ action: 'info', collection_name: input.collection, limit: 50, cursor: input.cursor })),
    'knowledge.search': (input) =>
      tool('query_knowledge_base', dropUndefined({ query: input.query, collections: input.collections?.join(','), top_k: input.top_k })),
    'knowledge.collections.link': async (input) => {
      const outcome = await tool('manage_collections', { action: input.linked ? 'link' : 'unlink', collection_name: input.name, research_id: input.research_id });
      if (!outcome.ok) return { ok: false, error: { ...outcome.error, message: linkFailure(input, outcome.error) } };
      const data = outcome.data as { collection: { linked_projects: string[] }; changed: boolean; message: string };
      return { ok: true, data: { linked_projects: data.collection.linked_projects, changed: data.changed, message: data.message } };
    },
    'knowledge.citedBy': (input) => tool('list_citing_hypotheses', { document_ids: input.document_ids }),
    'knowledge.document': (input) => tool('get_knowledge_document', { document_id: input.document_id }),
    // Short slices, so the GUI can show progress between them (the tool itself allows up to 40 s).
    'knowledge.ingest': (input) => tool('ingest_documents', dropUndefined({ ...input, max_seconds: KNOWLEDGE_INGEST_SLICE_SECONDS })),
    'knowledge.roots.list': () => tool('manage_knowledge_roots', { action: 'list' }),
    'knowledge.roots.add': (input) => tool('manage_knowledge_roots', { action: 'add', path: input.path }),
    'knowledge.roots.remove': (input) => tool('manage_knowledge_roots', { action: 'remove', path: input.path }),
    'knowledge.roots.allowFor': (input) => tool('manage_knowledge_roots', { action: 'add', path: folderOf(input.path) }),
    'knowledge.folders.picker': async () => ({
      ok: true,
      data: pickFolder === undefined ? { available: false, reason: NO_FOLDER_PICKER } : { available: true, reason: null },
    }),
    // Only a path comes back: reading it still needs an allowed folder, checked by the server at ingest.
    'knowledge.folders.pick': async () => {
      if (pickFolder === undefined) return { ok: false, error: { code: 'UNAVAILABLE', message: NO_FOLDER_PICKER } };
      try {
        return { ok: true, data: { path: await pickFolder() } };
      } catch (error) {
        return { ok: false, error: { code: 'INTERNAL', message: `The folder picker could not be opened: ${describeError(error)}` } };
      }
    },
  };
}

/**
 * The folder to allow for a path the scientist chose: the path itself, or a file's own folder. A
 * path that cannot be read is passed on unchanged: the server's answer says what is wrong with it.
 */
function folderOf(chosen: string): string {
  try {
    return fs.statSync(chosen).isFile() ? path.dirname(chosen) : chosen;
  } catch {
    return chosen;
  }
}

/**
 * What went wrong with a link or unlink, in the scientist's words: the server's message is written
 * for an assistant (which tool to call next); the app names what is gone and what to do here.
 */
function linkFailure(input: { name: string; linked: boolean }, error: { code: string; message: string }): string {
  const doing = input.linked ? 'linked' : 'unlinked';
  if (error.code === 'NOT_FOUND' && error.message.startsWith('Research project')) {
    return `The collection “${input.name}” was not ${doing}: that project no longer exists (it may have been deleted). Choose another project.`;
  }
  if (error.code === 'NOT_FOUND') return `The collection “${input.name}” no longer exists (it may have been deleted meanwhile). Choose another collection.`;
  return `The collection “${input.name}” was not ${doing}: ${error.message}`;
}
