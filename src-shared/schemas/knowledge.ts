// Result shape of the desktop's list_citing_hypotheses, defined once for the tool and the host's
// contract. Imports zod only: the renderer type-checks it.
import { z } from 'zod';

export const CitingHypothesesSchema = z.object({
  documents: z.array(
    z.object({
      document_id: z.string(),
      found: z.boolean().describe('false: no such document (removed since the search).'),
      total: z.number().int().describe('Hypotheses citing it in all; `hypotheses` lists at most `limit`.'),
      hypotheses: z.array(z.object({ id: z.string(), number: z.number().int(), research_id: z.string(), title: z.string(), status: z.string() })),
    }),
  ),
});
export type CitingHypotheses = z.infer<typeof CitingHypothesesSchema>;
