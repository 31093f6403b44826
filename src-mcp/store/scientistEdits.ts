// Which hypotheses of a project the scientist edited at a checkpoint (a batch edit, or a safety
// review's revised text): their stored text is no longer what the reasoner wrote, so a work item
// for that reasoner shows it in full (docs/work-items.md, "Say each hypothesis once").
import type { Db } from './database.js';
import { cached } from './statements.js';

export function hypothesesEditedByScientist(db: Db, projectId: string): Set<string> {
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
}
