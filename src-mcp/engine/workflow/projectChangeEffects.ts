// What a project change does (issue 15 item 1): more reasoning calls, or a completed project
// reopened for another cycle. Applied when the scientist makes the change in the app
// (projectChanges.ts) or approves an assistant's change_request (decisionEffects.ts).
import type { Db } from '../../store/database.js';
import { recordChange, type Actor } from '../changes.js';
import { DomainError } from '../errors.js';
import { updateResearch } from '../projectRecord.js';
import { MAX_HYPOTHESIS_BUDGET } from '../schemas.js';
import type { ResearchProject } from '../types.js';
import { progressOf } from './stages.js';

export const PROJECT_CHANGES = ['raise_budget', 'reopen'] as const;
export type ProjectChangeKind = (typeof PROJECT_CHANGES)[number];

export interface ProjectChange {
  change: ProjectChangeKind;
  addReasoningCalls: number;
  /** Only with reopen: hypotheses to generate in the new cycle. */
  addHypotheses: number;
}

/** Refuses a change that cannot apply to the project as it is now; nothing is changed. */
export function assertApplicable(project: ResearchProject, change: ProjectChange): void {
  if (change.change === 'reopen' && project.status !== 'completed') {
    throw new DomainError('conflict', `Research project ${project.id} is ${project.status}, not completed: only a completed project can be reopened. Use resume to continue a paused one.`, { field: 'action' });
  }
  if (change.change === 'raise_budget' && project.status === 'completed') {
    throw new DomainError('conflict', `Research project ${project.id} is completed. Reopen it (action "reopen") with the reasoning calls the new cycle may use.`, { field: 'action' });
  }
  if (change.change === 'raise_budget' && change.addReasoningCalls <= 0) {
    throw new DomainError('invalid_input', 'Raising the budget needs add_reasoning_calls > 0.', { field: 'add_reasoning_calls' });
  }
  const calls = project.settings.maxReasoningCalls + change.addReasoningCalls;
  if (change.change === 'reopen' && calls <= project.reasoningCallsUsed) {
    throw new DomainError('budget_exhausted', `All ${project.settings.maxReasoningCalls} reasoning calls of research project ${project.id} are used: reopen it with add_reasoning_calls > 0 for the new cycle.`, { field: 'add_reasoning_calls' });
  }
}

/** Applies a change the scientist made or approved. Runs inside the caller's write transaction. */
export async function applyProjectChange(db: Db, actor: Actor, project: ResearchProject, change: ProjectChange): Promise<void> {
  assertApplicable(project, change);
  const settings = { ...project.settings, maxReasoningCalls: project.settings.maxReasoningCalls + change.addReasoningCalls };
  if (change.change === 'raise_budget') {
    // A project stopped by its budget runs again once the budget is raised; one the scientist paused stays paused.
    const stoppedByBudget = project.status === 'paused' && (project.stopReason ?? '').startsWith('budget_exhausted');
    const status = stoppedByBudget ? (project.stage === 'plan' ? 'initializing' : 'active') : project.status;
    await updateResearch(db, project.id, { settings: settings as unknown as Record<string, unknown>, status, ...(stoppedByBudget ? { stopReason: null } : {}) }, actor.now());
    await recordChange(db, actor, 'project.updated', project.id, { reasoning_call_budget: settings.maxReasoningCalls, status });
    return;
  }
  // Reopen: one more research cycle (generate → review → rank → report) with the added hypotheses.
  const budget = Math.min(MAX_HYPOTHESIS_BUDGET, project.plan.hypothesis_budget + change.addHypotheses);
  const iteration = project.iteration + 1;
  const next = { ...project, stage: 'generate' as const, iteration, settings: { ...settings, maxIterations: Math.max(settings.maxIterations, iteration) } };
  await updateResearch(
    db,
    project.id,
    {
      status: 'active',
      stage: 'generate',
      iteration,
      stopReason: null,
      plan: { ...project.plan, hypothesis_budget: budget },
      hypothesisBudget: budget,
      settings: next.settings as unknown as Record<string, unknown>,
      progress: progressOf(next),
    },
    actor.now(),
  );
  await recordChange(db, actor, 'project.updated', project.id, { status: 'active', reopened: true, iteration });
}
