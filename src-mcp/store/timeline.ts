// Named statements for a project's timeline: its tasks, checkpoints and change events read as one
// stream in time order. One UNION query pages the three sources together, so a cursor is a single
// position (time, source, reference) and a page never skips or repeats an entry.
import type { Db } from './database.js';
import { perEngine, type Dialect } from './dialect.js';
import { fromJson } from './json.js';
import { rows } from './sql.js';

export type TimelineSource = 'checkpoint' | 'event' | 'task';

export interface TimelineRow {
  source: TimelineSource;
  /** Task or checkpoint id; for an event its numeric id, zero-padded so text order is numeric order. */
  ref: string;
  at: string;
  kind: string;
  /** Task status, or checkpoint status. */
  status: string | null;
  /** Task: reasoner (when done) or lease owner; checkpoint: who decided; event: the client. */
  by: string | null;
  /** Task: completed; checkpoint: decided. */
  finishedAt: string | null;
  /** Checkpoint decision action. */
  action: string | null;
  /** Checkpoint decision note, or a task's last error. */
  note: string | null;
  /** Task payload or event data. */
  data: Record<string, unknown>;
}

export interface TimelinePosition {
  at: string;
  source: TimelineSource;
  ref: string;
}

/** A row as the query returns it: the timeline row with its data still JSON text. */
type Raw = Omit<TimelineRow, 'data'> & { data: string | null };

/** An event's numeric id as twelve digits, so that text order (the ref column's) is numeric order. */
function paddedId(d: Dialect): string {
  return d.engine === 'sqlite' ? "printf('%012d', id)" : "lpad(CAST(id AS TEXT), 12, '0')";
}

const PAGE = perEngine(
  (d) => `SELECT * FROM (
            SELECT 'task' AS source, id AS ref, created_at AS at, kind, status, COALESCE(reasoner, lease_owner) AS by,
                   completed_at AS finishedAt, NULL AS action, error AS note, payload AS data
              FROM tasks WHERE project_id = @projectId
            UNION ALL
            SELECT 'checkpoint', id, created_at, kind, status, decided_by, decided_at, decision_action, decision_note, NULL
              FROM checkpoints WHERE project_id = @projectId
            UNION ALL
            SELECT 'event', ${paddedId(d)}, at, kind, NULL, client_id, NULL, NULL, NULL, data
              FROM events
             WHERE subject_uri = @subjectUri
               AND (kind IN (${d.jsonArrayValues('@eventKinds')})
                    OR (kind IN (${d.jsonArrayValues('@humanKinds')}) AND ${d.jsonText('data', 'origin')} = 'human'))
          ) AS timeline
          WHERE CAST(@afterAt AS TEXT) IS NULL OR at > @afterAt
             OR (at = @afterAt AND (source > @afterSource OR (source = @afterSource AND ref > @afterRef)))
          ORDER BY at, source, ref
          LIMIT @limit`,
);

/**
 * One page of the timeline after `after` (exclusive). `eventKinds` are the change-event kinds
 * worth showing; `humanKinds` are shown only when the event's data says a human made it (origin
 * "human"), since the same kinds also come from every reasoner's routine work.
 */
export async function timelinePage(
  db: Db,
  query: { projectId: string; subjectUri: string; eventKinds: readonly string[]; humanKinds: readonly string[]; limit: number; after?: TimelinePosition | undefined },
): Promise<TimelineRow[]> {
  const raws = await rows<Raw>(db, PAGE, {
    projectId: query.projectId,
    subjectUri: query.subjectUri,
    eventKinds: JSON.stringify(query.eventKinds),
    humanKinds: JSON.stringify(query.humanKinds),
    afterAt: query.after?.at ?? null,
    afterSource: query.after?.source ?? null,
    afterRef: query.after?.ref ?? null,
    limit: query.limit,
  });
  return raws.map((raw) => ({ ...raw, data: fromJson(raw.data, {}) }));
}
