// Resources (docs/seed-mapping.md, seed 000 "Resource Definitions"): readable Markdown views of research projects.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { listResearch, researchStatus } from '../../engine/projects.js';
import { DomainError } from '../../engine/errors.js';
import type { ServerContext } from '../context.js';
import { projectLine, projectMarkdown } from './projectMarkdown.js';
import { audited, canRead, markdown } from '../access/resourceAccess.js';
import { installDetailResources } from './records.js';
import { installKnowledgeResources } from './knowledge.js';
import { installViewResources } from '../apps/viewResources.js';
import { MEDIA_TYPES, renderExport, type ExportFormat } from '../tools/assistant/results.js';
import { exportMarkdown } from '../../engine/exports/index.js';
import { buildReport } from '../../engine/exports/buildReport.js';

export const PROJECTS_LIST_URI = 'research://projects';
const LIST_LIMIT = 50;

export function installResources(mcp: McpServer, ctx: ServerContext): void {
  installDetailResources(mcp, ctx);
  installKnowledgeResources(mcp, ctx);
  installViewResources(mcp, ctx);
  mcp.registerResource(
    'research-export',
    new ResourceTemplate('research://projects/{project_id}/export/{format}', { list: undefined, complete: { format: (value) => Object.keys(MEDIA_TYPES).filter((f) => f.startsWith(value)) } }),
    { title: 'Research export', description: 'A completed project exported as markdown, json or bibtex (what export_results links to).' },
    async (uri, variables) =>
      await audited(ctx, 'resource:read', uri.href, ['research:read', 'hypotheses:read'], async () => {
        const format = String(variables.format);
        if (!(format in MEDIA_TYPES)) throw new DomainError('invalid_input', `Unknown export format "${format}": use markdown, json or bibtex.`);
        const text = await renderExport(ctx, String(variables.project_id), format as ExportFormat);
        return { contents: [{ uri: uri.href, mimeType: MEDIA_TYPES[format as ExportFormat], text }] };
      }),
  );
  mcp.registerResource(
    'research-report',
    new ResourceTemplate('research://projects/{project_id}/report', { list: undefined }),
    { title: 'Research report', description: 'The whole report of a project at any stage, every hypothesis in full (what get_results links to when its answer would be too large).', mimeType: 'text/markdown' },
    async (uri, variables) =>
      await audited(ctx, 'resource:read', uri.href, ['research:read', 'hypotheses:read'], async () => markdown(uri.href, exportMarkdown(await buildReport(ctx.db, String(variables.project_id), ctx.now())))),
  );
  mcp.registerResource(
    'research-projects',
    PROJECTS_LIST_URI,
    {
      title: 'Research projects',
      description: `The ${LIST_LIMIT} most recent research projects with status and progress.`,
      mimeType: 'text/markdown',
    },
    async (uri) =>
      await audited(ctx, 'resource:read', uri.href, ['research:read'], async () => {
        const page = await listResearch(ctx.db, { limit: LIST_LIMIT });
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
      list: async () => {
        if (!await canRead(ctx, ['research:read'])) return { resources: [] };
        const page = await listResearch(ctx.db, { limit: LIST_LIMIT });
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
        project_id: async (value) => {
          if (!await canRead(ctx, ['research:read'])) return [];
          return (await listResearch(ctx.db, { limit: 100 }))
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
    async (uri, variables) =>
      await audited(ctx, 'resource:read', uri.href, ['research:read'], async () => {
        const id = String(variables.project_id);
        return markdown(uri.href, projectMarkdown(await researchStatus(ctx.db, id)));
      }),
  );
}

