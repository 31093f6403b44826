// Checkpoints: where the workflow waits for the scientist (architecture.md, *Workflow, tasks and checkpoints*).
import type { Db } from '../../store/database.js';
import { countArchivedCheckpoints, findCheckpoint, insertCheckpoint, listCheckpoints, pendingCheckpoints, type CheckpointRow } from '../../store/checkpoints.js';
import { notFound } from '../errors.js';
import { newId } from '../recordIds.js';
import { recordChange, type Actor } from '../changes.js';
import type { CheckpointKind, DecisionAction } from '../schemas.js';
import type { Checkpoint } from '../types.js';

export function toCheckpoint(row: CheckpointRow): Checkpoint {
  // store/checkpoints.ts withdrawCheckpoint: closed, with no decision recorded.
  const withdrawn = row.status === 'decided' && row.decisionId === null;
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind as CheckpointKind,
    payload: row.payload,
    iteration: row.iteration,
    status: withdrawn ? 'withdrawn' : row.status,
    createdAt: row.createdAt,
    withdrawal: withdrawn ? { reason: row.decisionNote ?? '', by: row.decidedBy ?? 'workflow', at: row.decidedAt ?? row.createdAt } : null,
    decision:
      row.status === 'decided' && row.decisionId !== null
        ? {
            id: row.decisionId,
            action: row.decisionAction as DecisionAction,
            data: row.decisionData,
            note: row.decisionNote,
            decidedBy: row.decidedBy ?? 'unknown',
            decidedAt: row.decidedAt ?? row.createdAt,
          }
        : null,
  };
}

export async function getCheckpoint(db: Db, id: string): Promise<Checkpoint> {
  const row = await findCheckpoint(db, id);
  if (row === undefined) throw notFound('Checkpoint', id, 'Call list_checkpoints to see the checkpoints waiting for a decision.');
  return toCheckpoint(row);
}

/** Opens a checkpoint (inside the caller's write transaction). */
export async function openCheckpoint(
  db: Db,
  actor: Actor,
  input: { projectId: string; kind: CheckpointKind; payload: Record<string, unknown>; iteration: number },
): Promise<Checkpoint> {
  const id = newId('chk');
  await insertCheckpoint(db, { id, ...input, createdAt: actor.now().toISOString() });
  await recordChange(db, actor, 'checkpoint.created', input.projectId, { checkpoint_id: id, kind: input.kind });
  return await getCheckpoint(db, id);
}

export async function pendingCheckpointsOf(db: Db, projectId: string): Promise<Checkpoint[]> {
  return (await pendingCheckpoints(db, projectId)).map(toCheckpoint);
}

export interface CheckpointQuery {
  projectId?: string | undefined;
  status?: 'pending' | 'decided' | undefined;
  limit: number;
  cursor?: string | undefined;
  /** Leave out the checkpoints of archived projects, as the app's inbox does. */
  excludeArchived?: boolean | undefined;
}

/** `archivedHidden`: how many checkpoints of archived projects `excludeArchived` left out (0 without it). */
export async function queryCheckpoints(db: Db, query: CheckpointQuery): Promise<{ checkpoints: Checkpoint[]; nextCursor: string | null; archivedHidden: number }> {
  let afterCreated: string | undefined;
  let afterId: string | undefined;
  if (query.cursor !== undefined) {
    const [created, id] = Buffer.from(query.cursor, 'base64url').toString('utf8').split('\n');
    afterCreated = created;
    afterId = id;
  }
  const rows = await listCheckpoints(db, { projectId: query.projectId, status: query.status, limit: query.limit + 1, afterCreated, afterId, excludeArchived: query.excludeArchived });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    checkpoints: page.map(toCheckpoint),
    nextCursor: rows.length > query.limit && last !== undefined ? Buffer.from(`${last.createdAt}\n${last.id}`).toString('base64url') : null,
    archivedHidden: query.excludeArchived === true ? await countArchivedCheckpoints(db, query.status) : 0,
  };
}
