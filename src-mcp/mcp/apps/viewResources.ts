// The four chat views as ui:// resources (issue 34): each one self-contained HTML file that the
// build wrote into dist/apps/ (scripts/build-apps.mjs), read from there when a host asks for it.
// No network: the declared CSP grants no connect or resource domain, so the host sandbox lets the
// view talk to nothing but the host (which relays its tool calls to this server).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/server';
import { RESOURCE_MIME_TYPE, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import { DomainError } from '../../engine/errors.js';
import type { ServerContext } from '../context.js';
import { audited } from '../access/resourceAccess.js';
import { CHAT_VIEW_NAMES, chatViewFile, chatViewUri, type ChatViewName } from '../../../src-shared/chatViews.js';

const DESCRIPTIONS: Record<ChatViewName, { title: string; description: string }> = {
  leaderboard: { title: 'Leaderboard view', description: 'The tournament leaderboard of a project in the chat: rank, title, Elo, Bradley-Terry score with its 95% interval, certification; a row opens the hypothesis card.' },
  checkpoint: { title: 'Checkpoint view', description: 'What waits for the scientist, with Approve, Edit and Reject where they allowed decisions in this chat.' },
  status: { title: 'Project status view', description: 'A project\'s stage, progress, budget, what happens next and who decided what.' },
  hypothesis: { title: 'Hypothesis card', description: 'One hypothesis in full: text, reviews with scores, citations, lineage.' },
};

/** No network at all (the spec's default, said out loud so a host does not guess). */
export const VIEW_CSP = { connectDomains: [] as string[], resourceDomains: [] as string[] };

/** dist/ of this build: next to dist/mcp/ for the bundled server, the checkout's dist/ when run from the sources. */
function distDirs(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.resolve(here, '..'), path.resolve(here, '..', '..', '..', 'dist')];
}

const cache = new Map<ChatViewName, string>();

export function viewHtml(name: ChatViewName): string {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const file = distDirs().map((dir) => path.join(dir, chatViewFile(name))).find((candidate) => existsSync(candidate));
  if (file === undefined) {
    throw new DomainError('resource_not_found', `The ${name} view was not built (dist/${chatViewFile(name)} is missing): run "npm run build".`);
  }
  const html = readFileSync(file, 'utf8');
  cache.set(name, html);
  return html;
}

export function installViewResources(mcp: McpServer, ctx: ServerContext): void {
  for (const name of CHAT_VIEW_NAMES) {
    const uri = chatViewUri(name);
    registerAppResource(mcp, name === 'hypothesis' ? 'hypothesis-card-view' : `${name}-view`, uri, { ...DESCRIPTIONS[name], mimeType: RESOURCE_MIME_TYPE, _meta: { ui: { csp: VIEW_CSP, prefersBorder: true } } }, (requested) =>
      // A view shows nothing by itself (its data comes in tool results), but only a client that can read projects gets it.
      audited(ctx, 'resource:read', requested.href, ['research:read'], () => ({
        contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: viewHtml(name), _meta: { ui: { csp: VIEW_CSP, prefersBorder: true } } }],
      })),
    );
  }
}
