// Drives a research project through the engine directly (no MCP), answering work items with the
// deterministic fake assistant. Property tests use it to reach every kind of checkpoint.
import type { Db } from '../../src-mcp/store/database.js';
import { openTestStore } from './storeEngine.js';
import { startResearch } from '../../src-mcp/engine/projects.js';
import { nextStep, type NextStep } from '../../src-mcp/engine/workflow/supervisor.js';
import { submitWork } from '../../src-mcp/engine/workflow/submissions.js';
import { decide } from '../../src-mcp/engine/workflow/decisions.js';
import { hypothesesOf, NOTHING_VERIFIED } from '../../src-mcp/engine/hypotheses.js';
import { writeTransaction } from '../../src-mcp/store/database.js';
import { DomainError } from '../../src-mcp/engine/errors.js';
import type { CheckpointKind } from '../../src-mcp/engine/schemas.js';
import type { Checkpoint } from '../../src-mcp/engine/types.js';
import { fakeResult } from './fakeAssistant.js';

export const DESKTOP = { clientId: 'desktop', isDesktop: true, mayDecideCheckpoints: true };
export const WORKER = 'test-assistant@test-host:1';
const alwaysAlive = (): boolean => true;

export async function freshDb(): Promise<Db> {
  return await openTestStore('cosci-engine-');
}

export function clock(start = Date.UTC(2026, 10, 1)) {
  let tick = start;
  return () => new Date((tick += 1000));
}

export interface Driver {
  db: Db;
  actor: { clientId: string; now: () => Date };
  projectId: string;
  step(): Promise<NextStep>;
  /** Does work items until the project waits for a decision (or ends); returns that state. */
  workUntilDecision(): Promise<NextStep>;
  approve(checkpoint: Checkpoint): Promise<void>;
}

export async function startProject(db: Db, options: { goal?: string; budget?: number; seed?: number } = {}): Promise<Driver> {
  const actor = { clientId: 'test-assistant', now: clock() };
  const project = await startResearch(db, actor, {
    goal: options.goal ?? 'Find novel therapeutic targets for liver fibrosis',
    hypothesisCount: options.budget ?? 3,
    seed: options.seed ?? 7,
  });
  const step = async (): Promise<NextStep> => await writeTransaction(db, async () => await nextStep(db, actor, project.id, WORKER, alwaysAlive));
  const driver: Driver = {
    db,
    actor,
    projectId: project.id,
    step,
    async workUntilDecision() {
      for (let i = 0; i < 500; i += 1) {
        const next = await step();
        if (next.kind !== 'work') return next;
        const summaries = new Map((await hypothesesOf(db, project.id)).map((h) => [h.id, h.summary]));
        const item = { task_id: next.task.id, kind: next.task.kind, context: next.task.payload };
        await submitWork(db, actor, { taskId: next.task.id, result: fakeResult(item, summaries), reasoner: 'test' }, NOTHING_VERIFIED);
      }
      throw new Error('the workflow did not reach a decision within 500 work items');
    },
    async approve(checkpoint) {
      await decide(db, actor, { checkpointId: checkpoint.id, action: 'approve' }, DESKTOP);
    },
  };
  return driver;
}

/** Advances a fresh project until a checkpoint of `kind` is pending; returns it. */
export async function reachCheckpoint(driver: Driver, kind: CheckpointKind): Promise<Checkpoint> {
  for (let i = 0; i < 20; i += 1) {
    const next = await driver.workUntilDecision();
    if (next.kind !== 'awaiting_decision') throw new Error(`project ended (${next.kind}) before a ${kind} checkpoint`);
    const wanted = next.checkpoints.find((c) => c.kind === kind);
    if (wanted !== undefined) return wanted;
    for (const checkpoint of next.checkpoints) await driver.approve(checkpoint);
  }
  throw new Error(`no ${kind} checkpoint reached`);
}

/** The code of the DomainError `run` throws; fails when it throws nothing (a refusal was expected). */
export async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}
