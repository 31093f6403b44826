// The reviewer's safety question in delegated mode (issue 32), over real stdio: every review
// answers it, and a `concerning` answer opens a safety_review exactly as a flag of the safety
// screen does (the hypothesis leaves the tournament until the scientist decides in the app);
// `none` opens nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { assistantAndDesktop, callOk as call, type ConnectedServer, type Structured } from '../support/server.js';
import { fakeResult, type WorkItemLike } from '../support/fakeAssistant.js';

const open: ConnectedServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

interface Next {
  state: string;
  work_item: (WorkItemLike & { output_schema?: Structured }) | null;
  checkpoints: Array<{ checkpoint_id: string; kind: string; payload: Structured }>;
}

/** Runs a delegated project up to its first review item, approving what the scientist approves in the app. */
async function untilFirstReview(answer: 'none' | 'concerning') {
  const { assistant, desktop } = await assistantAndDesktop();
  open.push(assistant, desktop);
  const started = await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
  const researchId = started.research_id as string;
  let next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
  for (let step = 0; step < 50; step += 1) {
    if (next.state === 'awaiting_decision') {
      await call(desktop, 'decide', { checkpoint_id: next.checkpoints[0]?.checkpoint_id, action: 'approve' });
      next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
      continue;
    }
    const item = next.work_item as NonNullable<Next['work_item']>;
    if (item.kind === 'review') break;
    next = (await call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, new Map()) })).next as unknown as Next;
  }
  const withRules = (await call(assistant, 'continue_research', { research_id: researchId, include_rules: true })) as unknown as Next;
  const item = withRules.work_item as NonNullable<Next['work_item']>;
  expect(item.kind).toBe('review');
  const [concerned, ...others] = item.context.hypothesis_ids as string[];
  const result = fakeResult(item, new Map()) as { reviews: Array<Record<string, unknown>> };
  for (const review of result.reviews) {
    review.safety_concern = review.hypothesis_id === concerned ? answer : 'none';
    if (review.hypothesis_id === concerned && answer === 'concerning') review.safety_reason = 'Testing it needs a pathogen made to spread between mammals.';
  }
  const submitted = await call(assistant, 'submit_work', { task_id: item.task_id, result });
  return { assistant, desktop, researchId, item, concerned: concerned as string, others, submitted };
}

describe("the reviewer's safety question (delegated mode)", () => {
  it('is part of the review rules and of the result schema the assistant is given', async () => {
    const { item } = await untilFirstReview('none');
    const reviewSchema = JSON.stringify(item.output_schema);
    expect(reviewSchema).toContain('safety_concern');
    expect(reviewSchema).toContain('"concerning"');
  });

  it('a "concerning" answer flags that hypothesis and opens a safety_review only the scientist decides', async () => {
    const { desktop, assistant, researchId, concerned, submitted } = await untilFirstReview('concerning');
    expect(submitted.summary ?? JSON.stringify(submitted)).toMatch(/sent to a safety review/);
    const checkpoints = await call(desktop, 'list_checkpoints', { research_id: researchId });
    const safety = (checkpoints.checkpoints as Array<{ kind: string; payload: Structured; checkpoint_id: string }>).filter((c) => c.kind === 'safety_review');
    expect(safety).toHaveLength(1);
    expect(safety[0]?.payload).toMatchObject({ subject: 'hypothesis', hypothesis_id: concerned });
    expect((safety[0]?.payload.reasons as string[]).join(' ')).toContain('Testing it needs a pathogen made to spread between mammals.');
    const listed = await call(assistant, 'list_hypotheses', { research_id: researchId, limit: 50 });
    const flagged = (listed.hypotheses as Array<{ id: string; safety_flag: string | null }>).find((h) => h.id === concerned);
    expect(flagged?.safety_flag).toContain('concerning');
    // Only the scientist decides it, in the app; the assistant is refused.
    const denied = await assistant.client.callTool({ name: 'decide', arguments: { checkpoint_id: safety[0]?.checkpoint_id, action: 'approve' } });
    expect(denied.isError).toBe(true);
  });

  it('a "none" answer opens no safety review', async () => {
    const { desktop, researchId } = await untilFirstReview('none');
    const checkpoints = await call(desktop, 'list_checkpoints', { research_id: researchId });
    expect((checkpoints.checkpoints as Array<{ kind: string }>).filter((c) => c.kind === 'safety_review')).toEqual([]);
  });
});
