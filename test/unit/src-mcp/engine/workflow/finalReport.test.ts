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
  it('runs the queued review first, then completes the project', () => {
    const driver = startProject(freshDb());
    const report = reachCheckpoint(driver, 'final_report');
    const [first] = hypothesesOf(driver.db, driver.projectId).filter((h) => h.status !== 'rejected');
    if (first === undefined) throw new Error('the project has no hypothesis to review');
    const reviewsBefore = reviewsOfHypothesis(driver.db, first.id).length;
    // The desktop app queues it on the scientist's behalf (no worker of its own).
    const review = requestReview(driver.db, driver.actor, null, first.id, 'deep_verification');

    driver.approve(report);
    expect(loadResearch(driver.db, driver.projectId)).toMatchObject({ stage: 'done', status: 'active' });

    const next = driver.step();
    expect(next.kind).toBe('work');
    expect(next.kind === 'work' ? next.task.id : null).toBe(review.id);
    expect(driver.workUntilDecision()).toMatchObject({ kind: 'completed' });
    expect(loadResearch(driver.db, driver.projectId)).toMatchObject({ status: 'completed', progress: 1 });
    expect(reviewsOfHypothesis(driver.db, first.id)).toHaveLength(reviewsBefore + 1);
    const completions = eventsAfter(driver.db, 0, 10_000).filter((e) => e.kind === 'project.updated' && e.data.status === 'completed');
    expect(completions).toHaveLength(1);
  });

  it('gates a requested evolution’s hypothesis for the scientist before completing', () => {
    const driver = startProject(freshDb());
    const report = reachCheckpoint(driver, 'final_report');
    const [first] = hypothesesOf(driver.db, driver.projectId).filter((h) => h.status !== 'rejected');
    if (first === undefined) throw new Error('the project has no hypothesis to evolve');
    requestEvolution(driver.db, driver.actor, null, first.id, 'simplify', undefined);

    driver.approve(report);
    const waiting = driver.workUntilDecision();
    expect(waiting.kind).toBe('awaiting_decision');
    const batch = waiting.kind === 'awaiting_decision' ? waiting.checkpoints.find((c) => c.kind === 'hypothesis_batch') : undefined;
    expect(batch).toBeDefined();
    expect(loadResearch(driver.db, driver.projectId).status).toBe('active');
    if (batch !== undefined) driver.approve(batch);
    expect(driver.workUntilDecision()).toMatchObject({ kind: 'completed' });
  });

  it('completes at once when nothing is queued', () => {
    const driver = startProject(freshDb());
    driver.approve(reachCheckpoint(driver, 'final_report'));
    expect(loadResearch(driver.db, driver.projectId)).toMatchObject({ stage: 'done', status: 'completed' });
  });
});
