// Crash and resume: an assistant's server is killed mid-tournament (even mid-submission); another
// process picks the work up. No match is recorded twice, no decision is lost.
import { afterEach, describe, expect, it } from 'vitest';
import { callOk as call, connectServer, killServer, tempDataDir, type ConnectedServer } from '../support/server.js';
import { fakeResult, type WorkItemLike } from '../support/fakeAssistant.js';
import { toolErrorOf } from '../support/toolErrors.js';
import { inspectStore } from '../support/storeInspector.js';
import { testEngine } from '../support/testEngine.js';

const open: ConnectedServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close().catch(() => undefined)));
});

interface Next {
  state: string;
  stage: string;
  work_item: WorkItemLike | null;
  checkpoints: Array<{ checkpoint_id: string; kind: string }>;
}

async function summaries(server: ConnectedServer, researchId: string): Promise<Map<string, string>> {
  const listed = await call(server, 'list_hypotheses', { research_id: researchId, limit: 200 });
  return new Map((listed.hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
}

/** Works (fake results) and approves every checkpoint until `until` holds for the assistant's answer. */
async function drive(assistant: ConnectedServer, desktop: ConnectedServer, researchId: string, decided: string[], until: (next: Next) => boolean, what: string): Promise<Next> {
  let next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
  for (let i = 0; i < 200; i += 1) {
    if (until(next)) return next;
    if (next.state === 'awaiting_decision') {
      const checkpoint = next.checkpoints[0] as Next['checkpoints'][number];
      await call(desktop, 'decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'approve' });
      decided.push(checkpoint.checkpoint_id);
      next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
      continue;
    }
    const item = next.work_item as WorkItemLike;
    next = (await call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, await summaries(assistant, researchId)) })).next as Next;
  }
  throw new Error(`never ${what}`);
}

describe('crash and resume', () => {
  it('another process resumes a killed assistant\'s tournament; nothing is recorded twice or lost', async () => {
    const dataDir = tempDataDir();
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    const first = await connectServer({ dataDir, client: 'claude-desktop' });
    open.push(desktop, first);
    const started = await call(first, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 6 });
    const researchId = started.research_id as string;
    const decided: string[] = [];

    // 1. Killed while holding a lease: the task is taken over at once (its owner pid is gone).
    const held = await drive(first, desktop, researchId, decided, (n) => n.state === 'work' && n.work_item?.kind === 'compare', 'reached the tournament');
    const heldTask = (held.work_item as WorkItemLike).task_id;
    await killServer(first);
    const second = await connectServer({ dataDir, client: 'claude-desktop' });
    open.push(second);
    const resumed = (await call(second, 'continue_research', { research_id: researchId })) as unknown as Next;
    expect(resumed.state).toBe('work');
    expect(resumed.work_item?.task_id).toBe(heldTask);

    // 2. Killed in the middle of a submission: it either committed or not, never half, never twice.
    const item = resumed.work_item as WorkItemLike;
    const result = fakeResult(item, await summaries(second, researchId));
    void second.client.callTool({ name: 'submit_work', arguments: { task_id: item.task_id, result } }).catch(() => undefined);
    await killServer(second);
    const third = await connectServer({ dataDir, client: 'claude-desktop' });
    open.push(third);
    const retry = await third.client.callTool({ name: 'submit_work', arguments: { task_id: item.task_id, result } });
    if (retry.isError === true) expect(toolErrorOf(retry).code).toBe('conflict');
    // A retry of an applied task is refused, whoever sends it.
    const again = await third.client.callTool({ name: 'submit_work', arguments: { task_id: item.task_id, result } });
    expect(again.isError).toBe(true);
    expect(toolErrorOf(again).code).toBe('conflict');

    // 3. The third process finishes the whole project.
    const next = await drive(third, desktop, researchId, decided, (n) => n.state === 'completed', 'completed');
    expect(next.state).toBe('completed');

    await inspectStore(dataDir, async (db) => {
      // Every judgement of every completed comparison task is in the log exactly once.
      const tasks = await db.rows<{ id: string; payload: string }>("SELECT id, payload FROM tasks WHERE kind = 'compare' AND status = 'done'");
      const expected = tasks.reduce((sum, task) => sum + (JSON.parse(task.payload) as { pairs: unknown[] }).pairs.length, 0);
      expect(await db.scalar('SELECT COUNT(*) FROM matches')).toBe(expected);
      expect(await db.scalar('SELECT COUNT(*) FROM (SELECT task_id, pair_id FROM matches GROUP BY task_id, pair_id HAVING COUNT(*) > 1) AS doubled')).toBe(0);
      // Every decision made before, during and after the crashes is still there.
      for (const id of decided) {
        expect(await db.scalar('SELECT status FROM checkpoints WHERE id = ?', [id])).toBe('decided');
      }
      // SQLite's check of its own file; PostgreSQL checks its pages itself.
      if (testEngine() === 'sqlite') expect(await db.scalar('PRAGMA integrity_check')).toBe('ok');
    });
  }, 120_000);
});
