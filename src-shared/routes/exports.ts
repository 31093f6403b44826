// The results-export route of the host ⇄ renderer contract: a project's results as a file from the
// app (issue 18 item 13; handler: src-main/host/exports.handlers.ts).
import { z } from 'zod';

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
