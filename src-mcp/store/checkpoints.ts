// Named statements for workflow checkpoints and their decisions.
import { perEngine } from './dialect.js';
import type { Db } from './database.js';
import { notTrashed } from './projectTrash.js';
import { notArchived } from './desktopOverview.js';
import { fromJson, toJson } from './json.js';
import { execute, row, rows, scalar, scalars } from './sql.js';

export interface CheckpointRow {
  id: string;
  projectId: string;
  kind: string;
  payload: Record<string, unknown>;
  iteration: number;
  status: 'pending' | 'decided';
  createdAt: string;
  decisionId: string | null;
  decisionAction: string | null;
  decisionData: Record<string, unknown> | null;
  decisionNote: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}

interface Raw {
  id: string; project_id: string; kind: string; payload: string; iteration: number; status: 'pending' | 'decided';
  created_at: string; decision_id: string | null; decision_action: string | null; decision_data: string | null;
  decision_note: string | null; decided_by: string | null; decided_at: string | null;
}

const COLUMNS = [
  'id', 'project_id', 'kind', 'payload', 'iteration', 'status', 'created_at', 'decision_id', 'decision_action', 'decision_data', 'decision_note', 'decided_by', 'decided_at',
] as const satisfies ReadonlyArray<keyof Raw>;

/** A checkpoint row's columns, in the order checkpointRowOf reads them. */
export const CHECKPOINT_COLUMNS = COLUMNS.join(', ');

/** A checkpoint from its CHECKPOINT_COLUMNS values, in their order. */
export function checkpointRowOf(values: readonly unknown[]): CheckpointRow {
  return fromRaw(Object.fromEntries(COLUMNS.map((column, index) => [column, values[index]])) as unknown as Raw);
}

function fromRaw(raw: Raw): CheckpointRow {
  return {
    id: raw.id,
    projectId: raw.project_id,
    kind: raw.kind,
    payload: fromJson(raw.payload, {}),
    iteration: raw.iteration,
    status: raw.status,
    createdAt: raw.created_at,
    decisionId: raw.decision_id,
    decisionAction: raw.decision_action,
    decisionData: fromJson(raw.decision_data, null),
    decisionNote: raw.decision_note,
    decidedBy: raw.decided_by,
    decidedAt: raw.decided_at,
  };
}

const INSERT = `INSERT INTO checkpoints (id, project_id, kind, payload, iteration, status, created_at)
                VALUES (@id, @projectId, @kind, @payload, @iteration, 'pending', @createdAt)`;

export async function insertCheckpoint(
  db: Db,
  checkpoint: { id: string; projectId: string; kind: string; payload: Record<string, unknown>; iteration: number; createdAt: string },
): Promise<void> {
  await execute(db, INSERT, { ...checkpoint, payload: toJson(checkpoint.payload) });
}

export async function findCheckpoint(db: Db, id: string): Promise<CheckpointRow | undefined> {
  const raw = await row<Raw>(db, 'SELECT * FROM checkpoints WHERE id = ?', [id]);
  return raw === undefined ? undefined : fromRaw(raw);
}

export async function findCheckpointByDecision(db: Db, decisionId: string): Promise<CheckpointRow | undefined> {
  const raw = await row<Raw>(db, 'SELECT * FROM checkpoints WHERE decision_id = ?', [decisionId]);
  return raw === undefined ? undefined : fromRaw(raw);
}

const LIST = perEngine(
  (d) => `SELECT * FROM checkpoints WHERE (CAST(@projectId AS TEXT) IS NULL OR project_id = @projectId) AND (CAST(@status AS TEXT) IS NULL OR status = @status)
            AND EXISTS (SELECT 1 FROM projects p WHERE p.id = checkpoints.project_id AND ${notTrashed(d, 'p')} AND (@excludeArchived = 0 OR ${notArchived(d, 'p')}))
            AND (CAST(@afterCreated AS TEXT) IS NULL OR created_at > @afterCreated OR (created_at = @afterCreated AND id > @afterId))
          ORDER BY created_at, id LIMIT @limit`,
);

export async function listCheckpoints(
  db: Db,
  query: {
    projectId?: string | undefined;
    status?: 'pending' | 'decided' | undefined;
    limit: number;
    afterCreated?: string | undefined;
    afterId?: string | undefined;
    /** Leave out projects the scientist archived (by default all are listed). */
    excludeArchived?: boolean | undefined;
  },
): Promise<CheckpointRow[]> {
  const raws = await rows<Raw>(db, LIST, {
    projectId: query.projectId ?? null,
    status: query.status ?? null,
    afterCreated: query.afterCreated ?? null,
    afterId: query.afterId ?? null,
    limit: query.limit,
    excludeArchived: query.excludeArchived === true ? 1 : 0,
  });
  return raws.map(fromRaw);
}

const ARCHIVED_COUNT = perEngine(
  (d) => `SELECT COUNT(*) FROM checkpoints c JOIN projects p ON p.id = c.project_id
           WHERE (CAST(@status AS TEXT) IS NULL OR c.status = @status) AND ${notTrashed(d, 'p')} AND NOT (${notArchived(d, 'p')})`,
);

/** Checkpoints (in projects not deleted) of archived projects with this status: what a list without them left out. */
export async function countArchivedCheckpoints(db: Db, status: 'pending' | 'decided' | undefined): Promise<number> {
  return (await scalar<number>(db, ARCHIVED_COUNT, { status: status ?? null })) ?? 0;
}

// Its own statement, not listCheckpoints with switches: `@x IS NULL OR …` hides project_id from
// the planner, which then scans every project's checkpoints.
/** The open checkpoints a status shows, and their order (a status read folds the same into its statement: projectWithCounts.ts). */
export const PENDING_WHERE = "status = 'pending'";
export const PENDING_ORDER = 'created_at, id';
export const PENDING_LIMIT = 100;
const PENDING = `SELECT * FROM checkpoints WHERE project_id = ? AND ${PENDING_WHERE} ORDER BY ${PENDING_ORDER} LIMIT ${PENDING_LIMIT}`;

/** The project's open checkpoints, oldest first (at most 100): every status poll reads them. */
export async function pendingCheckpoints(db: Db, projectId: string): Promise<CheckpointRow[]> {
  return (await rows<Raw>(db, PENDING, [projectId])).map(fromRaw);
}

// One conditional UPDATE decides: on SQLite writes are serialised; on PostgreSQL a second UPDATE of
// the row waits for the first's commit and then re-reads `status = 'pending'` (READ COMMITTED), so
// a checkpoint raced from two processes is decided by exactly one of them.
const DECIDE = `UPDATE checkpoints SET status = 'decided', decision_id = @decisionId, decision_action = @action, decision_data = @data,
                  decision_note = @note, decided_by = @decidedBy, decided_at = @decidedAt
                WHERE id = @checkpointId AND status = 'pending'`;

/** Records a decision only if the checkpoint is still pending; returns false if someone decided first. */
export async function recordDecision(
  db: Db,
  decision: { checkpointId: string; decisionId: string; action: string; data: Record<string, unknown> | null; note: string | null; decidedBy: string; decidedAt: string },
): Promise<boolean> {
  return (await execute(db, DECIDE, { ...decision, data: decision.data === null ? null : toJson(decision.data) })) > 0;
}

const WITHDRAW = `UPDATE checkpoints SET status = 'decided', decision_id = NULL, decision_action = NULL, decision_data = NULL,
                    decision_note = @reason, decided_by = @by, decided_at = @at
                  WHERE id = @checkpointId AND status = 'pending'`;

/**
 * Closes a pending checkpoint without a decision: the workflow withdrew it because what it asked
 * about changed (a hypothesis added while the final report waited, issue 15 item 3). The row keeps
 * status 'decided' with no decision id or action (the table's CHECKs allow both to be NULL, so no
 * migration): `reason` goes in decision_note, `by` and `at` in decided_by and decided_at.
 * Returns false when the checkpoint was no longer pending.
 */
export async function withdrawCheckpoint(db: Db, withdrawal: { checkpointId: string; reason: string; by: string; at: string }): Promise<boolean> {
  return (await execute(db, WITHDRAW, withdrawal)) > 0;
}

// lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
const STARTING_WITH = "SELECT id FROM checkpoints WHERE lower(id) LIKE ? ESCAPE '\\' ORDER BY status = 'pending' DESC, created_at DESC LIMIT ?";

/** Ids starting with `prefix`, pending first then newest: argument completion for clients. */
export async function checkpointIdsStartingWith(db: Db, prefix: string, limit: number): Promise<string[]> {
  const escaped = prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return scalars<string>(db, STARTING_WITH, [`${escaped}%`, limit]);
}
