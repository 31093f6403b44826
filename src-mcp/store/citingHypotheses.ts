// Named statement for "which hypotheses cite this source" (knowledge/citingHypotheses.ts): the
// hypotheses whose stored citations mention any of a document's identifiers or its title. A cheap
// text prefilter over the citations JSON; the caller confirms each with the citation resolver.
import { dialectOf } from './dialect.js';
import type { Db } from './database.js';
import { notTrashed } from './projectTrash.js';
import { cached } from './statements.js';
import { onConnection } from './unitOfWork.js';

export interface CitingCandidate {
  id: string;
  projectId: string;
  seq: number;
  title: string | null;
  summary: string;
  status: string;
  citations: string;
}

/** LIKE needs its wildcards escaped: identifiers and titles may contain % and _. */
function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Hypotheses (projects in the trash left out) whose citations mention any needle, newest project first. */
export function hypothesesMentioning(db: Db, needles: readonly string[], limit: number): Promise<CitingCandidate[]> {
  return onConnection(db, () => {
    if (needles.length === 0) return [];
    const match = needles.map(() => "h.citations LIKE ? ESCAPE '\\'").join(' OR ');
    return cached(
      db,
      `SELECT h.id, h.project_id AS projectId, h.seq, h.title, h.summary, h.status, h.citations
       FROM hypotheses h JOIN projects p ON p.id = h.project_id
       WHERE ${notTrashed(dialectOf(db), 'p')} AND h.citations <> '[]' AND (${match})
       ORDER BY p.created_at DESC, h.seq LIMIT ?`,
    ).all(...needles.map(likePattern), limit) as CitingCandidate[];
  });
}
