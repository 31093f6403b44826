// Resources (seeds/000 "Resource Definitions"): readable Markdown views of research projects.
import type { McpServer} from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, ResourceTemplate, type ReadResourceResult } from '@modelcontextprotocol/server';
import { DomainError } from '../engine/errors.js';
import { listResearch, researchStatus } from '../engine/projects.js';
import { recordAudit } from './audit.js';
import type { ServerContext } from './context.js';
import { projectLine, projectMarkdown } from './format.js';
import { missingScopes } from './scopes.js';

export const PROJECTS_LIST_URI = 'research://projects';
const LIST_LIMIT = 50;

export function installResources(mcp: McpServer, ctx: ServerContext): void {
  mcp.registerResource(
    'research-projects',
    PROJECTS_LIST_URI,
    {
      title: 'Research projects',
      description: `The ${LIST_LIMIT} most recent research projects with status and progress.`,
      mimeType: 'text/markdown',
    },
    (uri) =>
      audited(ctx, uri.href, () => {
        const page = listResearch(ctx.db, { limit: LIST_LIMIT });
        const body =
          page.projects.length === 0
            ? '_No research projects yet. Start one with the start_research tool._'
            : page.projects.map(projectLine).join('\n');
        return markdown(uri.href, `# Research Projects\n\n${page.total} in total.\n\n${body}\n`);
      }),
  );

  mcp.registerResource(
    'research-project',
    new ResourceTemplate('research://projects/{project_id}', {
      list: () => {
        if (missingScopes(ctx.policy().scopes, ['research:read']).length > 0) return { resources: [] };
        const page = listResearch(ctx.db, { limit: LIST_LIMIT });
        return {
          resources: page.projects.map((project) => ({
            uri: `research://projects/${project.id}`,
            name: project.id,
            title: project.goal.length > 80 ? `${project.goal.slice(0, 77)}…` : project.goal,
            mimeType: 'text/markdown',
          })),
        };
      },
      complete: {
        project_id: (value) => {
          if (missingScopes(ctx.policy().scopes, ['research:read']).length > 0) return [];
          return listResearch(ctx.db, { limit: 100 })
            .projects.map((project) => project.id)
            .filter((id) => id.startsWith(value));
        },
      },
    }),
    {
      title: 'Research project',
      description: 'One research project as Markdown: goal, status, statistics and top hypotheses.',
      mimeType: 'text/markdown',
    },
    (uri, variables) =>
      audited(ctx, uri.href, () => {
        const id = String(variables.project_id);
        return markdown(uri.href, projectMarkdown(researchStatus(ctx.db, id)));
      }),
  );
}

function markdown(uri: string, text: string): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'text/markdown', text }] };
}

/** Scope check + audit row for a resource read; failures become protocol errors (resources have no isError). */
function audited(ctx: ServerContext, uri: string, read: () => ReadResourceResult): ReadResourceResult {
  const startedAt = ctx.now();
  const started = performance.now();
  const finish = (outcome: 'success' | 'error' | 'denied', errorCode: string | null): void =>
    recordAudit(ctx.db, {
      clientId: ctx.clientId,
      action: 'resource:read',
      target: uri,
      args: { uri },
      outcome,
      errorCode,
      startedAt,
      durationMs: performance.now() - started,
    });

  const missing = missingScopes(ctx.policy().scopes, ['research:read']);
  if (missing.length > 0) {
    finish('denied', 'insufficient_permissions');
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `${ctx.clientId} lacks the scope research:read needed to read ${uri}. The scientist can grant it in the Co-Scientist app.`,
    );
  }
  try {
    const result = read();
    finish('success', null);
    return result;
  } catch (error) {
    if (error instanceof DomainError) {
      finish('error', error.code);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { uri, code: error.code });
    }
    finish('error', 'internal_error');
    throw error;
  }
}
