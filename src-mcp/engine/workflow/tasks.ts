// The durable task queue (architecture.md, *Workflow, tasks and checkpoints*): work items with leases. Any live server process may
// lease a task; a lease that expired, or whose owner process is gone, is taken over, so a crashed
// process's work is picked up again. Completion is guarded so a result is applied exactly once.
import type { Db } from '../../store/database.js';
import { findTask, insertTask, leaseTask, openTasks, type TaskRow } from '../../store/tasks.js';
import { notFound } from '../errors.js';
import { newId } from '../recordIds.js';
import type { Actor } from '../changes.js';
import type { Task, TaskKind } from '../types.js';

/** Delegated work is done by an assistant in a conversation: give it time to think and write. */
export const DELEGATED_LEASE_MS = 15 * 60 * 1000;

/** Tells whether the process that holds a lease is still running (the mcp layer knows how to ask). */
export type LeaseOwnerProbe = (owner: string) => boolean;

export function toTask(row: TaskRow): Task {
  return { ...row, kind: row.kind as TaskKind };
}

export async function createTask(db: Db, actor: Actor, projectId: string, kind: TaskKind, payload: Record<string, unknown>): Promise<Task> {
  const id = newId('tsk');
  await insertTask(db, { id, projectId, kind, payload, createdAt: actor.now().toISOString() });
  return await getTask(db, id);
}

export async function getTask(db: Db, id: string): Promise<Task> {
  const row = await findTask(db, id);
  if (row === undefined) throw notFound('Task', id, 'Work items come from continue_research and the tools that return a task_id.');
  return toTask(row);
}

export function isLeaseTakeable(task: Task, now: Date, ownerAlive: LeaseOwnerProbe): boolean {
  if (task.status === 'queued') return true;
  if (task.status !== 'leased') return false;
  if (task.leaseExpiresAt === null || Date.parse(task.leaseExpiresAt) <= now.getTime()) return true;
  return task.leaseOwner === null || !ownerAlive(task.leaseOwner);
}

/**
 * Leases the oldest takeable open task of a project to `owner` (inside the caller's write
 * transaction). A task already leased to the same owner is returned again, so asking twice
 * never hands one worker two copies of the same work.
 */
export async function leaseNextTask(
  db: Db,
  actor: Actor,
  projectId: string,
  owner: string,
  ownerAlive: LeaseOwnerProbe,
  leaseMs = DELEGATED_LEASE_MS,
): Promise<Task | undefined> {
  const now = actor.now();
  const open = (await openTasks(db, projectId)).map(toTask);
  const mine = open.find((task) => task.status === 'leased' && task.leaseOwner === owner);
  const task = mine ?? open.find((candidate) => isLeaseTakeable(candidate, now, ownerAlive));
  if (task === undefined) return undefined;
  await leaseTask(db, task.id, owner, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString());
  return await getTask(db, task.id);
}

/** Leases one specific task to `owner` (tools that create a task and hand it straight to the caller). */
export async function leaseTaskTo(db: Db, actor: Actor, taskId: string, owner: string, leaseMs = DELEGATED_LEASE_MS): Promise<Task> {
  const now = actor.now();
  await leaseTask(db, taskId, owner, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString());
  return await getTask(db, taskId);
}

export async function openTasksOf(db: Db, projectId: string): Promise<Task[]> {
  return (await openTasks(db, projectId)).map(toTask);
}
