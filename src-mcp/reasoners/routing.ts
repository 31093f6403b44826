// Who does a project's next work item when an assistant asks (architecture.md, *Reasoners*): the
// first available reasoner of the project's order — a live background provider, the calling
// client's model through sampling, or the calling assistant itself (delegated). This is the
// decision only; carrying it out over MCP (sampling through the call, the next-step answer) is
// mcp/tools/assistant/workflowRouting.ts.
import type { Db } from '../store/database.js';
import { recentBackgroundWorkers, type BackgroundWorkerRow } from '../store/backgroundWorkers.js';
import { reasonerOrderOf } from '../engine/projectRecord.js';
import type { LeaseOwnerProbe } from '../engine/workflow/tasks.js';
import type { ReasonerKind, ResearchProject } from '../engine/types.js';
import { providerServes } from './automaticTask.js';

/** What routing reads of the process: the database, the time, and which lease owners are alive. */
export interface RoutingFacts {
  db: Db;
  now: Date;
  ownerAlive: LeaseOwnerProbe;
}

/** A background worker that has not written a heartbeat for this long is considered gone. */
const WORKER_STALE_MS = 20_000;

/** Whether a live process runs provider work for this project in the background. */
export async function backgroundServes(facts: RoutingFacts, project: ResearchProject): Promise<boolean> {
  // The project's order first: without a provider in it there is nothing to read.
  if (!providerServes(reasonerOrderOf(project.settings))) return false;
  return (await liveBackgroundWorkers(facts)) > 0;
}

/** How many background worker processes are alive now (for a caller that reads them alongside the project). */
export async function liveBackgroundWorkers(facts: RoutingFacts): Promise<number> {
  return liveAmong(await recentBackgroundWorkers(facts.db, workersHeardSince(facts.now)), facts.ownerAlive);
}

/** Since when a worker's heartbeat says it may still be alive (ISO time): what to read recent workers since. */
export function workersHeardSince(now: Date): string {
  return new Date(now.getTime() - WORKER_STALE_MS).toISOString();
}

/** How many of the recent workers are alive. */
export function liveAmong(recent: readonly BackgroundWorkerRow[], ownerAlive: LeaseOwnerProbe): number {
  return recent.filter((worker) => ownerAlive(worker.workerId)).length;
}

/** backgroundServes, given the live workers read already. */
export function servesInBackground(project: ResearchProject, liveWorkers: number): boolean {
  return liveWorkers > 0 && providerServes(reasonerOrderOf(project.settings));
}

/** Whether this reasoner kind takes the project's work without sampling: a live background provider, or delegation to the caller. */
async function takesWorkNow(facts: RoutingFacts, project: ResearchProject, kind: ReasonerKind): Promise<boolean> {
  if (kind === 'provider') return await backgroundServes(facts, project);
  return kind === 'delegated';
}

/** Whether the caller's model should be asked first: sampling is in the order and no reasoner before it takes the work now. */
export async function samplingGoesFirst(facts: RoutingFacts, project: ResearchProject): Promise<boolean> {
  const order = reasonerOrderOf(project.settings);
  const samplingAt = order.indexOf('sampling');
  return samplingAt >= 0 && (await firstTaker(facts, project, order.slice(0, samplingAt))) === undefined;
}

/**
 * Who takes the work when sampling does not: a background provider (the caller waits), the caller
 * itself (delegated), or nobody available to this caller (undefined).
 */
export function workTaker(facts: RoutingFacts, project: ResearchProject): Promise<ReasonerKind | undefined> {
  return firstTaker(facts, project, reasonerOrderOf(project.settings));
}

async function firstTaker(facts: RoutingFacts, project: ResearchProject, kinds: readonly ReasonerKind[]): Promise<ReasonerKind | undefined> {
  for (const kind of kinds) if (await takesWorkNow(facts, project, kind)) return kind;
  return undefined;
}
