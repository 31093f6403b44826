import { describe, expect, it } from 'vitest';
import { eventsAfter } from '../../../../src-mcp/store/events.js';
import { listResearch, startResearch, researchStatus } from '../../../../src-mcp/engine/projects.js';
import { inferDomain } from '../../../../src-mcp/engine/domainInference.js';
import { DomainError } from '../../../../src-mcp/engine/errors.js';
import { openTestStore } from '../../../support/storeEngine.js';

async function fresh() {
  const db = await openTestStore('cosci-engine-');
  let tick = Date.UTC(2026, 10, 1);
  const actor = { clientId: 'claude-desktop', now: () => new Date((tick += 1000)) };
  return { db, actor };
}

describe('research projects', () => {
  it('creates a project, its plan checkpoint and their change events in one transaction', async () => {
    const { db, actor } = await fresh();
    const project = await startResearch(db, actor, { goal: '  Find novel   therapeutic targets for liver fibrosis ' });
    expect(project).toMatchObject({ goal: 'Find novel therapeutic targets for liver fibrosis', status: 'initializing', hypothesisBudget: 20, domainInferred: true });
    expect(await eventsAfter(db, 0, 10)).toMatchObject([
      { kind: 'project.created', subjectUri: `research://projects/${project.id}`, clientId: 'claude-desktop' },
      { kind: 'checkpoint.created', subjectUri: `research://projects/${project.id}`, data: { kind: 'research_plan' } },
    ]);
    expect((await researchStatus(db, project.id)).estimatedCompletionMinutes).toBeGreaterThan(0);
  });

  it('rejects bad goals and budgets without writing anything', async () => {
    const { db, actor } = await fresh();
    await expect(startResearch(db, actor, { goal: 'too short' })).rejects.toThrow(DomainError);
    await expect(startResearch(db, actor, { goal: 'x'.repeat(2001) })).rejects.toThrow(/too long/);
    await expect(startResearch(db, actor, { goal: 'A perfectly valid goal', hypothesisCount: 0 })).rejects.toThrow(/1 to 100/);
    expect((await listResearch(db, { limit: 10 })).total).toBe(0);
    expect(await eventsAfter(db, 0, 10)).toHaveLength(0);
  });

  it('pages newest first with cursors that never skip or repeat, and filters by status', async () => {
    const { db, actor } = await fresh();
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await startResearch(db, actor, { goal: `Research goal number ${i}` })).id);
    ids.reverse();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listResearch(db, { limit: 3, cursor });
      expect(page.total).toBe(7);
      seen.push(...page.projects.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(ids);
    expect((await listResearch(db, { limit: 10, status: 'completed' })).projects).toHaveLength(0);
    await expect(listResearch(db, { limit: 3, cursor: '!!' })).rejects.toThrow(/cursor is not one this server issued/);
  });

  it('infers a domain from the goal and falls back to general science', () => {
    expect(inferDomain('Investigate mechanisms of antimicrobial resistance in bacteria')).toBe('biology');
    expect(inferDomain('Identify drug repurposing candidates for AML')).toBe('medicine');
    expect(inferDomain('Design a catalyst for ammonia synthesis')).toBe('chemistry');
    expect(inferDomain('Understand how people write poems')).toBe('general science');
  });
});
