// Result shape of the desktop's list_citing_hypotheses, defined once for the tool and the host's
// contract. Imports zod only: the renderer type-checks it.
import { z } from 'zod';

/**
 * The formats the knowledge base reads: the one list the tools' schemas, the store's type, the SQL
 * CHECK list (compared by test/unit/src-shared/valueLists.test.ts) and the ingest prose derive from.
 */
export const DOCUMENT_FORMATS = ['markdown', 'text', 'pdf', 'html', 'bibtex'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const DocumentFormatSchema = z.enum(DOCUMENT_FORMATS);

/** Each format's file extensions (lower case, first = the usual one) and its name in prose. */
export const DOCUMENT_FORMAT_FILES: Readonly<Record<DocumentFormat, { name: string; extensions: readonly string[] }>> = {
  markdown: { name: 'Markdown', extensions: ['.md', '.markdown', '.mdown'] },
  text: { name: 'plain text', extensions: ['.txt', '.text'] },
  pdf: { name: 'PDF with a text layer', extensions: ['.pdf'] },
  html: { name: 'HTML', extensions: ['.html', '.htm', '.xhtml'] },
  bibtex: { name: 'BibTeX', extensions: ['.bib'] },
};

const CitingHypothesisSchema = z.object({ id: z.string(), number: z.number().int(), research_id: z.string(), title: z.string(), status: z.string() });

export const CitingHypothesesSchema = z.object({
  documents: z.array(
    z.object({
      document_id: z.string(),
      found: z.boolean().describe('false: no such document (removed since the search).'),
      total: z.number().int().describe('Hypotheses citing it in all; `hypotheses` lists at most `limit`.'),
      hypotheses: z.array(CitingHypothesisSchema),
    }),
  ),
});
export type CitingHypotheses = z.infer<typeof CitingHypothesesSchema>;

/** get_knowledge_document: one document as the app's details show it — its metadata, passages and citers. */
export const KnowledgeDocumentDetailSchema = z.object({
  document_id: z.string(),
  collection: z.string().describe('The name of the collection holding it.'),
  title: z.string(),
  authors: z.string().nullable(),
  year: z.string().nullable(),
  venue: z.string().nullable(),
  doi: z.string().nullable(),
  pmid: z.string().nullable(),
  arxiv_id: z.string().nullable(),
  url: z.string().nullable(),
  format: DocumentFormatSchema,
  source: z.string(),
  size_bytes: z.number().int(),
  updated_at: z.string(),
  passages: z.array(z.object({ seq: z.number().int(), header_path: z.string(), content_type: z.string(), content: z.string() })),
  passage_total: z.number().int(),
  cited_by: z.object({ total: z.number().int(), hypotheses: z.array(CitingHypothesisSchema) }),
});
export type KnowledgeDocumentDetail = z.infer<typeof KnowledgeDocumentDetailSchema>;
