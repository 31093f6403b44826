// Work done without a person in the loop (architecture.md, *Reasoners*): a provider in the background, or the
// client's model through sampling. Both complete a work item `(item, signal) → answer`; the answer
// is validated and applied by submitWork exactly like a delegated submission, with one repair turn
// that sends the validation errors back. Usage is recorded in the same transaction as the
// submission or the failure it led to.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { recordTaskError } from '../store/tasks.js';
import { insertUsage, usageTotals, type UsageOutcome } from '../store/usage.js';
import { recordChange, type Actor } from '../engine/changes.js';
import { DomainError } from '../engine/errors.js';
import type { CitationVerifier } from '../engine/hypotheses.js';
import { loadResearch, updateResearch } from '../engine/projectRecord.js';
import { submitWork } from '../engine/workflow/submissions.js';
import type { ReasonerKind, ResearchProject, Task } from '../engine/types.js';
import { roleOf } from './providers/prompt.js';
import { ProviderError, type ReasoningRole, type TokenUsage } from './providers/types.js';
import { buildWorkItem, type GroundingSource, type WorkItem } from './workItems.js';
import { beforeWaitingOutside } from '../store/writeObserver.js';

/** The answer of one reasoner call, before validation. */
export interface ReasonerAnswer {
  /** The parsed JSON, or undefined when the answer was not JSON (see parseError). */
  result: unknown;
  parseError: string | null;
  /** The raw answer, sent back in a repair turn. */
  text: string;
  model: string;
  usage: TokenUsage;
  /** Estimated USD, when a price is configured for the model. */
  costUsd: number | null;
}

/** A second chance: the previous answer and what was wrong with it. */
export interface RepairRequest {
  previousText: string;
  errors: string;
}

/** A reasoner that completes work items on its own (a provider, the client's model through sampling). */
export interface AutomaticReasoner {
  /** `provider:<name>` or `sampling:<client>`; the task records `<label>:<model>`. */
  readonly label: string;
  /** The model asked for, when known before the call (sampling lets the client choose). */
  readonly model: string | null;
  complete(item: WorkItem, role: ReasoningRole, signal: AbortSignal, repair?: RepairRequest): Promise<ReasonerAnswer>;
}

export interface TaskRunDeps {
  db: Db;
  actor: Actor;
  verify: CitationVerifier;
  grounding: GroundingSource;
  /** Masks secrets (API keys) in any text that is stored or logged. */
  scrub: (text: string) => string;
}

export type TaskRunOutcome =
  | { kind: 'submitted'; reasoner: string; summary: string; usage: TokenUsage; costUsd: number | null }
  /** The answer failed validation twice; the errors are recorded on the task. */
  | { kind: 'rejected'; error: string }
  /** The call itself failed (after its retries); recorded on the task. */
  | { kind: 'failed'; error: string; cause: ProviderError | null }
  /** Completed or cancelled elsewhere, or the project was deleted: nothing to do. */
  | { kind: 'gone'; reason: string }
  | { kind: 'aborted' };

/**
 * Whether background providers take a project's work: the reasoner order lists who may think, by
 * preference, and delegation (always available when an assistant asks) ends the list in practice.
 */
export function providerServes(order: readonly ReasonerKind[]): boolean {
  return comesBeforeDelegation(order, 'provider');
}

export function samplingServes(order: readonly ReasonerKind[]): boolean {
  return comesBeforeDelegation(order, 'sampling');
}

function comesBeforeDelegation(order: readonly ReasonerKind[], kind: ReasonerKind): boolean {
  const at = order.indexOf(kind);
  const delegated = order.indexOf('delegated');
  return at >= 0 && (delegated < 0 || at < delegated);
}

/** Validation attempts per task and run: the answer, then one repair. */
const ATTEMPTS = 2;

export async function runAutomaticTask(deps: TaskRunDeps, task: Task, reasoner: AutomaticReasoner, signal: AbortSignal): Promise<TaskRunOutcome> {
  let item: WorkItem;
  try {
    item = await buildWorkItem(deps.db, task, deps.grounding);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'resource_not_found') return { kind: 'gone', reason: error.message };
    throw error;
  }
  const role = roleOf(task.kind);
  let repair: RepairRequest | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    let answer: ReasonerAnswer;
    try {
      // A model answers in seconds or minutes (the client's by sampling, or a provider's).
      await beforeWaitingOutside();
      answer = await reasoner.complete(item, role, signal, repair);
    } catch (error) {
      if (signal.aborted || (error instanceof ProviderError && error.code === 'aborted')) return { kind: 'aborted' };
      const message = deps.scrub(error instanceof Error ? error.message : String(error));
      await recordAttempt(deps, task, role, reasoner, null, 'failed', message, true);
      return { kind: 'failed', error: message, cause: error instanceof ProviderError ? error : null };
    }
    const reasonerId = `${reasoner.label}:${answer.model}`;
    let errors = answer.parseError;
    if (errors === null) {
      try {
        const outcome = await writeTransaction(deps.db, async () => {
          const submitted = await submitWork(deps.db, deps.actor, { taskId: task.id, result: answer.result, reasoner: reasonerId }, deps.verify);
          await insertUsage(deps.db, usageRow(deps, task, role, reasoner, answer, 'submitted', null));
          return submitted;
        });
        return { kind: 'submitted', reasoner: reasonerId, summary: outcome.summary, usage: answer.usage, costUsd: answer.costUsd };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.code === 'resource_not_found') return { kind: 'gone', reason: error.message };
        if (error.code === 'conflict') {
          await recordAttempt(deps, task, role, reasoner, answer, 'rejected', error.message, false);
          return { kind: 'gone', reason: error.message };
        }
        if (error.code !== 'invalid_input') throw error;
        errors = error.message;
      }
    }
    const last = attempt === ATTEMPTS;
    const message = deps.scrub(last ? `${reasonerId} answered twice with results that could not be accepted; last problem: ${errors}` : errors);
    await recordAttempt(deps, task, role, reasoner, answer, 'rejected', message, last);
    if (last) return { kind: 'rejected', error: message };
    repair = { previousText: answer.text, errors };
  }
  return { kind: 'rejected', error: 'unreachable' };
}

/** One usage row, and with `onTask` the error recorded on the task, in one transaction. */
async function recordAttempt(deps: TaskRunDeps, task: Task, role: ReasoningRole, reasoner: AutomaticReasoner, answer: ReasonerAnswer | null, outcome: UsageOutcome, error: string, onTask: boolean): Promise<void> {
  try {
    await writeTransaction(deps.db, async () => {
      await insertUsage(deps.db, usageRow(deps, task, role, reasoner, answer, outcome, error));
      if (onTask) await recordTaskError(deps.db, task.id, error, deps.actor.now().toISOString());
    });
  } catch (failure) {
    // The project was deleted meanwhile (its usage rows went with it): there is nothing left to record on.
    if (!String((failure as Error).message).includes('FOREIGN KEY')) throw failure;
  }
}

function usageRow(deps: TaskRunDeps, task: Task, role: ReasoningRole, reasoner: AutomaticReasoner, answer: ReasonerAnswer | null, outcome: UsageOutcome, error: string | null) {
  const { label, model } = reasoner;
  return {
    projectId: task.projectId,
    taskId: task.id,
    role,
    reasoner: label,
    model: answer?.model ?? model ?? 'unknown',
    inputTokens: answer?.usage.inputTokens ?? 0,
    outputTokens: answer?.usage.outputTokens ?? 0,
    costUsd: answer?.costUsd ?? null,
    outcome,
    error,
    at: deps.actor.now().toISOString(),
  };
}

/**
 * Whether the project may start another automatic call: null when it may; 'wait' while calls in
 * flight may still finish the budget (never start more than it has left: each completed one
 * counts); otherwise the reason to pause it. The call budget is the engine's (work items
 * completed); tokens and cost are the providers' own.
 */
export async function reasoningBudgetStop(db: Db, project: ResearchProject, inFlight: number): Promise<string | 'wait' | null> {
  const { settings } = project;
  const stop = (reason: string): string => (inFlight > 0 ? 'wait' : reason);
  if (project.reasoningCallsUsed >= settings.maxReasoningCalls) {
    return stop(`budget_exhausted: all ${settings.maxReasoningCalls} reasoning calls of this project are used`);
  }
  if (settings.maxTokens !== undefined || settings.maxCostUsd !== undefined) {
    const totals = await usageTotals(db, project.id);
    const tokens = totals.inputTokens + totals.outputTokens;
    if (settings.maxTokens !== undefined && tokens >= settings.maxTokens) {
      return stop(`budget_exhausted: ${tokens} of the ${settings.maxTokens} provider tokens of this project are used`);
    }
    if (settings.maxCostUsd !== undefined && (totals.costUsd ?? 0) >= settings.maxCostUsd) {
      return stop(`budget_exhausted: the estimated provider cost reached $${(totals.costUsd ?? 0).toFixed(2)} of the $${settings.maxCostUsd.toFixed(2)} budget`);
    }
  }
  return project.reasoningCallsUsed + inFlight >= settings.maxReasoningCalls ? 'wait' : null;
}

/** Pauses a project with a reason the scientist sees in its status (budget, a rejected key, a failing provider). */
export async function pauseForReasoning(db: Db, actor: Actor, projectId: string, reason: string): Promise<boolean> {
  return await writeTransaction(db, async () => {
    let project: ResearchProject;
    try {
      project = await loadResearch(db, projectId);
    } catch {
      return false;
    }
    if (project.status === 'paused' || project.status === 'completed') return false;
    await updateResearch(db, projectId, { status: 'paused', stopReason: reason }, actor.now());
    await recordChange(db, actor, 'project.updated', projectId, { status: 'paused', stop_reason: reason });
    return true;
  });
}
