// The background runner (architecture.md, *Reasoners*, first choice): in a server process the desktop app
// activated with provider credentials, it works through the task queue of every project whose
// reasoner order puts a provider before delegation — generation, reviews, the whole tournament —
// while the scientist only answers checkpoints. Tasks are leased under this process's worker id
// with a short lease that is renewed while the call runs, so a killed process's tasks are taken
// over at once by the next live one. It wakes on the change feed and a modest poll, and costs
// nothing while there is nothing to do.
import { writeTransaction } from '../store/database.js';
import { outsideUnits } from '../store/unitOfWork.js';
import { findTask } from '../store/tasks.js';
import { deleteBackgroundWorker, upsertBackgroundWorker } from '../store/backgroundWorkers.js';
import { releaseTaskLease, renewTaskLease, runnableProjectIds } from '../store/taskLeases.js';
import { projectUri } from '../engine/changes.js';
import { pendingCheckpointsOf } from '../engine/workflow/checkpoints.js';
import { loadResearch, reasonerOrderOf } from '../engine/projectRecord.js';
import { advance } from '../engine/workflow/supervisor.js';
import { isLeaseTakeable, leaseTaskTo, openTasksOf } from '../engine/workflow/tasks.js';
import type { Task } from '../engine/types.js';
import { pauseForReasoning, providerServes, reasoningBudgetStop, runAutomaticTask, type TaskRunOutcome } from '../reasoners/automaticTask.js';
import { roleOf } from '../reasoners/providers/prompt.js';
import { providerReasoner } from '../reasoners/providers/reasoner.js';
import type { ProviderRegistry } from '../reasoners/providers/registry.js';
import { CallAudit } from '../mcp/audit/callAudit.js';
import type { ServerContext } from '../mcp/context.js';

export interface RunnerTiming {
  /** Lease of a task in flight; renewed every third of it. */
  leaseMs: number;
  /** Safety net for what the change feed does not announce (expired leases elsewhere). */
  pollMs: number;
  heartbeatMs: number;
  /** Consecutive failed runs of one task before its project is paused with the reason. */
  maxTaskFailures: number;
}

export const DEFAULT_TIMING: RunnerTiming = { leaseMs: 60_000, pollMs: 2_000, heartbeatMs: 5_000, maxTaskFailures: 3 };

interface InFlight {
  task: Task;
  controller: AbortController;
  done: Promise<void>;
}

export class BackgroundRunner {
  readonly #ctx: ServerContext;
  readonly #registry: ProviderRegistry;
  readonly #timing: RunnerTiming;
  readonly #inFlight = new Map<string, InFlight>();
  readonly #failures = new Map<string, number>();
  readonly #releases: Array<() => void> = [];
  #poll: NodeJS.Timeout | undefined;
  #scheduled = false;
  #ticks: Promise<void> = Promise.resolve();
  #stopped = true;
  #heartbeatAt = 0;
  #startedAt = '';

  constructor(ctx: ServerContext, registry: ProviderRegistry, timing: Partial<RunnerTiming> = {}) {
    this.#ctx = ctx;
    this.#registry = registry;
    this.#timing = { ...DEFAULT_TIMING, ...timing };
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#startedAt = this.#ctx.now().toISOString();
    this.#releases.push(this.#ctx.feed.subscribe(() => this.schedule()), this.#registry.onChange(() => this.schedule()));
    this.#poll = setInterval(() => this.schedule(), this.#timing.pollMs);
    // Background work must never keep a server alive after its client hung up.
    this.#poll.unref();
    this.schedule();
  }

  /** Cancels the calls in flight, hands their tasks back to the queue and leaves the worker registry. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#poll);
    for (const release of this.#releases.splice(0)) release();
    const pending = [...this.#inFlight.values()];
    for (const work of pending) work.controller.abort();
    await Promise.allSettled(pending.map((work) => work.done));
    await this.#ticks;
    await this.#leaveRegistry();
  }

  /** Runs a tick soon; many wake-ups in a row make one tick. */
  schedule(): void {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    // Ticks run one after another (a tick awaits the store; two at once would both fill the
    // capacity), and outside the unit of work of the call that woke the runner.
    outsideUnits(() =>
      setImmediate(() => {
        this.#ticks = this.#ticks.then(async () => {
          this.#scheduled = false;
          try {
            await this.#tick();
          } catch (error) {
            // A busy database or a project deleted mid-tick: the next wake-up tries again.
            this.#log(`tick failed: ${(error as Error).message}`);
          }
        });
      }),
    );
  }

  async #tick(): Promise<void> {
    if (this.#stopped) return;
    await this.#cancelAbandoned();
    const capacity = this.#registry.capacity();
    if (capacity === 0) {
      await this.#leaveRegistry();
      return;
    }
    await this.#heartbeat();
    for (const projectId of await runnableProjectIds(this.#ctx.db)) {
      while (this.#inFlight.size < capacity) {
        const task = await this.#leaseNext(projectId);
        if (task === undefined) break;
        this.#begin(task);
      }
      if (this.#inFlight.size >= capacity) return;
    }
  }

  /** Leases the next task of a project this runner serves, or pauses the project when its budget is spent. */
  async #leaseNext(projectId: string): Promise<Task | undefined> {
    if (!await this.#mayHaveWork(projectId)) return undefined;
    const actor = this.#actor();
    const leased = await writeTransaction(this.#ctx.db, async (): Promise<Task | undefined> => {
      await advance(this.#ctx.db, actor, projectId);
      const project = await loadResearch(this.#ctx.db, projectId);
      if (project.status === 'paused' || project.status === 'completed') return undefined;
      if ((await pendingCheckpointsOf(this.#ctx.db, projectId)).length > 0) return undefined;
      const mine = [...this.#inFlight.values()].filter((work) => work.task.projectId === projectId).length;
      const stop = await reasoningBudgetStop(this.#ctx.db, project, mine);
      if (stop !== null) {
        if (stop !== 'wait') await pauseForReasoning(this.#ctx.db, actor, projectId, stop);
        return undefined;
      }
      const task = await this.#takeable(projectId);
      return task === undefined ? undefined : await leaseTaskTo(this.#ctx.db, actor, task.id, this.#ctx.workerId, this.#timing.leaseMs);
    });
    // Our own commits do not move data_version for this connection: tell this process's listeners.
    this.#ctx.feed.poke();
    return leased;
  }

  /**
   * A read-only look first, so an idle tick takes no write lock: a project is worth a write
   * transaction when it lets providers work, waits for no decision, and has a task to take (or
   * none open, when the supervisor may create the next ones).
   */
  async #mayHaveWork(projectId: string): Promise<boolean> {
    const project = await loadResearch(this.#ctx.db, projectId);
    if (!providerServes(reasonerOrderOf(project.settings))) return false;
    if ((await pendingCheckpointsOf(this.#ctx.db, projectId)).length > 0) return false;
    return (await openTasksOf(this.#ctx.db, projectId)).length === 0 || await this.#takeable(projectId) !== undefined;
  }

  async #takeable(projectId: string): Promise<Task | undefined> {
    const now = this.#ctx.now();
    return (await openTasksOf(this.#ctx.db, projectId)).find((task) => !this.#inFlight.has(task.id) && isLeaseTakeable(task, now, this.#ctx.ownerAlive));
  }

  #begin(task: Task): void {
    const controller = new AbortController();
    const renew = setInterval(() => void this.#renew(task, controller), Math.max(50, Math.floor(this.#timing.leaseMs / 3)));
    renew.unref();
    const work: InFlight = { task, controller, done: Promise.resolve() };
    this.#inFlight.set(task.id, work);
    work.done = this.#run(task, controller.signal)
      .catch(async (error: unknown) => {
        this.#log(`task ${task.id} failed unexpectedly: ${this.#scrub((error as Error).message)}`);
        await this.#release(task);
      })
      .finally(() => {
        clearInterval(renew);
        this.#inFlight.delete(task.id);
        this.#ctx.feed.poke();
        this.schedule();
      });
  }

  async #run(task: Task, signal: AbortSignal): Promise<void> {
    const choice = this.#registry.forRole(roleOf(task.kind));
    if (choice === undefined) {
      await this.#release(task);
      return;
    }
    const reasoner = providerReasoner(choice.handle, choice.model, (message) => this.#log(this.#scrub(message)));
    const reasonerId = `${reasoner.label}:${choice.model}`;
    // What the run writes (its result, usage, the passages it read) commits with an intent row
    // `reasoner-write:provider`, the run's own row follows: no effect without its row (CallAudit).
    const audit = new CallAudit(this.#ctx.db, {
      clientId: this.#ctx.clientId,
      action: 'reasoner:provider',
      intentAction: 'reasoner-write:provider',
      args: { task_id: task.id, kind: task.kind, reasoner: reasonerId },
      startedAt: this.#ctx.now(),
      started: performance.now(),
    });
    // The run waits on a provider from its start: it holds no write across its statements.
    await audit.beforeWaitingOutside();
    let outcome: TaskRunOutcome;
    try {
      outcome = await audit.run(() =>
        runAutomaticTask(
          { db: this.#ctx.db, actor: this.#actor(), verify: this.#ctx.verifyCitation(task.projectId), grounding: this.#ctx.grounding, scrub: this.#scrub },
          task,
          reasoner,
          signal,
        ),
      );
    } catch (error) {
      await audit.finish('error', 'internal_error', projectUri(task.projectId));
      throw error;
    }
    if (outcome.kind === 'aborted' || outcome.kind === 'gone') await audit.suspend();
    if (outcome.kind === 'aborted') {
      await this.#release(task);
      return;
    }
    if (outcome.kind !== 'gone') await this.#audit(audit, task, reasonerId, outcome);
    if (outcome.kind === 'submitted' || outcome.kind === 'gone') {
      this.#failures.delete(task.id);
      return;
    }
    await this.#release(task);
    if (outcome.kind === 'failed' && outcome.cause?.code === 'auth') {
      // A refused key stays refused: one clear status instead of a retry storm.
      this.#registry.markRejected(choice.handle.config.name, outcome.error);
      await pauseForReasoning(this.#ctx.db, this.#actor(), task.projectId, `provider_rejected: ${outcome.error} Then resume the project.`);
      return;
    }
    const failures = (this.#failures.get(task.id) ?? 0) + 1;
    this.#failures.set(task.id, failures);
    if (failures >= this.#timing.maxTaskFailures) {
      this.#failures.delete(task.id);
      const reason = `provider_failed: the ${task.kind} task ${task.id} failed ${failures} times in a row (last: ${outcome.error}). Resume the project to try again, or check Settings → Providers.`;
      await pauseForReasoning(this.#ctx.db, this.#actor(), task.projectId, reason);
    }
  }

  /** Aborts calls whose task was completed or cancelled elsewhere, or whose project was paused, completed or deleted. */
  async #cancelAbandoned(): Promise<void> {
    for (const work of this.#inFlight.values()) {
      const task = await findTask(this.#ctx.db, work.task.id);
      let abandoned = task === undefined || task.status !== 'leased' || task.leaseOwner !== this.#ctx.workerId;
      if (!abandoned) {
        const status = (await loadResearch(this.#ctx.db, work.task.projectId)).status;
        abandoned = status === 'paused' || status === 'completed';
      }
      if (abandoned) work.controller.abort();
    }
  }

  async #renew(task: Task, controller: AbortController): Promise<void> {
    if (controller.signal.aborted) return;
    const now = this.#ctx.now();
    try {
      const held = await renewTaskLease(this.#ctx.db, task.id, this.#ctx.workerId, new Date(now.getTime() + this.#timing.leaseMs).toISOString(), now.toISOString());
      // Taken over (our lease expired during a stall) or finished elsewhere: stop spending on it.
      if (!held) controller.abort();
    } catch (error) {
      this.#log(`could not renew the lease of ${task.id}: ${(error as Error).message}`);
    }
  }

  async #release(task: Task): Promise<void> {
    try {
      await releaseTaskLease(this.#ctx.db, task.id, this.#ctx.workerId, this.#ctx.now().toISOString());
    } catch (error) {
      this.#log(`could not release ${task.id}: ${(error as Error).message}`);
    }
  }

  async #heartbeat(): Promise<void> {
    if (Date.now() - this.#heartbeatAt < this.#timing.heartbeatMs) return;
    this.#heartbeatAt = Date.now();
    await upsertBackgroundWorker(this.#ctx.db, {
      workerId: this.#ctx.workerId,
      clientId: this.#ctx.clientId,
      providers: this.#registry.states().filter((state) => state.availability === 'ready').map((state) => state.name),
      startedAt: this.#startedAt,
      heartbeatAt: this.#ctx.now().toISOString(),
    });
  }

  async #leaveRegistry(): Promise<void> {
    if (this.#heartbeatAt === 0) return;
    this.#heartbeatAt = 0;
    try {
      await deleteBackgroundWorker(this.#ctx.db, this.#ctx.workerId);
    } catch (error) {
      this.#log(`could not leave the worker registry: ${(error as Error).message}`);
    }
  }

  async #audit(audit: CallAudit, task: Task, reasoner: string, outcome: Exclude<TaskRunOutcome, { kind: 'aborted' | 'gone' }>): Promise<void> {
    const submitted = outcome.kind === 'submitted';
    await audit.finish(
      submitted ? 'success' : 'error',
      submitted ? null : outcome.kind === 'failed' ? `provider_${outcome.cause?.code ?? 'error'}` : 'invalid_output',
      projectUri(task.projectId),
      {
        args: {
          task_id: task.id,
          kind: task.kind,
          reasoner: submitted ? outcome.reasoner : reasoner,
          ...(submitted ? { input_tokens: outcome.usage.inputTokens, output_tokens: outcome.usage.outputTokens, cost_usd: outcome.costUsd } : { error: outcome.error }),
        },
      },
    );
  }

  readonly #actor = () => ({ clientId: this.#ctx.clientId, now: () => this.#ctx.now() });

  readonly #scrub = (text: string): string => this.#registry.scrub(text);

  #log(message: string): void {
    console.error(`[co-scientist] background: ${message}`);
  }
}
