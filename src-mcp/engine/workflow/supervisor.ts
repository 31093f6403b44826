// The supervisor (architecture.md, *Workflow, tasks and checkpoints*): runs the workflow's stages until the project waits on
// something — a task in the queue, a checkpoint, or the end — and hands out the next work item.
import type { Db } from '../../store/database.js';
import { recordDecision } from '../../store/checkpoints.js';
import type { Actor } from '../changes.js';
import { pendingCheckpointsOf } from './checkpoints.js';
import { applyDecisionEffects } from './decisionEffects.js';
import { newId } from '../recordIds.js';
import { loadResearch } from '../projectRecord.js';
import { isLeaseTakeable, leaseNextTask, openTasksOf, type LeaseOwnerProbe } from './tasks.js';
import { advanceStage, gateNewHypotheses, stopIfOutOfBudget } from './stages.js';
import { SCIENTIST_ONLY_KINDS } from '../schemas.js';
import { catchUpLateArrivals } from './lateArrivals.js';
import type { Checkpoint, Task } from '../types.js';

const MAX_TRANSITIONS = 16;

/** Who approves checkpoint kinds the scientist chose not to pause at. */
export const AUTO_APPROVER = 'policy:auto-approve';

/** Brings the project to a state that waits on something. Runs inside the caller's write transaction. */
export async function advance(db: Db, actor: Actor, projectId: string): Promise<void> {
  for (let step = 0; step < MAX_TRANSITIONS; step += 1) {
    const project = await loadResearch(db, projectId);
    if (project.status === 'completed' || project.status === 'paused') return;
    const pending = await pendingCheckpointsOf(db, projectId);
    const autoApprovable = pending.find((c) => !SCIENTIST_ONLY_KINDS.includes(c.kind) && !project.settings.pauseAt.includes(c.kind));
    if (autoApprovable !== undefined) {
      await approveOnPolicy(db, actor, autoApprovable);
      continue;
    }
    // An assistant's change request waits for the scientist without holding up the work.
    if (pending.some((c) => c.kind !== 'change_request')) return;
    const open = await openTasksOf(db, projectId);
    // New hypotheses wait until their whole round is written, so the scientist sees one batch.
    const producing = open.some((task) => task.kind === 'generate' || task.kind === 'evolve');
    if (!producing && await gateNewHypotheses(db, actor, project)) continue;
    if (!producing && await catchUpLateArrivals(db, actor, project, open)) continue;
    if (open.length > 0) return;
    if (await stopIfOutOfBudget(db, actor, project)) return;
    if (!await advanceStage(db, actor, project)) return;
  }
}

async function approveOnPolicy(db: Db, actor: Actor, checkpoint: Checkpoint): Promise<void> {
  const decidedAt = actor.now().toISOString();
  if (!await recordDecision(db, { checkpointId: checkpoint.id, decisionId: newId('dec'), action: 'approve', data: null, note: 'Not paused at this kind (project policy).', decidedBy: AUTO_APPROVER, decidedAt })) return;
  await applyDecisionEffects(db, actor, await loadResearch(db, checkpoint.projectId), checkpoint, { action: 'approve', data: null, note: null });
}

export type NextStep =
  | { kind: 'work'; task: Task }
  | { kind: 'awaiting_decision'; checkpoints: Checkpoint[] }
  | { kind: 'busy'; tasks: Task[] }
  /** Work is queued and nobody asked for it yet (the caller only looked). */
  | { kind: 'ready'; tasks: Task[] }
  | { kind: 'completed'; reason: string | null }
  | { kind: 'paused'; reason: string | null };

/**
 * What the caller should do next. With an `owner`, a work item is leased to it; without one (a
 * caller that only looks, like the desktop app after a decision) nothing is leased.
 */
export async function nextStep(db: Db, actor: Actor, projectId: string, owner: string | null, ownerAlive: LeaseOwnerProbe): Promise<NextStep> {
  await advance(db, actor, projectId);
  const project = await loadResearch(db, projectId);
  if (project.status === 'completed') return { kind: 'completed', reason: project.stopReason };
  const pending = await pendingCheckpointsOf(db, projectId);
  const blocking = pending.some((c) => c.kind !== 'change_request');
  if (blocking || (pending.length > 0 && project.status === 'paused')) return { kind: 'awaiting_decision', checkpoints: pending };
  if (project.status === 'paused') return { kind: 'paused', reason: project.stopReason };
  const open = await openTasksOf(db, projectId);
  if (owner === null) {
    const takeable = open.filter((task) => isLeaseTakeable(task, actor.now(), ownerAlive));
    return takeable.length > 0 ? { kind: 'ready', tasks: takeable } : { kind: 'busy', tasks: open };
  }
  const task = await leaseNextTask(db, actor, projectId, owner, ownerAlive);
  if (task !== undefined) return { kind: 'work', task };
  return { kind: 'busy', tasks: open };
}
