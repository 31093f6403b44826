// The scientist stays in charge (issue 15 items 1-3): an assistant's budget or reopen request waits
// for the scientist; review and evolution only of approved hypotheses of a live project; a completed
// project can be reopened; and a hypothesis the scientist adds mid-tournament is reviewed and plays.
import { describe, expect, it } from 'vitest';
import { decide } from '../../../../../src-mcp/engine/workflow/decisions.js';
import { addHumanHypothesis } from '../../../../../src-mcp/engine/humanInput.js';
import { hypothesesOf, NOTHING_VERIFIED } from '../../../../../src-mcp/engine/hypotheses.js';
import { changeProject, requestProjectChange } from '../../../../../src-mcp/engine/workflow/projectChanges.js';
import { requestEvolution, requestReview } from '../../../../../src-mcp/engine/workflow/requests.js';
import { loadResearch } from '../../../../../src-mcp/engine/projectRecord.js';
import { HypothesisDraftSchema } from '../../../../../src-mcp/engine/schemas.js';
import { submitWork } from '../../../../../src-mcp/engine/workflow/submissions.js';
import { reviewsOfHypothesis } from '../../../../../src-mcp/store/reviews.js';
import { DESKTOP, codeOf, freshDb, reachCheckpoint, startProject, type Driver } from '../../../../support/engineDriver.js';
import { fakeResult, hypothesisDraft } from '../../../../support/fakeAssistant.js';

const ASSISTANT = { clientId: 'claude-desktop', isDesktop: false, mayDecideCheckpoints: true };

/** Runs the project to completion, approving every checkpoint. */
async function complete(driver: Driver): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    const next = await driver.workUntilDecision();
    if (next.kind === 'completed') return;
    if (next.kind !== 'awaiting_decision') throw new Error(`unexpected ${next.kind}`);
    for (const checkpoint of next.checkpoints) await driver.approve(checkpoint);
  }
  throw new Error('the project did not complete');
}

describe('budget and reopen requests from an assistant (item 1)', () => {
  it('become a change_request the assistant cannot approve; the budget changes only when the scientist does', async () => {
    const driver = await startProject(await freshDb());
    const before = (await loadResearch(driver.db, driver.projectId)).settings.maxReasoningCalls;
    const request = await requestProjectChange(driver.db, { clientId: 'claude-desktop', now: driver.actor.now }, driver.projectId, { change: 'raise_budget', addReasoningCalls: 10_000, addHypotheses: 0 }, 'more comparisons');
    expect(request).toMatchObject({ kind: 'change_request', status: 'pending', payload: { change: 'raise_budget', add_reasoning_calls: 10_000, requested_by: 'claude-desktop' } });
    expect((await loadResearch(driver.db, driver.projectId)).settings.maxReasoningCalls).toBe(before);
    // Asking twice does not stack requests.
    expect((await requestProjectChange(driver.db, { clientId: 'claude-desktop', now: driver.actor.now }, driver.projectId, { change: 'raise_budget', addReasoningCalls: 10_000, addHypotheses: 0 }, null)).id).toBe(request.id);
    expect(await codeOf(() => decide(driver.db, driver.actor, { checkpointId: request.id, action: 'approve' }, ASSISTANT))).toBe('insufficient_permissions');
    expect((await loadResearch(driver.db, driver.projectId)).settings.maxReasoningCalls).toBe(before);
    // The scientist grants less than asked.
    await decide(driver.db, driver.actor, { checkpointId: request.id, action: 'edit', data: { add_reasoning_calls: 20 } }, DESKTOP);
    expect((await loadResearch(driver.db, driver.projectId)).settings.maxReasoningCalls).toBe(before + 20);
  });

  it('does not hold up the work while it waits', async () => {
    const driver = await startProject(await freshDb());
    const plan = await reachCheckpoint(driver, 'research_plan');
    await driver.approve(plan);
    await requestProjectChange(driver.db, { clientId: 'claude-desktop', now: driver.actor.now }, driver.projectId, { change: 'raise_budget', addReasoningCalls: 50, addHypotheses: 0 }, null);
    expect((await driver.step()).kind).toBe('work');
  });
});

describe('what each stage allows (item 2)', () => {
  it('refuses review and evolution of hypotheses the scientist has not approved', async () => {
    const driver = await startProject(await freshDb());
    const batch = await reachCheckpoint(driver, 'hypothesis_batch');
    const [waiting] = batch.payload.hypothesis_ids as string[];
    expect(await codeOf(() => requestReview(driver.db, driver.actor, null, waiting as string, 'full'))).toBe('conflict');
    expect(await codeOf(() => requestEvolution(driver.db, driver.actor, null, waiting as string, 'refine', undefined))).toBe('conflict');
    await driver.approve(batch);
    expect((await requestReview(driver.db, driver.actor, null, waiting as string, 'full')).kind).toBe('review');
  });

  it('refuses work on a completed project, and the scientist reopens it with a new budget', async () => {
    const driver = await startProject(await freshDb());
    await complete(driver);
    const [h] = (await hypothesesOf(driver.db, driver.projectId)).filter((x) => x.status !== 'rejected');
    expect(await codeOf(() => requestReview(driver.db, driver.actor, null, h?.id as string, 'full'))).toBe('conflict');
    const done = await loadResearch(driver.db, driver.projectId);
    expect(await codeOf(() => changeProject(driver.db, driver.actor, driver.projectId, { change: 'raise_budget', addReasoningCalls: 5, addHypotheses: 0 }))).toBe('conflict');

    await changeProject(driver.db, driver.actor, driver.projectId, { change: 'reopen', addReasoningCalls: 40, addHypotheses: 2 });
    const reopened = await loadResearch(driver.db, driver.projectId);
    expect(reopened).toMatchObject({ status: 'active', stage: 'generate', iteration: done.iteration + 1, hypothesisBudget: done.hypothesisBudget + 2 });
    expect(reopened.settings.maxReasoningCalls).toBe(done.settings.maxReasoningCalls + 40);
    const next = await driver.step();
    expect(next.kind === 'work' ? next.task.kind : next.kind).toBe('generate');
  });
});

describe('a hypothesis the scientist adds during the tournament (item 3)', () => {
  it('is reviewed and plays matches before the cycle moves on', async () => {
    const driver = await startProject(await freshDb(), { budget: 4 });
    await driver.approve(await reachCheckpoint(driver, 'research_plan'));
    await driver.approve(await reachCheckpoint(driver, 'hypothesis_batch'));
    // Work until the tournament hands out its first comparison, then the scientist adds their own.
    let added: string | undefined;
    for (let i = 0; i < 50 && added === undefined; i += 1) {
      const next = await driver.step();
      if (next.kind !== 'work') throw new Error(`expected work, got ${next.kind}`);
      if (next.task.kind === 'compare') {
        const draft = HypothesisDraftSchema.parse(hypothesisDraft(900, 'scientist idea'));
        added = (await addHumanHypothesis(driver.db, desktopActor(driver), driver.projectId, draft, NOTHING_VERIFIED)).hypothesis.id;
      }
      const summaries = new Map((await hypothesesOf(driver.db, driver.projectId)).map((h) => [h.id, h.summary]));
      await submitWork(driver.db, driver.actor, { taskId: next.task.id, result: fakeResult({ task_id: next.task.id, kind: next.task.kind, context: next.task.payload }, summaries), reasoner: 'test' }, NOTHING_VERIFIED);
    }
    if (added === undefined) throw new Error('no comparison was handed out');
    await reachCheckpoint(driver, 'evolution_plan');
    const mine = (await hypothesesOf(driver.db, driver.projectId)).find((h) => h.id === added);
    expect((await reviewsOfHypothesis(driver.db, added)).length).toBeGreaterThan(0);
    expect(mine).toMatchObject({ status: 'in_tournament', origin: 'human' });
    expect(mine?.matchesPlayed).toBeGreaterThan(0);
  });

  it('is refused on a completed project, with a pointer to reopen it', async () => {
    const driver = await startProject(await freshDb());
    await complete(driver);
    const draft = HypothesisDraftSchema.parse(hypothesisDraft(901));
    expect(await codeOf(() => addHumanHypothesis(driver.db, desktopActor(driver), driver.projectId, draft, NOTHING_VERIFIED))).toBe('conflict');
  });
});

function desktopActor(driver: Driver): { clientId: string; now: () => Date } {
  return { clientId: 'desktop', now: driver.actor.now };
}
