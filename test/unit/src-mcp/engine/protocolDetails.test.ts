// Issue 15 item 10 (the parts in this branch): list_hypotheses "evolved" means the evolved
// hypotheses, a judge's confidence is 0.5-1 as described, and the delete wording agrees with itself.
import { describe, expect, it } from 'vitest';
import { hypothesesOf } from '../../../../src-mcp/engine/hypotheses.js';
import { JudgementSchema } from '../../../../src-mcp/engine/schemas.js';
import { listHypothesesTool } from '../../../../src-mcp/mcp/tools/assistant/hypotheses.js';
import { manageResearchTool } from '../../../../src-mcp/mcp/tools/assistant/workflow.js';
import type { ServerContext } from '../../../../src-mcp/mcp/context.js';
import { freshDb, reachCheckpoint, startProject } from '../../../support/engineDriver.js';

describe('list_hypotheses with status "evolved"', () => {
  it('lists the hypotheses evolution produced; "superseded" lists the parents they replaced', async () => {
    const driver = await startProject(await freshDb(), { budget: 4 });
    await driver.approve(await reachCheckpoint(driver, 'evolution_plan'));
    await reachCheckpoint(driver, 'final_report');
    const all = await hypothesesOf(driver.db, driver.projectId);
    const evolved = all.filter((h) => h.origin === 'evolved').map((h) => h.id).sort();
    expect(evolved.length).toBeGreaterThan(0);
    // The tool's own code over the real database; it reads nothing of the context but the database.
    const ctx = { db: driver.db } as unknown as ServerContext;
    const list = async (status: string) => {
      const outcome = await listHypothesesTool.run(listHypothesesTool.input.parse({ research_id: driver.projectId, status, limit: 200 }), ctx, undefined as never);
      return (outcome.data as { hypotheses: Array<{ id: string }>; total: number });
    };
    const listed = await list('evolved');
    expect(listed.hypotheses.map((h) => h.id).sort()).toEqual(evolved);
    expect(listed.total).toBe(evolved.length);
    const superseded = await list('superseded');
    expect(superseded.hypotheses.map((h) => h.id).sort()).toEqual(all.filter((h) => h.status === 'evolved').map((h) => h.id).sort());
  });
});

describe('a judge\'s confidence', () => {
  it('is 0.5 (a coin flip) to 1, as the instructions say', () => {
    const judgement = { pair_id: 'p1', winner: 'first', rationale: 'The first hypothesis is better grounded in the cited data.' };
    expect(JudgementSchema.safeParse({ ...judgement, confidence: 0.3 }).success).toBe(false);
    expect(JudgementSchema.safeParse({ ...judgement, confidence: 0.5 }).success).toBe(true);
  });
});

describe('deleting a project', () => {
  it('is described the same way in the tool description and in its refusal', () => {
    expect(manageResearchTool.description).toMatch(/Deleting is permanent/);
    expect(manageResearchTool.description).not.toMatch(/can be undone/);
  });
});
