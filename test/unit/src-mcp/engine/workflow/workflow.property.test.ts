// The checkpoint-session properties of docs/seed-mapping.md, seed 004 (PROP-6 … PROP-10), on real SQLite files.
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

function driverFor(kind: CheckpointKind): { driver: Driver; checkpoint: Checkpoint } {
  const db = freshDb();
  const driver = startProject(db, kind === 'safety_review' ? { goal: UNSAFE_GOAL } : {});
  // An assistant's request for more budget: filed, never reached by the workflow on its own.
  if (kind === 'change_request') return { driver, checkpoint: requestProjectChange(db, driver.actor, driver.projectId, { change: 'raise_budget', addReasoningCalls: 10, addHypotheses: 0 }, null) };
  return { driver, checkpoint: reachCheckpoint(driver, kind) };
}

function decideAs(driver: Driver, checkpoint: Checkpoint, action: DecisionAction): void {
  decide(
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

describe('checkpoint workflow properties (seed 004)', () => {
  it('PROP-6: a new project has a valid status and waits at its first checkpoint', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 10, maxLength: 200 }).filter((goal) => goal.trim().replace(/\s+/g, ' ').length >= 10),
        fc.integer({ min: 1, max: 100 }),
        (goal, budget) => {
          const db = freshDb();
          const project = startResearch(db, { clientId: 'prop', now: clock() }, { goal, hypothesisCount: budget, seed: 1 });
          const loaded = loadResearch(db, project.id);
          expect(VALID_STATUSES).toContain(loaded.status);
          expect(loaded.status).not.toBe('completed');
          const pending = pendingCheckpointsOf(db, project.id);
          expect(pending).toHaveLength(1);
          expect(['research_plan', 'safety_review']).toContain(pending[0]?.kind);
          closeDatabase(db);
        },
      ),
      { numRuns: 25 },
    );
  });

  describe('PROP-7 and PROP-9: every action on every kind gives a valid result and advances the workflow', () => {
    const cases = CHECKPOINT_KINDS.flatMap((kind) => DECISION_ACTIONS.map((action) => [kind, action] as const));
    it.each(cases)('%s × %s', (kind, action) => {
      const { driver, checkpoint } = driverFor(kind);
      const before = loadResearch(driver.db, driver.projectId);
      decideAs(driver, checkpoint, action);
      const decided = getCheckpoint(driver.db, checkpoint.id);
      expect(decided.status).toBe('decided');
      expect(decided.decision?.action).toBe(action);
      const after = loadResearch(driver.db, driver.projectId);
      expect(VALID_STATUSES).toContain(after.status);
      // Monotonic progress: the step counter grows with every decision (or the workflow completed).
      expect(after.workflowStep > before.workflowStep || after.status === 'completed').toBe(true);
      // The project can always be asked what comes next.
      expect(['work', 'awaiting_decision', 'busy', 'completed', 'paused']).toContain(driver.step().kind);
    });
  });

  it('PROP-7: a decision is applied exactly once — retries with the same decision id change nothing', () => {
    const { driver, checkpoint } = driverFor('research_plan');
    const first = decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'approve', decisionId: 'dec_retry' }, DESKTOP);
    const stepAfterFirst = loadResearch(driver.db, driver.projectId).workflowStep;
    const second = decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'approve', decisionId: 'dec_retry' }, DESKTOP);
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect(loadResearch(driver.db, driver.projectId).workflowStep).toBe(stepAfterFirst);
    expect(() => decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'reject', note: REJECT_NOTE }, DESKTOP)).toThrow(/already decided/);
  });

  it('PROP-8: two projects never share checkpoint state', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<'a' | 'b'>('a', 'b'), { minLength: 1, maxLength: 6 }), (order) => {
        const db = freshDb();
        const a = startProject(db, { goal: 'Find novel therapeutic targets for liver fibrosis' });
        const b = startProject(db, { goal: 'Identify drug repurposing candidates for AML' });
        for (const which of order) {
          const driver = which === 'a' ? a : b;
          const other = which === 'a' ? b : a;
          const otherBefore = JSON.stringify(queryCheckpoints(db, { projectId: other.projectId, limit: 100 }));
          const otherStep = loadResearch(db, other.projectId).workflowStep;
          const next = driver.workUntilDecision();
          if (next.kind === 'awaiting_decision') driver.approve(next.checkpoints[0] as Checkpoint);
          expect(JSON.stringify(queryCheckpoints(db, { projectId: other.projectId, limit: 100 }))).toBe(otherBefore);
          expect(loadResearch(db, other.projectId).workflowStep).toBe(otherStep);
          for (const checkpoint of queryCheckpoints(db, { projectId: driver.projectId, limit: 100 }).checkpoints) {
            expect(checkpoint.projectId).toBe(driver.projectId);
          }
        }
        closeDatabase(db);
      }),
      { numRuns: 8 },
    );
  });

  it('PROP-10: a deleted project is gone, with its hypotheses and checkpoints', () => {
    const { driver } = driverFor('hypothesis_batch');
    expect(hypothesesOf(driver.db, driver.projectId).length).toBeGreaterThan(0);
    deleteResearch(driver.db, driver.actor, driver.projectId);
    expect(() => loadResearch(driver.db, driver.projectId)).toThrow(/not found/);
    expect(hypothesesOf(driver.db, driver.projectId)).toEqual([]);
    expect(queryCheckpoints(driver.db, { projectId: driver.projectId, limit: 10 }).checkpoints).toEqual([]);
  });

  it('safety reviews are decided only in the desktop app, and a rejection note must say something', () => {
    const { driver, checkpoint } = driverFor('safety_review');
    expect(loadResearch(driver.db, driver.projectId).status).toBe('paused');
    const assistant = { clientId: 'claude-desktop', isDesktop: false, mayDecideCheckpoints: true };
    expect(() => decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'approve' }, assistant)).toThrow(/decided by the scientist in the Co-Scientist desktop app/);
    expect(() => decide(driver.db, driver.actor, { checkpointId: checkpoint.id, action: 'reject', note: 'no' }, DESKTOP)).toThrow(/needs a note/);
    expect(getCheckpoint(driver.db, checkpoint.id).status).toBe('pending');
  });
});
