// A project's results as a file from the app (issue 18 item 13): the handler of the export route
// (src-shared/routes/exports.ts). The server's export code is the one implementation (engine/exports
// through export_results and get_results); this only fetches its text and names the file. The
// renderer offers the text as a download: the browser saves it where the scientist says, and
// Electron's default download handling asks where with a save dialog.
import { z } from 'zod';
import type { exportRoutes, ResultExportFormat } from '../../src-shared/routes/exports.js';
import type { CallTool, RouteHandlers } from './routeHandlers.js';
import type { ToolOutcome } from './toolResult.js';
import { exportFileName } from './exportFileName.js';

type ReadResource = (uri: string) => Promise<string>;

const FILE_SUFFIX: Record<ResultExportFormat, string> = {
  report: '-report.md',
  markdown: '.md',
  json: '.json',
  bibtex: '.bib',
  nih_aims: '-nih-aims.md',
};

const ExportedSchema = z.object({ media_type: z.string(), resource_uri: z.string(), content: z.string().nullable() });
const ResultsSchema = z.object({ text: z.string() });
const StatusSchema = z.object({ goal: z.string() });

export function createExportHandlers(
  tool: CallTool,
  readResource: ReadResource | undefined,
  now: () => Date = () => new Date(),
): RouteHandlers<typeof exportRoutes> {
  /** The project's goal, to name the file; the id names it when the status cannot be read. */
  const goalOf = async (researchId: string): Promise<string | null> => {
    const status = await tool('get_research_status', { research_id: researchId });
    const parsed = status.ok ? StatusSchema.safeParse(status.data) : null;
    return parsed?.success === true ? parsed.data.goal : null;
  };
  return {
    'projects.export': async ({ research_id: researchId, format }) => {
      // Asked alongside the export itself, which is the slow part.
      const goalLookup = goalOf(researchId);
      const file = async (content: string, mediaType: string): Promise<ToolOutcome> => ({
        ok: true,
        data: { research_id: researchId, format, file_name: exportFileName({ researchId, goal: await goalLookup }, now(), FILE_SUFFIX[format]), media_type: mediaType, content },
      });
      if (format === 'report' || format === 'nih_aims') {
        const results = await tool('get_results', { research_id: researchId, format: format === 'report' ? 'detailed' : 'nih_aims' });
        return results.ok ? file(ResultsSchema.parse(results.data).text, 'text/markdown') : results;
      }
      const exported = await tool('export_results', { research_id: researchId, format });
      if (!exported.ok) return exported;
      const { media_type: mediaType, resource_uri: uri, content } = ExportedSchema.parse(exported.data);
      if (content !== null) return file(content, mediaType);
      // Larger exports come as a link to the export resource: read it whole.
      if (readResource === undefined) return { ok: false, error: { code: 'UNAVAILABLE', message: `This export is too large to pass back here; read it from ${uri}.` } };
      try {
        return file(await readResource(uri), mediaType);
      } catch (error) {
        return { ok: false, error: { code: 'INTERNAL', message: `The export could not be read from the research server (${error instanceof Error ? error.message : String(error)}). Try again.` } };
      }
    },
  };
}
