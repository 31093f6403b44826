// The research-engine columns of a project (0002): plan, settings, stage, counters.
import { perEngine } from './dialect.js';
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import type { ProjectStatus } from './projects.js';
import { notTrashed } from './projectTrash.js';
import { execute, row } from './sql.js';

export interface ProjectStateRow {
  plan: Record<string, unknown>;
  settings: Record<string, unknown>;
  stage: string;
  iteration: number;
  workflowStep: number;
  metaReview: Record<string, unknown> | null;
  reasoningCallsUsed: number;
  stopReason: string | null;
}

export interface RawState {
  plan: string;
  settings: string;
  stage: string;
  iteration: number;
  workflow_step: number;
  meta_review: string | null;
  reasoning_calls_used: number;
  stop_reason: string | null;
}

/** The research-engine columns of a projects row, as stateOf reads them. */
export const STATE_COLUMNS = 'plan, settings, stage, iteration, workflow_step, meta_review, reasoning_calls_used, stop_reason';

export function stateOf(raw: RawState): ProjectStateRow {
  return {
    plan: fromJson(raw.plan, {}),
    settings: fromJson(raw.settings, {}),
    stage: raw.stage,
    iteration: raw.iteration,
    workflowStep: raw.workflow_step,
    metaReview: fromJson(raw.meta_review, null),
    reasoningCallsUsed: raw.reasoning_calls_used,
    stopReason: raw.stop_reason,
  };
}

const SETTINGS = perEngine((d) => `SELECT settings, hypothesis_budget AS hypothesisBudget FROM projects WHERE id = ? AND ${notTrashed(d)}`);

/**
 * A live project's settings column and budget in one read, for reads that need nothing else of the
 * state (a leaderboard page's top-k); undefined for an unknown or trashed project, as findProject.
 */
export async function loadProjectSettings(db: Db, projectId: string): Promise<{ settings: Record<string, unknown>; hypothesisBudget: number } | undefined> {
  const raw = await row<{ settings: string; hypothesisBudget: number }>(db, SETTINGS, [projectId]);
  return raw === undefined ? undefined : { settings: fromJson(raw.settings, {}), hypothesisBudget: raw.hypothesisBudget };
}

export interface ProjectStatePatch {
  plan?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  stage?: string;
  iteration?: number;
  workflowStep?: number;
  metaReview?: Record<string, unknown> | null;
  reasoningCallsUsed?: number;
  stopReason?: string | null;
  status?: ProjectStatus;
  progress?: number;
  goal?: string;
  domain?: string;
  /** Stored as 0/1: false once the scientist set the domain themselves. */
  domainInferred?: boolean;
  hypothesisBudget?: number;
}

const COLUMNS: Record<keyof ProjectStatePatch, string> = {
  plan: 'plan',
  settings: 'settings',
  stage: 'stage',
  iteration: 'iteration',
  workflowStep: 'workflow_step',
  metaReview: 'meta_review',
  reasoningCallsUsed: 'reasoning_calls_used',
  stopReason: 'stop_reason',
  status: 'status',
  progress: 'progress',
  goal: 'goal',
  domain: 'domain',
  domainInferred: 'domain_inferred',
  hypothesisBudget: 'hypothesis_budget',
};
const JSON_KEYS = new Set<keyof ProjectStatePatch>(['plan', 'settings', 'metaReview']);

/** Updates the given fields and `updated_at`; the column list is fixed, never built from input. */
export async function updateProjectState(db: Db, projectId: string, patch: ProjectStatePatch, updatedAt: string): Promise<void> {
  const keys = (Object.keys(patch) as Array<keyof ProjectStatePatch>).filter((key) => patch[key] !== undefined);
  const assignments = keys.map((key) => `${COLUMNS[key]} = @${key}`);
  const values: Record<string, unknown> = { id: projectId, updatedAt };
  for (const key of keys) values[key] = JSON_KEYS.has(key) ? toJson(patch[key]) : typeof patch[key] === 'boolean' ? Number(patch[key]) : patch[key];
  // One statement per set of fields: the code updates a handful of combinations, each many times.
  await execute(db, `UPDATE projects SET ${[...assignments, 'updated_at = @updatedAt'].join(', ')} WHERE id = @id`, values);
}

export async function deleteProject(db: Db, projectId: string): Promise<boolean> {
  return (await execute(db, 'DELETE FROM projects WHERE id = ?', [projectId])) > 0;
}
