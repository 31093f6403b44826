// Domain inference (issue 15 item 11): a vocabulary classifier right on at least 90% of a labelled
// set of goals across fields, and a domain the scientist corrects in the plan is theirs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide } from '../../../../src-mcp/engine/workflow/decisions.js';
import { inferDomain } from '../../../../src-mcp/engine/domainInference.js';
import { loadResearch } from '../../../../src-mcp/engine/projectRecord.js';
import type { ResearchPlan } from '../../../../src-mcp/engine/schemas.js';
import { DESKTOP, freshDb, reachCheckpoint, startProject } from '../../../support/engineDriver.js';
import { REPO_ROOT } from '../../../support/server.js';

const { goals } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/domains/goals.json'), 'utf8')) as { goals: Array<[string, string]> };

describe('inferring the domain of a goal', () => {
  it('is right on at least 90% of 50+ labelled goals across fields', () => {
    expect(goals.length).toBeGreaterThanOrEqual(50);
    expect(new Set(goals.map(([, domain]) => domain)).size).toBeGreaterThanOrEqual(8);
    const wrong = goals.filter(([goal, domain]) => inferDomain(goal) !== domain).map(([goal, domain]) => `${goal} → ${inferDomain(goal)} (want ${domain})`);
    expect(wrong.length / goals.length, wrong.join('\n')).toBeLessThanOrEqual(0.1);
  });

  it.each([
    ['Improve the efficiency of perovskite solar cells', 'materials_science'],
    ['Understand adult neurogenesis in the hippocampus', 'neuroscience'],
  ])('files "%s" under %s (the cases the issue reported)', (goal, domain) => {
    expect(inferDomain(goal)).toBe(domain);
  });

  it('falls back to general science when nothing in the goal names a field', () => {
    expect(inferDomain('Find out why this happens so often')).toBe('general science');
  });
});

describe('correcting it', () => {
  it('the scientist edits the plan\'s domain, and the project no longer calls it inferred', async () => {
    const driver = await startProject(await freshDb(), { goal: 'Improve the efficiency of perovskite solar cells' });
    expect(await loadResearch(driver.db, driver.projectId)).toMatchObject({ domain: 'materials_science', domainInferred: true });
    const plan = await reachCheckpoint(driver, 'research_plan');
    const edited: ResearchPlan = { ...(plan.payload.plan as ResearchPlan), domain: 'physics' };
    await decide(driver.db, driver.actor, { checkpointId: plan.id, action: 'edit', data: edited }, DESKTOP);
    expect(await loadResearch(driver.db, driver.projectId)).toMatchObject({ domain: 'physics', domainInferred: false });
  });
});
