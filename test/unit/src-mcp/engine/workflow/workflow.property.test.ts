// The checkpoint-session properties of docs/seed-mapping.md, seed 004 (PROP-6 … PROP-10), on real stores of both engines.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startResearch } from '../../../../../src-mcp/engine/projects.js';
import { loadResearch } from '../../../../../src-mcp/engine/projectRecord.js';
import { decide } from '../../../../../src-mcp/engine/workflow/decisions.js';
import { deleteResearch } from '../../../../../src-mcp/engine/workflow/requests.js';
import { requestProjectChange } from '../../../../../src-mcp/engine/workflow/projectChanges.js';
import { getCheckpoint, pendingCheckpointsOf, queryCheckpoints } from '../../../../../src-mcp/engine/workflow/checkpoints.js';
import { hypothesesOf } from '../../../../../src-mcp/engine/hypotheses.js';
import { CHECKPOINT_KINDS, DECISION_ACTIONS, type CheckpointKind, type DecisionAction } from '../../../../../src-mcp/engine/schemas.js';
import type { Checkpoint } from '../../../../../src-mcp/engine/types.js';
import { DESKTOP, clock, freshDb, reachCheckpoint, startProject, type Driver } from '../../../../support/engineDriver.js';
import { closeDatabase } from '../../../../../src-mcp/store/database.js';

const REJECT_NOTE = 'Too close to known TGF-beta biology; focus on epigenetic regulators instead.';
const UNSAFE_GOAL = 'Increase the transmissibility of influenza virus in ferrets to study spread';
const VALID_STATUSES = ['initializing', 'active', 'paused', 'completed'];

function editData(kind: CheckpointKind, checkpoint: Checkpoint): Record<string, unknown> {
  const payload = checkpoint.payload;
  switch (kind) {
    case 'research_plan':
      return { goal: 'Find novel epigenetic therapeutic targets for liver fibrosis', domain: 'medicine', objectives: ['Rank epigenetic regulators of stellate cells'], constraints: [], preferences: [], hypothesis_budget: 3 };
    case 'hypothesis_batch':
      return { hypotheses: [{ id: (payload.hypothesis_ids as string[])[0], keep: false }] };
    case 'evolution_plan':
      return { proposals: [{ hypothesis_id: (payload.proposals as Array<{ hypothesis_id: string }>)[0]?.hypothesis_id, strategy: 'simplify' }] };
    case 'final_report':
      return { overview: 'The scientist rewrote this overview of the ranked hypotheses for the lab meeting.', top_hypothesis_ids: payload.top_hypothesis_ids };
    case 'safety_review':
      return { revised_text: 'Study how influenza spreads between ferrets using existing surveillance data only' };
    case 'change_request':
      return { add_reasoning_calls: 3 };
  }
}

async function driverFor(kind: CheckpointKind): Promise<{ driver: Driver; checkpoint: Checkpoint }> {
  const db = await freshDb();
  const driver = await startProject(db, kind === 'safety_review' ? { goal: UNSAFE_GOAL } : {});
  // An assistant's request for more budget: filed, never reached by the workflow on its own.
  if (kind === 'change_request') return { driver, checkpoint: await requestProjectChange(db, driver.actor, driver.projectId, { change: 'raise_budget', addReasoningCalls: 10, addHypotheses: 0 }, null) };
  return { driver, checkpoint: await reachCheckpoint(driver, kind) };
}

async function decideAs(driver: Driver, checkpoint: Checkpoint, action: DecisionAction): Promise<void> {
  await decide(
    driver.db,
    driver.actor,
    {
      checkpointId: checkpoint.id,
      action,
      data: action === 'edit' ? editData(checkpoint.kind, checkpoint) : undefined,
      note: action === 'reject' ? REJECT_NOTE : undefined,
    },
    DESKTOP,
  );
}

// Each run opens a fresh store: on PostgreSQL that is a new, migrated database per run (~0.3–0.4 s
// on 2 loaded cores), so the 25 runs of PROP-6 need more than the default 30 s there.
describe('checkpoint workflow properties (seed 004)', { timeout: 120_000 }, () => {
  it('PROP-6: a new project has a valid status and waits at its first checkpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 10, maxLength: 200 }).filter((goal) => goal.trim().replace(/\s+/g, ' ').length >= 10),
        fc.integer({ min: 1, max: 100 }),
        async (goal, budget) => {
          const db = await freshDb();
          const project = await startResearch(db, { clientId: 'prop', now: clock() }, { goal, hypothesisCount: budget, seed: 1 });
          const loaded = await loadResearch(db, project.id);
          expect(VALID_STATUSES).toContain(loaded.status);
          expect(loaded.status).not.toBe('completed');
          const pending = await pendingCheckpointsOf(db, project.id);
          expect(pending).toHaveLength(1);
          expect(['research_plan', 'safety_review']).toContain(pending[0]?.kind);
          await closeDatabase(db);
        },
      ),
      { numRuns: 25 },
    );
  });

  describe('PROP-7 and PROP-9: every action on every kind gives a valid result and advances the workflow', () => {
    const cases = CHECKPOINT_KINDS.flatMap((kind) => DECISION_ACTIONS.map((action) => [kind, action] as const));
    it.each(cases)('%s × %s', async (kind, action) => {
      const { driver, checkpoint } = await driverFor(kind);
      const before = await loadResearch(driver.db, driver.projectId);
      await decideAs(driver, checkpoint, action);
      const decided = await getCheckpoint(driver.db, checkpoint.id);
      expect(decided.status).toBe('decided');
      expect(decided.decision?.action).toBe(action);
      const after = await loadResearch(driver.db, driver.projectId);
      expect(VALID_STATUSES).toContain(after.status);
      // Monotonic progress: the step counter grows with every decision (or the workflow completed).
      expect(after.workflowStep > before.workflowStep || after.status === 'completed').toBe(true);
      // The project can always be asked what comes next.
      expect(['work', 'awaiting_decision', 'busy', 'completed', 'paused']).toContain((await driver.step()).kind);
    });
  });

  it('PROP-7: a decision is applied exactly once — retries with the same decision id change nothing', async () => {
    const { driver, checkpoint } = await driverFor('research_plan');
    const first = await decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'approve', decisionId: 'dec_retry' }, DESKTOP);
    const stepAfterFirst = (await loadResearch(driver.db, driver.projectId)).workflowStep;
    const second = await decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'approve', decisionId: 'dec_retry' }, DESKTOP);
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect((await loadResearch(driver.db, driver.projectId)).workflowStep).toBe(stepAfterFirst);
    await expect(decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'reject', note: REJECT_NOTE }, DESKTOP)).rejects.toThrow(/already decided/);
  });

  it('PROP-8: two projects never share checkpoint state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom<'a' | 'b'>('a', 'b'), { minLength: 1, maxLength: 6 }), async (order) => {
        const db = await freshDb();
        const a = await startProject(db, { goal: 'Find novel therapeutic targets for liver fibrosis' });
        const b = await startProject(db, { goal: 'Identify drug repurposing candidates for AML' });
        for (const which of order) {
          const driver = which === 'a' ? a : b;
          const other = which === 'a' ? b : a;
          const otherBefore = JSON.stringify(await queryCheckpoints(db, { projectId: other.projectId, limit: 100 }));
          const otherStep = (await loadResearch(db, other.projectId)).workflowStep;
          const next = await driver.workUntilDecision();
          if (next.kind === 'awaiting_decision') await driver.approve(next.checkpoints[0] as Checkpoint);
          expect(JSON.stringify(await queryCheckpoints(db, { projectId: other.projectId, limit: 100 }))).toBe(otherBefore);
          expect((await loadResearch(db, other.projectId)).workflowStep).toBe(otherStep);
          for (const checkpoint of (await queryCheckpoints(db, { projectId: driver.projectId, limit: 100 })).checkpoints) {
            expect(checkpoint.projectId).toBe(driver.projectId);
          }
        }
        await closeDatabase(db);
      }),
      { numRuns: 8 },
    );
  });

  it('PROP-10: a deleted project is gone, with its hypotheses and checkpoints', async () => {
    const { driver } = await driverFor('hypothesis_batch');
    expect((await hypothesesOf(driver.db, driver.projectId)).length).toBeGreaterThan(0);
    await deleteResearch(driver.db, driver.actor, driver.projectId);
    await expect(loadResearch(driver.db, driver.projectId)).rejects.toThrow(/not found/);
    expect(await hypothesesOf(driver.db, driver.projectId)).toEqual([]);
    expect((await queryCheckpoints(driver.db, { projectId: driver.projectId, limit: 10 })).checkpoints).toEqual([]);
  });

  it('safety reviews are decided only in the desktop app, and a rejection note must say something', async () => {
    const { driver, checkpoint } = await driverFor('safety_review');
    expect((await loadResearch(driver.db, driver.projectId)).status).toBe('paused');
    const assistant = { clientId: 'claude-desktop', isDesktop: false, mayDecideCheckpoints: true };
    await expect(decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'approve' }, assistant)).rejects.toThrow(/decided by the scientist in the Co-Scientist desktop app/);
    await expect(decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'reject', note: 'no' }, DESKTOP)).rejects.toThrow(/needs a note/);
    expect((await getCheckpoint(driver.db, checkpoint.id)).status).toBe('pending');
  });
});
