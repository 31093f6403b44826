// Who wrote what a work item would re-send: a work item names, instead of re-sending, the text its
// reader wrote itself (docs/work-items.md, "Say each hypothesis once"). A hypothesis the scientist
// edited at a checkpoint (a batch edit, or a safety review's revised text) is no longer the
// reasoner's text, so it is shown in full.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { onConnection } from './unitOfWork.js';

export function hypothesesEditedByScientist(db: Db, projectId: string): Promise<Set<string>> {
  return onConnection(db, () => {
    const rows = cached(
      db,
      `SELECT kind, payload, decision_data AS data FROM checkpoints
        WHERE project_id = ? AND decision_action = 'edit' AND kind IN ('hypothesis_batch', 'safety_review')`,
    ).all(projectId) as Array<{ kind: string; payload: string; data: string | null }>;
    const edited = new Set<string>();
    for (const row of rows) {
      if (row.kind === 'safety_review') {
        const id = (JSON.parse(row.payload) as { hypothesis_id?: unknown }).hypothesis_id;
        if (typeof id === 'string') edited.add(id);
        continue;
      }
      const data = row.data === null ? {} : (JSON.parse(row.data) as { hypotheses?: Array<{ id?: unknown; summary?: unknown; rationale?: unknown; experimental_protocol?: unknown }> });
      for (const h of data.hypotheses ?? []) {
        if (typeof h.id === 'string' && (h.summary !== undefined || h.rationale !== undefined || h.experimental_protocol !== undefined)) edited.add(h.id);
      }
    }
    return edited;
  });
}

/** The reasoner of the project's latest meta-review (whose feedback every later item applies), or null. */
export function latestMetaReviewReasoner(db: Db, projectId: string): Promise<string | null> {
  return onConnection(db, () => {
    const row = cached(db, `SELECT reasoner FROM tasks WHERE project_id = ? AND kind = 'meta_review' AND status = 'done' ORDER BY completed_at DESC LIMIT 1`).get(projectId) as { reasoner: string | null } | undefined;
    return row?.reasoner ?? null;
  });
}
