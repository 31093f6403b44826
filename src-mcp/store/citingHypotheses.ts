// Named statement for "which hypotheses cite this source" (knowledge/citingHypotheses.ts): the
// hypotheses whose stored citations mention any of a document's identifiers or its title. A cheap
// text prefilter over the citations JSON; the caller confirms each with the citation resolver.
import { perEngine } from './dialect.js';
import type { Db } from './database.js';
import { notTrashed } from './projectTrash.js';
import { rows, type EngineTexts } from './sql.js';

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

/**
 * The statement for `count` needles, built once per count. SQLite's LIKE ignores ASCII case;
 * PostgreSQL's ILIKE does the same there (LIKE would not), so a DOI typed in upper case still matches.
 */
const MENTIONING = new Map<number, EngineTexts>();

function mentioningStatement(count: number): EngineTexts {
  let statement = MENTIONING.get(count);
  if (statement === undefined) {
    statement = perEngine((d) => {
      const like = d.engine === 'postgres' ? 'ILIKE' : 'LIKE';
      const match = Array.from({ length: count }, () => `h.citations ${like} ? ESCAPE '\\'`).join(' OR ');
      return `SELECT h.id, h.project_id AS projectId, h.seq, h.title, h.summary, h.status, h.citations
        FROM hypotheses h JOIN projects p ON p.id = h.project_id
        WHERE ${notTrashed(d, 'p')} AND h.citations <> '[]' AND (${match})
        ORDER BY p.created_at DESC, h.seq LIMIT ?`;
    });
    MENTIONING.set(count, statement);
  }
  return statement;
}

/** Hypotheses (projects in the trash left out) whose citations mention any needle, newest project first. */
export async function hypothesesMentioning(db: Db, needles: readonly string[], limit: number): Promise<CitingCandidate[]> {
  if (needles.length === 0) return [];
  return rows<CitingCandidate>(db, mentioningStatement(needles.length), [...needles.map(likePattern), limit]);
}
