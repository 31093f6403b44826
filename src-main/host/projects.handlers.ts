// Handlers of the project routes (src-shared/routes/projects.ts): one tool call each on the research
// server, except the project list, which follows the tool's pages to hand the GUI the whole list.
import { z } from 'zod';
import type { projectRoutes } from '../../src-shared/routes/projects.js';
import { dropUndefined, type CallTool, type RouteHandlers } from './routeHandlers.js';
import { unexpectedAnswer } from './toolResult.js';

/** Guards against a server whose cursors never end; 50 pages is far beyond any real project list. */
const MAX_LIST_PAGES = 50;

// Only what pagination needs; each project is checked against the contract's schema afterwards.
const ProjectPageSchema = z.object({
  projects: z.array(z.looseObject({ id: z.string() })),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});

export function createProjectHandlers(tool: CallTool): RouteHandlers<typeof projectRoutes> {
  return {
    'projects.list': async (input) => {
      // The GUI shows the whole list; the tool pages it, so follow the cursors.
      const seen = new Map<string, unknown>();
      let total = 0;
      let cursor: string | null = null;
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const outcome = await tool('list_research_projects', {
          ...(input.status ? { status: input.status } : {}),
          ...(cursor ? { cursor } : {}),
        });
        if (!outcome.ok) return outcome;
        const parsed = ProjectPageSchema.safeParse(outcome.data);
        if (!parsed.success) return unexpectedAnswer('list_research_projects', parsed.error);
        // A project created between two pages can shift later pages by one; ids keep the list unique.
        for (const project of parsed.data.projects) seen.set(project.id, project);
        if (page === 0) total = parsed.data.total;
        cursor = parsed.data.next_cursor;
        if (cursor === null) break;
      }
      return { ok: true, data: { projects: [...seen.values()], total } };
    },
    'projects.status': (input) => tool('get_research_status', { research_id: input.research_id }),
    'projects.start': (input) => tool('start_research', dropUndefined(input)),
  };
}
