// Who wrote what a work item would re-send: a work item names, instead of re-sending, the text its
// reader wrote itself (docs/work-items.md, "Say each hypothesis once"). A hypothesis the scientist
// edited at a checkpoint (a batch edit, or a safety review's revised text) is no longer the
// reasoner's text, so it is shown in full.
import type { Db } from './database.js';
import { row, rows } from './sql.js';

const EDITS = `SELECT kind, payload, decision_data AS data FROM checkpoints
                WHERE project_id = ? AND decision_action = 'edit' AND kind IN ('hypothesis_batch', 'safety_review')`;

export async function hypothesesEditedByScientist(db: Db, projectId: string): Promise<Set<string>> {
  const edits = await rows<{ kind: string; payload: string; data: string | null }>(db, EDITS, [projectId]);
  const edited = new Set<string>();
  for (const edit of edits) {
    if (edit.kind === 'safety_review') {
      const id = (JSON.parse(edit.payload) as { hypothesis_id?: unknown }).hypothesis_id;
      if (typeof id === 'string') edited.add(id);
      continue;
    }
    const data = edit.data === null ? {} : (JSON.parse(edit.data) as { hypotheses?: Array<{ id?: unknown; summary?: unknown; rationale?: unknown; experimental_protocol?: unknown }> });
    for (const h of data.hypotheses ?? []) {
      if (typeof h.id === 'string' && (h.summary !== undefined || h.rationale !== undefined || h.experimental_protocol !== undefined)) edited.add(h.id);
    }
  }
  return edited;
}

// NULLS LAST as SQLite sorts descending (PostgreSQL would put a task without a completion time first).
const LATEST_META_REVIEW = `SELECT reasoner FROM tasks WHERE project_id = ? AND kind = 'meta_review' AND status = 'done'
                             ORDER BY completed_at DESC NULLS LAST LIMIT 1`;

/** The reasoner of the project's latest meta-review (whose feedback every later item applies), or null. */
export async function latestMetaReviewReasoner(db: Db, projectId: string): Promise<string | null> {
  return (await row<{ reasoner: string | null }>(db, LATEST_META_REVIEW, [projectId]))?.reasoner ?? null;
}
