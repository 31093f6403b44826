// Work the scientist queues while the final report waits for approval must not be stranded: the
// approved report lets it finish, and only then is the project completed.
import { describe, expect, it } from 'vitest';
import { requestEvolution, requestReview } from '../../../../../src-mcp/engine/workflow/requests.js';
import { loadResearch } from '../../../../../src-mcp/engine/projectRecord.js';
import { hypothesesOf } from '../../../../../src-mcp/engine/hypotheses.js';
import { eventsAfter } from '../../../../../src-mcp/store/events.js';
import { reviewsOfHypothesis } from '../../../../../src-mcp/store/reviews.js';
import { freshDb, reachCheckpoint, startProject } from '../../../../support/engineDriver.js';

describe('approving the final report with requested work still queued', () => {
  it('runs the queued review first, then completes the project', async () => {
    const driver = await startProject(await freshDb());
    const report = await reachCheckpoint(driver, 'final_report');
    const [first] = (await hypothesesOf(driver.db, driver.projectId)).filter((h) => h.status !== 'rejected');
    if (first === undefined) throw new Error('the project has no hypothesis to review');
    const reviewsBefore = (await reviewsOfHypothesis(driver.db, first.id)).length;
    // The desktop app queues it on the scientist's behalf (no worker of its own).
    const review = await requestReview(driver.db, driver.actor, null, first.id, 'deep_verification');

    await driver.approve(report);
    expect(await loadResearch(driver.db, driver.projectId)).toMatchObject({ stage: 'done', status: 'active' });

    const next = await driver.step();
    expect(next.kind).toBe('work');
    expect(next.kind === 'work' ? next.task.id : null).toBe(review.id);
    expect(await driver.workUntilDecision()).toMatchObject({ kind: 'completed' });
    expect(await loadResearch(driver.db, driver.projectId)).toMatchObject({ status: 'completed', progress: 1 });
    expect(await reviewsOfHypothesis(driver.db, first.id)).toHaveLength(reviewsBefore + 1);
    const completions = (await eventsAfter(driver.db, 0, 10_000)).filter((e) => e.kind === 'project.updated' && e.data.status === 'completed');
    expect(completions).toHaveLength(1);
  });

  it('gates a requested evolution’s hypothesis for the scientist before completing', async () => {
    const driver = await startProject(await freshDb());
    const report = await reachCheckpoint(driver, 'final_report');
    const [first] = (await hypothesesOf(driver.db, driver.projectId)).filter((h) => h.status !== 'rejected');
    if (first === undefined) throw new Error('the project has no hypothesis to evolve');
    await requestEvolution(driver.db, driver.actor, null, first.id, 'simplify', undefined);

    await driver.approve(report);
    const waiting = await driver.workUntilDecision();
    expect(waiting.kind).toBe('awaiting_decision');
    const batch = waiting.kind === 'awaiting_decision' ? waiting.checkpoints.find((c) => c.kind === 'hypothesis_batch') : undefined;
    expect(batch).toBeDefined();
    expect((await loadResearch(driver.db, driver.projectId)).status).toBe('active');
    if (batch !== undefined) await driver.approve(batch);
    expect(await driver.workUntilDecision()).toMatchObject({ kind: 'completed' });
  });

  it('completes at once when nothing is queued', async () => {
    const driver = await startProject(await freshDb());
    await driver.approve(await reachCheckpoint(driver, 'final_report'));
    expect(await loadResearch(driver.db, driver.projectId)).toMatchObject({ stage: 'done', status: 'completed' });
  });
});
