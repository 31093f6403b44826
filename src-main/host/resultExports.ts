// A project's results as a file from the app (issue 18 item 13). The server's export code is the one
// implementation (engine/exports through export_results and get_results); this only fetches its text
// and names the file. The renderer offers the text as a download: the browser saves it where the
// scientist says, and Electron's default download handling asks where with a save dialog.
import { z } from 'zod';
import { exportFileName } from './exportFileName.js';

/**
 * report: the top hypotheses in full (get_results "detailed"), at any stage;
 * markdown / json / bibtex: the complete export of a completed project (export_results);
 * nih_aims: a one-page NIH Specific Aims draft (get_results "nih_aims"), at any stage.
 */
export const RESULT_EXPORT_FORMATS = ['report', 'markdown', 'json', 'bibtex', 'nih_aims'] as const;
export type ResultExportFormat = (typeof RESULT_EXPORT_FORMATS)[number];

export const ResultExportSchema = z.object({
  research_id: z.string(),
  format: z.enum(RESULT_EXPORT_FORMATS),
  file_name: z.string(),
  media_type: z.string(),
  content: z.string(),
});
export type ResultExport = z.infer<typeof ResultExportSchema>;

export const exportRoutes = {
  'projects.export': {
    input: z.object({ research_id: z.string().min(1), format: z.enum(RESULT_EXPORT_FORMATS) }).strict(),
    output: ResultExportSchema,
  },
} as const;

/** A tool call's result as the router sees it; `C` is the contract's error codes (generic, so this file need not import contract.ts). */
type Outcome<C extends string> = { ok: true; data: unknown } | { ok: false; error: { code: C; message: string } };
type CallTool<C extends string> = (name: string, args: Record<string, unknown>) => Promise<Outcome<C>>;
type ReadResource = (uri: string) => Promise<string>;
type ExportOutcome<C extends string> = Outcome<C | 'UNAVAILABLE' | 'INTERNAL'>;

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

export function createExportHandlers<C extends string>(
  tool: CallTool<C>,
  readResource: ReadResource | undefined,
  now: () => Date = () => new Date(),
): { 'projects.export': (input: { research_id: string; format: ResultExportFormat }) => Promise<ExportOutcome<C>> } {
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
      const file = async (content: string, mediaType: string): Promise<ExportOutcome<C>> => ({
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
