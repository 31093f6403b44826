// Running one task with an automatic reasoner, on a real database: the answer goes through
// submitWork like a delegated one, one repair turn carries the validation errors, usage is
// recorded with the submission or the failure, and budgets say when to stop.
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../../../src-mcp/store/database.js';
import { findTask } from '../../../../src-mcp/store/tasks.js';
import { usageTotals } from '../../../../src-mcp/store/usage.js';
import { NOTHING_VERIFIED, hypothesesOf } from '../../../../src-mcp/engine/hypotheses.js';
import { loadResearch, updateResearch } from '../../../../src-mcp/engine/projectRecord.js';
import { nextStep } from '../../../../src-mcp/engine/workflow/supervisor.js';
import type { Task } from '../../../../src-mcp/engine/types.js';
import { reasoningBudgetStop, runAutomaticTask, type AutomaticReasoner, type ReasonerAnswer, type RepairRequest } from '../../../../src-mcp/reasoners/automaticTask.js';
import { ProviderError } from '../../../../src-mcp/reasoners/providers/types.js';
import { NO_GROUNDING, type WorkItem } from '../../../../src-mcp/reasoners/workItems.js';
import { fakeResult } from '../../../support/fakeAssistant.js';
import { freshDb, startProject, WORKER, type Driver } from '../../../support/engineDriver.js';

function answer(result: unknown, text = JSON.stringify(result)): ReasonerAnswer {
  return { result, parseError: null, text, model: 'm-1', usage: { inputTokens: 100, outputTokens: 20 }, costUsd: 0.5 };
}

/** A reasoner that answers from a script, recording the repair turns it was given. */
function scripted(answers: Array<(item: WorkItem) => ReasonerAnswer | Error>): AutomaticReasoner & { repairs: RepairRequest[] } {
  let calls = 0;
  const repairs: RepairRequest[] = [];
  return {
    label: 'provider:test',
    model: 'm-1',
    repairs,
    async complete(item, _role, _signal, repair) {
      if (repair !== undefined) repairs.push(repair);
      const next = (answers[calls++] ?? answers[answers.length - 1])?.(item);
      if (next instanceof Error) throw next;
      return next as ReasonerAnswer;
    },
  };
}

async function generateTask(driver: Driver): Promise<Task> {
  const plan = await driver.step();
  if (plan.kind !== 'awaiting_decision') throw new Error('expected the plan checkpoint');
  await driver.approve(plan.checkpoints[0] as (typeof plan.checkpoints)[number]);
  const step = await writeTransaction(driver.db, async () => await nextStep(driver.db, driver.actor, driver.projectId, WORKER, () => true));
  if (step.kind !== 'work') throw new Error('expected a work item');
  return step.task;
}

const deps = (driver: Driver) => ({ db: driver.db, actor: driver.actor, verify: NOTHING_VERIFIED, grounding: NO_GROUNDING, scrub: (text: string) => text.replaceAll('sk-secret', '[REDACTED]') });
const valid = (item: WorkItem) => answer(fakeResult(item, new Map()));
const signal = () => new AbortController().signal;

describe('runAutomaticTask', () => {
  it('stores a valid answer as the reasoner and model, with its usage', async () => {
    const driver = await startProject(await freshDb());
    const task = await generateTask(driver);
    const outcome = await runAutomaticTask(deps(driver), task, scripted([valid]), signal());
    expect(outcome).toMatchObject({ kind: 'submitted', reasoner: 'provider:test:m-1' });
    expect(await findTask(driver.db, task.id)).toMatchObject({ status: 'done', reasoner: 'provider:test:m-1' });
    expect((await hypothesesOf(driver.db, driver.projectId)).every((h) => h.reasoner === 'provider:test:m-1')).toBe(true);
    expect(await usageTotals(driver.db, driver.projectId)).toEqual({ calls: 1, inputTokens: 100, outputTokens: 20, costUsd: 0.5 });
    expect((await loadResearch(driver.db, driver.projectId)).reasoningCallsUsed).toBe(1);
  });

  it('sends the validation errors back once and stores the repaired answer', async () => {
    const driver = await startProject(await freshDb());
    const task = await generateTask(driver);
    const reasoner = scripted([() => answer({ hypotheses: 'none' }, '{"hypotheses":"none"}'), valid]);
    expect(await runAutomaticTask(deps(driver), task, reasoner, signal())).toMatchObject({ kind: 'submitted' });
    expect(reasoner.repairs).toEqual([{ previousText: '{"hypotheses":"none"}', errors: expect.stringMatching(/does not match the generate output schema: hypotheses/) }]);
    expect((await usageTotals(driver.db, driver.projectId)).calls).toBe(2);
  });

  it('records a clear failure on the task when the repair is unusable too', async () => {
    const driver = await startProject(await freshDb());
    const task = await generateTask(driver);
    const outcome = await runAutomaticTask(deps(driver), task, scripted([() => ({ ...answer(undefined, 'prose'), parseError: 'The answer is not a valid JSON object.' })]), signal());
    expect(outcome).toMatchObject({ kind: 'rejected', error: expect.stringMatching(/provider:test:m-1 answered twice with results that could not be accepted/) });
    expect(await findTask(driver.db, task.id)).toMatchObject({ status: 'leased', error: expect.stringMatching(/answered twice/) });
    expect((await loadResearch(driver.db, driver.projectId)).reasoningCallsUsed).toBe(0);
  });

  it('records a failed call on the task with secrets masked, and no usage of tokens', async () => {
    const driver = await startProject(await freshDb());
    const task = await generateTask(driver);
    const outcome = await runAutomaticTask(deps(driver), task, scripted([() => new ProviderError('auth', 'key sk-secret refused (HTTP 401).', 401)]), signal());
    expect(outcome).toMatchObject({ kind: 'failed', error: 'key [REDACTED] refused (HTTP 401).', cause: { code: 'auth' } });
    expect((await findTask(driver.db, task.id))?.error).toBe('key [REDACTED] refused (HTTP 401).');
    expect(await usageTotals(driver.db, driver.projectId)).toMatchObject({ calls: 1, inputTokens: 0, outputTokens: 0 });
  });

  it('applies nothing twice: a task completed elsewhere meanwhile is left alone', async () => {
    const driver = await startProject(await freshDb());
    const task = await generateTask(driver);
    await runAutomaticTask(deps(driver), task, scripted([valid]), signal());
    const before = (await hypothesesOf(driver.db, driver.projectId)).length;
    expect(await runAutomaticTask(deps(driver), task, scripted([valid]), signal())).toMatchObject({ kind: 'gone' });
    expect((await hypothesesOf(driver.db, driver.projectId)).length).toBe(before);
  });
});

describe('reasoningBudgetStop', () => {
  it('stops at the call budget, and never starts more calls than are left', async () => {
    const driver = await startProject(await freshDb());
    const project = await loadResearch(driver.db, driver.projectId);
    const max = project.settings.maxReasoningCalls;
    expect(await reasoningBudgetStop(driver.db, project, 0)).toBeNull();
    expect(await reasoningBudgetStop(driver.db, { ...project, reasoningCallsUsed: max - 2 }, 2)).toBe('wait');
    expect(await reasoningBudgetStop(driver.db, { ...project, reasoningCallsUsed: max }, 1)).toBe('wait');
    expect(await reasoningBudgetStop(driver.db, { ...project, reasoningCallsUsed: max }, 0)).toMatch(/^budget_exhausted: all \d+ reasoning calls/);
  });

  it('stops at the token and cost budgets', async () => {
    const driver = await startProject(await freshDb());
    const task = await generateTask(driver);
    await runAutomaticTask(deps(driver), task, scripted([valid]), signal());
    const settings = (await loadResearch(driver.db, driver.projectId)).settings;
    await updateResearch(driver.db, driver.projectId, { settings: { ...settings, maxTokens: 120 } }, new Date());
    expect(await reasoningBudgetStop(driver.db, await loadResearch(driver.db, driver.projectId), 0)).toBe('budget_exhausted: 120 of the 120 provider tokens of this project are used');
    await updateResearch(driver.db, driver.projectId, { settings: { ...settings, maxCostUsd: 0.4 } }, new Date());
    expect(await reasoningBudgetStop(driver.db, await loadResearch(driver.db, driver.projectId), 0)).toMatch(/^budget_exhausted: the estimated provider cost reached \$0\.50 of the \$0\.40 budget/);
  });
});
