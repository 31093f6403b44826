// A checkpoint is decided once, whoever decides it from whichever process (issue 30 item 4): two
// server processes approving the same research plan at the same moment apply one decision and its
// effects once; the other is told who decided. On PostgreSQL the second process is a second pool on
// the same database; on SQLite both decisions go through the one handle, one after the other.
import { afterEach, describe, expect, it } from 'vitest';
import { decide } from '../../../../../src-mcp/engine/workflow/decisions.js';
import { DomainError } from '../../../../../src-mcp/engine/errors.js';
import { closeDatabase, openPostgresDatabase, type Db } from '../../../../../src-mcp/store/database.js';
import { openTasks } from '../../../../../src-mcp/store/tasks.js';
import { findCheckpoint } from '../../../../../src-mcp/store/checkpoints.js';
import { DESKTOP, freshDb, reachCheckpoint, startProject } from '../../../../support/engineDriver.js';
import { testEngine, testStoreUrl } from '../../../../support/storeEngine.js';

const others: Db[] = [];
afterEach(async () => {
  for (const db of others.splice(0)) await closeDatabase(db);
});

describe(`deciding a checkpoint from two processes (${testEngine()})`, () => {
  it('applies one decision and its effects once; the other decider gets a conflict naming who decided', async () => {
    const db = await freshDb();
    const url = testStoreUrl(db);
    const other = url === undefined ? db : await openPostgresDatabase(url);
    if (other !== db) others.push(other);
    const driver = await startProject(db, { budget: 3 });
    const plan = await reachCheckpoint(driver, 'research_plan');
    const desk = { ...DESKTOP, clientId: 'desktop-a' };
    const lab = { ...DESKTOP, clientId: 'desktop-b' };
    const outcomes = await Promise.allSettled([
      decide(db, driver.actor, { checkpointId: plan.id, action: 'approve', decisionId: 'dec_a' }, desk),
      decide(other, driver.actor, { checkpointId: plan.id, action: 'approve', decisionId: 'dec_b' }, lab),
    ]);
    const applied = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(DomainError);
    expect((refused[0]!.reason as DomainError).code).toBe('conflict');
    const winner = outcomes[0]!.status === 'fulfilled' ? 'desktop-a' : 'desktop-b';
    expect(await findCheckpoint(other, plan.id)).toMatchObject({ status: 'decided', decidedBy: winner, decisionId: winner === 'desktop-a' ? 'dec_a' : 'dec_b' });
    expect((refused[0]!.reason as DomainError).message).toContain(`by ${winner}`);
    // The plan's effect (one generation work item for the whole batch) was queued once, not once per decider.
    expect((await openTasks(db, driver.projectId)).map((t) => [t.kind, t.payload.count])).toEqual([['generate', 3]]);
    // A retry of the winning decision is recognised as the same decision, from either process.
    const retry = await decide(other, driver.actor, { checkpointId: plan.id, action: 'approve', decisionId: winner === 'desktop-a' ? 'dec_a' : 'dec_b' }, lab);
    expect(retry.applied).toBe(false);
  });
});
