// The store of a project's work on either engine (COSCI_TEST_ENGINE): the task queue's order, a
// checkpoint decided once from two processes, the timeline's one stream, the change feed, and the
// settings and accounting tables kept beside them. On PostgreSQL a second handle on the same
// database stands for a second server process.
import { afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { closeDatabase, openPostgresDatabase, writeTransaction, type Db, type OpenOptions } from '../../../../src-mcp/store/database.js';
import { CHANGE_CHANNEL } from '../../../../src-mcp/store/postgres/changeSignal.js';
import { findProject, insertProject, listProjects } from '../../../../src-mcp/store/projects.js';
import { markTrashed } from '../../../../src-mcp/store/projectTrash.js';
import { loadProjectSettings, updateProjectState } from '../../../../src-mcp/store/projectState.js';
import { findProjectWithCounts } from '../../../../src-mcp/store/projectWithCounts.js';
import { completeTask, insertTask, leaseTask, openTasks, tasksOfKind } from '../../../../src-mcp/store/tasks.js';
import {
  checkpointIdsStartingWith,
  countArchivedCheckpoints,
  findCheckpoint,
  insertCheckpoint,
  listCheckpoints,
  recordDecision,
  withdrawCheckpoint,
} from '../../../../src-mcp/store/checkpoints.js';
import { appendEvent, dataVersion, eventsAfter, latestEventId } from '../../../../src-mcp/store/events.js';
import { timelinePage, type TimelineRow } from '../../../../src-mcp/store/timeline.js';
import { insertUsage, usageSummary, usageTotals } from '../../../../src-mcp/store/usage.js';
import { allPolicies, findPolicy, upsertPolicy } from '../../../../src-mcp/store/policies.js';
import { deleteProviderSettings, listProviderSettings, upsertProviderSettings } from '../../../../src-mcp/store/providerSettings.js';
import { countPendingCheckpoints, decisionsNewestFirst, openWorkByProject, pendingCheckpointsEverywhere, projectFlags } from '../../../../src-mcp/store/desktopOverview.js';
import { hypothesesEditedByScientist, latestMetaReviewReasoner } from '../../../../src-mcp/store/authorship.js';
import { recentBackgroundWorkers, upsertBackgroundWorker } from '../../../../src-mcp/store/backgroundWorkers.js';
import { findProjectStatusWithUsage } from '../../../../src-mcp/store/projectWithCounts.js';
import { openTestStore, testEngine, testStoreUrl } from '../../../support/storeEngine.js';

const AT = '2026-11-01T00:00:00.000Z';
const seconds = (n: number): string => new Date(Date.parse(AT) + n * 1000).toISOString();

async function addProject(db: Db, id: string, createdAt = AT): Promise<void> {
  await insertProject(db, { id, goal: `Goal of ${id}`, domain: 'biology', domainInferred: true, status: 'active', hypothesisBudget: 5, progress: 0, createdBy: 'test', createdAt, updatedAt: createdAt });
}

async function addCheckpoint(db: Db, projectId: string, id: string, createdAt = AT, kind = 'hypothesis_batch'): Promise<void> {
  await insertCheckpoint(db, { id, projectId, kind, payload: { n: 1 }, iteration: 1, createdAt });
}

/** Second handles opened by a test (another process's view of the same PostgreSQL database). */
const others: Db[] = [];
afterEach(async () => {
  for (const db of others.splice(0)) await closeDatabase(db);
});

/** Another server process's handle on the store: a new pool on PostgreSQL; on SQLite the same handle. */
async function secondProcess(db: Db, options: OpenOptions = {}): Promise<Db> {
  const url = testStoreUrl(db);
  if (url === undefined) return db;
  const other = await openPostgresDatabase(url, undefined, options);
  others.push(other);
  return other;
}

describe(`the store of a project's work (${testEngine()})`, () => {
  it('hands out tasks created together in the order they were planned, whatever their ids', async () => {
    const db = await openTestStore('cosci-work-');
    await addProject(db, 'res_1');
    // Ids that sort against their insertion order, all created in one step.
    const ids = ['tsk_z', 'tsk_m', 'tsk_a', 'tsk_q', 'tsk_b'];
    await writeTransaction(db, async () => {
      for (const id of ids) await insertTask(db, { id, projectId: 'res_1', kind: id === 'tsk_q' ? 'review' : 'generate', payload: { id }, createdAt: AT });
    });
    await insertTask(db, { id: 'tsk_0', projectId: 'res_1', kind: 'generate', payload: {}, createdAt: seconds(1) });
    expect((await openTasks(db, 'res_1')).map((t) => t.id)).toEqual([...ids, 'tsk_0']);
    expect((await tasksOfKind(db, 'res_1', 'generate')).map((t) => t.id)).toEqual(['tsk_z', 'tsk_m', 'tsk_a', 'tsk_b', 'tsk_0']);
    await leaseTask(db, 'tsk_m', 'worker-1', seconds(60), seconds(2));
    expect(await completeTask(db, 'tsk_z', 'delegated:test', seconds(3))).toBe(true);
    expect(await completeTask(db, 'tsk_z', 'delegated:test', seconds(4))).toBe(false);
    expect((await openTasks(db, 'res_1')).map((t) => [t.id, t.status, t.attempts])).toEqual([
      ['tsk_m', 'leased', 1],
      ['tsk_a', 'queued', 0],
      ['tsk_q', 'queued', 0],
      ['tsk_b', 'queued', 0],
      ['tsk_0', 'queued', 0],
    ]);
  });

  it('decides a checkpoint once when two processes decide it at the same moment', async () => {
    const db = await openTestStore('cosci-work-');
    const other = await secondProcess(db);
    await addProject(db, 'res_1');
    const checkpointIds = Array.from({ length: 12 }, (_, i) => `chk_${String(i).padStart(2, '0')}`);
    for (const id of checkpointIds) await addCheckpoint(db, 'res_1', id);
    const decideFrom = (handle: Db, checkpointId: string, who: string): Promise<boolean> =>
      writeTransaction(handle, async () => {
        const pending = (await findCheckpoint(handle, checkpointId))?.status === 'pending';
        const recorded = await recordDecision(handle, { checkpointId, decisionId: `dec_${who}_${checkpointId}`, action: 'approve', data: null, note: who, decidedBy: who, decidedAt: AT });
        // What this process read and what it wrote agree: no lost update between the two.
        expect(recorded).toBe(pending);
        return recorded;
      });
    const outcomes = await Promise.all(checkpointIds.map((id) => Promise.all([decideFrom(db, id, 'first'), decideFrom(other, id, 'second')])));
    for (const [index, [first, second]] of outcomes.entries()) {
      expect(first !== second, `exactly one decision of ${checkpointIds[index]!}`).toBe(true);
      const stored = await findCheckpoint(other, checkpointIds[index]!);
      expect(stored).toMatchObject({ status: 'decided', decidedBy: first ? 'first' : 'second', decisionNote: first ? 'first' : 'second' });
    }
    // Without a write transaction (no write lock) the one conditional UPDATE still decides once.
    const bare = Array.from({ length: 12 }, (_, i) => `chk_bare_${String(i).padStart(2, '0')}`);
    for (const id of bare) await addCheckpoint(db, 'res_1', id);
    const record = (handle: Db, checkpointId: string, who: string): Promise<boolean> =>
      recordDecision(handle, { checkpointId, decisionId: `dec_${who}_${checkpointId}`, action: 'reject', data: null, note: null, decidedBy: who, decidedAt: AT });
    const bareOutcomes = await Promise.all(bare.map((id) => Promise.all([record(db, id, 'first'), record(other, id, 'second')])));
    expect(bareOutcomes.every(([first, second]) => first !== second)).toBe(true);
    // Nor does a withdrawal close a decided checkpoint again.
    expect(await withdrawCheckpoint(other, { checkpointId: 'chk_00', reason: 'changed', by: 'x', at: AT })).toBe(false);
  });

  it('reads a decided checkpoint from the other process with its decision, and completes ids case-blind with % and _ taken literally', async () => {
    const db = await openTestStore('cosci-work-');
    await addProject(db, 'res_1');
    for (const id of ['chk_a1', 'chk_a2', 'chk_b1', 'chkxa9', 'CHK_A3']) await addCheckpoint(db, 'res_1', id);
    expect(await recordDecision(db, { checkpointId: 'chk_a1', decisionId: 'dec_1', action: 'edit', data: { hypotheses: [] }, note: null, decidedBy: 'desktop', decidedAt: seconds(5) })).toBe(true);
    const other = await secondProcess(db);
    expect(await findCheckpoint(other, 'chk_a1')).toMatchObject({ decisionId: 'dec_1', decisionAction: 'edit', decisionData: { hypotheses: [] }, decidedAt: seconds(5) });
    // `_` is a literal underscore, not any character: chkxa9 does not start with chk_a.
    expect((await checkpointIdsStartingWith(db, 'chk_a', 10)).sort()).toEqual(['CHK_A3', 'chk_a1', 'chk_a2']);
    expect((await checkpointIdsStartingWith(db, 'chk_a', 10))[2]).toBe('chk_a1');
    expect(await checkpointIdsStartingWith(db, '%', 10)).toEqual([]);
  });

  it('lists checkpoints by page and leaves out archived and trashed projects where asked', async () => {
    const db = await openTestStore('cosci-work-');
    await addProject(db, 'res_live');
    await addProject(db, 'res_archived');
    await updateProjectState(db, 'res_archived', { settings: { archivedAt: seconds(9) } }, seconds(9));
    for (let i = 0; i < 5; i += 1) await addCheckpoint(db, 'res_live', `chk_l${i}`, seconds(i));
    await addCheckpoint(db, 'res_archived', 'chk_x', seconds(2));
    await addProject(db, 'res_trashed');
    await addCheckpoint(db, 'res_trashed', 'chk_t', seconds(1));
    expect(await markTrashed(db, 'res_trashed', seconds(9), seconds(99))).toBe(true);
    const first = await listCheckpoints(db, { status: 'pending', limit: 3, excludeArchived: true });
    expect(first.map((c) => c.id)).toEqual(['chk_l0', 'chk_l1', 'chk_l2']);
    const last = first[first.length - 1]!;
    const rest = await listCheckpoints(db, { status: 'pending', limit: 3, excludeArchived: true, afterCreated: last.createdAt, afterId: last.id });
    expect(rest.map((c) => c.id)).toEqual(['chk_l3', 'chk_l4']);
    expect((await listCheckpoints(db, { limit: 10 })).map((c) => c.id)).toEqual(['chk_l0', 'chk_l1', 'chk_l2', 'chk_x', 'chk_l3', 'chk_l4']);
    expect(await countArchivedCheckpoints(db, 'pending')).toBe(1);
    expect(await countArchivedCheckpoints(db, undefined)).toBe(1);
    expect(await countPendingCheckpoints(db)).toBe(5);
    expect((await pendingCheckpointsEverywhere(db, 2)).map((c) => [c.id, c.projectId, c.goal])).toEqual([
      ['chk_l0', 'res_live', 'Goal of res_live'],
      ['chk_l1', 'res_live', 'Goal of res_live'],
    ]);
    expect(await loadProjectSettings(db, 'res_archived')).toEqual({ settings: { archivedAt: seconds(9) }, hypothesisBudget: 5 });
    expect(await loadProjectSettings(db, 'res_trashed')).toBeUndefined();
    expect(await findProject(db, 'res_trashed')).toBeUndefined();
  });

  it('reads tasks, checkpoints and events as one stream in time order, a page at a time, events in numeric order', async () => {
    const db = await openTestStore('cosci-work-');
    await addProject(db, 'res_1');
    const subjectUri = 'research://projects/res_1';
    // Twelve events in one second: ids 9, 10, 11 must come in numeric order, not text order.
    for (let i = 0; i < 12; i += 1) await appendEvent(db, { at: seconds(1), clientId: 'c', kind: 'hypothesis.created', subjectUri, data: { n: i } });
    await appendEvent(db, { at: seconds(2), clientId: 'c', kind: 'project.updated', subjectUri, data: { origin: 'human' } });
    await appendEvent(db, { at: seconds(2), clientId: 'c', kind: 'project.updated', subjectUri, data: { origin: 'reasoner' } });
    await appendEvent(db, { at: seconds(1), clientId: 'c', kind: 'hypothesis.created', subjectUri: 'research://projects/other', data: {} });
    await insertTask(db, { id: 'tsk_1', projectId: 'res_1', kind: 'generate', payload: { goal: 'g' }, createdAt: seconds(0) });
    await completeTask(db, 'tsk_1', 'delegated:test', seconds(3));
    await addCheckpoint(db, 'res_1', 'chk_1', seconds(2));
    const query = { projectId: 'res_1', subjectUri, eventKinds: ['hypothesis.created'], humanKinds: ['project.updated'], limit: 5 };
    const seen: TimelineRow[] = [];
    let after: TimelineRow | undefined;
    for (;;) {
      const page = await timelinePage(db, { ...query, after });
      seen.push(...page);
      if (page.length < query.limit) break;
      after = page[page.length - 1];
    }
    expect(seen.map((r) => [r.source, r.at])).toEqual([
      ['task', seconds(0)],
      ...Array.from({ length: 12 }, () => ['event', seconds(1)]),
      ['checkpoint', seconds(2)],
      ['event', seconds(2)],
    ]);
    expect(seen.slice(1, 13).map((r) => (r.data as { n: number }).n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(seen[0]).toMatchObject({ ref: 'tsk_1', kind: 'generate', status: 'done', by: 'delegated:test', finishedAt: seconds(3), action: null, data: { goal: 'g' } });
    expect(seen[1]!.ref).toMatch(/^\d{12}$/);
    expect(seen[13]).toMatchObject({ ref: 'chk_1', status: 'pending', by: null, data: {} });
    expect(seen[14]).toMatchObject({ kind: 'project.updated', by: 'c', data: { origin: 'human' } });
  });

  it('appends events with rising ids that another process reads after its own position, and the probe moves when it writes', async () => {
    const db = await openTestStore('cosci-work-');
    const other = await secondProcess(db);
    expect(await latestEventId(db)).toBe(0);
    const first = await appendEvent(db, { at: AT, clientId: 'a', kind: 'project.created', subjectUri: 'research://projects/x', data: { a: 1 } });
    const before = await dataVersion(db);
    const second = await appendEvent(other, { at: AT, clientId: 'b', kind: 'project.updated', subjectUri: 'research://projects/x', data: {} });
    expect(second).toBeGreaterThan(first);
    expect(await latestEventId(db)).toBe(second);
    expect(await eventsAfter(db, first, 10)).toEqual([{ id: second, at: AT, clientId: 'b', kind: 'project.updated', subjectUri: 'research://projects/x', data: {} }]);
    // SQLite's data_version moves for another connection's commit only; here both are one handle.
    // On PostgreSQL the probe moves when the commit's NOTIFY reaches this pool's listener, which is
    // asynchronous (changeSignal.ts): wait for it, as the change feed does, instead of racing it.
    if (other !== db) await vi.waitFor(async () => expect(await dataVersion(db)).not.toBe(before), { timeout: 5_000 });
  });

  it.skipIf(testEngine() !== 'postgres')('a handle that will tail changes listens from its opening, beside the migration; others listen only when asked', async () => {
    const db = await openTestStore('cosci-work-');
    const url = testStoreUrl(db) as string;
    const listeners = async (): Promise<number> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, [`LISTEN ${CHANGE_CHANNEL}`]);
        return result.rows[0]?.n ?? 0;
      } finally {
        await client.end();
      }
    };
    const plain = await secondProcess(db);
    const watching = await secondProcess(db, { watchChanges: true });
    // No data version read yet: the watching handle's listener is up all the same, and only its.
    await vi.waitFor(async () => expect(await listeners()).toBe(1), { timeout: 5_000 });
    // Its first version read uses that connection; the plain handle connects its own when asked.
    await dataVersion(watching);
    expect(await listeners()).toBe(1);
    await dataVersion(plain);
    expect(await listeners()).toBe(2);
  });

  it('pages projects newest first with a total, and keeps the state columns a patch writes', async () => {
    const db = await openTestStore('cosci-work-');
    for (let i = 0; i < 5; i += 1) await addProject(db, `res_${i}`, seconds(i % 3));
    await updateProjectState(db, 'res_4', { status: 'paused', domainInferred: false, metaReview: null, plan: { steps: 2 }, iteration: 3 }, seconds(10));
    const page = await listProjects(db, { limit: 2 });
    expect(page.total).toBe(5);
    expect(page.projects.map((p) => p.id)).toEqual(['res_2', 'res_4']);
    const next = await listProjects(db, { limit: 10, after: page.next! });
    expect(next).toMatchObject({ total: 5, next: null });
    expect(next.projects.map((p) => p.id)).toEqual(['res_1', 'res_3', 'res_0']);
    expect((await listProjects(db, { status: 'paused', limit: 10 })).projects.map((p) => p.id)).toEqual(['res_4']);
    expect(await findProject(db, 'res_4')).toMatchObject({ status: 'paused', domainInferred: false, updatedAt: seconds(10) });
    expect((await findProjectWithCounts(db, 'res_4'))?.state).toMatchObject({ plan: { steps: 2 }, iteration: 3, metaReview: null });
  });

  it('shows each project with its pending count and latest reasoner, open work and decisions newest first', async () => {
    const db = await openTestStore('cosci-work-');
    await addProject(db, 'res_a', seconds(0));
    await addProject(db, 'res_b', seconds(1));
    await insertTask(db, { id: 'tsk_1', projectId: 'res_a', kind: 'generate', payload: {}, createdAt: AT });
    await insertTask(db, { id: 'tsk_2', projectId: 'res_a', kind: 'meta_review', payload: {}, createdAt: AT });
    await insertTask(db, { id: 'tsk_3', projectId: 'res_a', kind: 'meta_review', payload: {}, createdAt: AT });
    await completeTask(db, 'tsk_2', 'provider:old', seconds(5));
    await completeTask(db, 'tsk_3', 'provider:new', seconds(6));
    await addCheckpoint(db, 'res_a', 'chk_1', seconds(1));
    await addCheckpoint(db, 'res_a', 'chk_2', seconds(2), 'safety_review');
    await insertCheckpoint(db, { id: 'chk_3', projectId: 'res_a', kind: 'safety_review', payload: { hypothesis_id: 'hyp_9' }, iteration: 1, createdAt: seconds(3) });
    await recordDecision(db, { checkpointId: 'chk_1', decisionId: 'dec_1', action: 'edit', data: { hypotheses: [{ id: 'hyp_1', summary: 'New' }, { id: 'hyp_2' }] }, note: null, decidedBy: 'desktop', decidedAt: seconds(7) });
    await recordDecision(db, { checkpointId: 'chk_3', decisionId: 'dec_3', action: 'edit', data: null, note: null, decidedBy: 'desktop', decidedAt: seconds(8) });
    await withdrawCheckpoint(db, { checkpointId: 'chk_2', reason: 'changed', by: 'engine', at: seconds(9) });
    expect(await projectFlags(db, 10)).toEqual([
      { id: 'res_b', archivedAt: null, pendingCheckpoints: 0, lastReasoner: null },
      { id: 'res_a', archivedAt: null, pendingCheckpoints: 0, lastReasoner: 'provider:new' },
    ]);
    expect(await openWorkByProject(db)).toEqual([{ projectId: 'res_a', kind: 'generate', count: 1 }]);
    const decisions = await decisionsNewestFirst(db, { limit: 1 });
    expect(decisions.map((d) => d.id)).toEqual(['chk_3']);
    expect((await decisionsNewestFirst(db, { limit: 5, before: { decidedAt: decisions[0]!.decidedAt, id: 'chk_3' } })).map((d) => [d.id, d.goal, d.data])).toEqual([
      ['chk_1', 'Goal of res_a', { hypotheses: [{ id: 'hyp_1', summary: 'New' }, { id: 'hyp_2' }] }],
    ]);
    expect([...(await hypothesesEditedByScientist(db, 'res_a'))].sort()).toEqual(['hyp_1', 'hyp_9']);
    expect(await latestMetaReviewReasoner(db, 'res_a')).toBe('provider:new');
  });

  it('keeps usage, policies, providers and background workers', async () => {
    const db = await openTestStore('cosci-work-');
    await addProject(db, 'res_1');
    const usage = { projectId: 'res_1', taskId: null, reasoner: 'provider:p', model: 'm', outcome: 'submitted' as const, error: null, at: AT };
    await insertUsage(db, { ...usage, role: 'generation', inputTokens: 100, outputTokens: 10, costUsd: 0.25 });
    await insertUsage(db, { ...usage, role: 'generation', inputTokens: 50, outputTokens: 5, costUsd: null });
    await insertUsage(db, { ...usage, role: 'review', model: 'n', inputTokens: 7, outputTokens: 3, costUsd: null });
    await insertUsage(db, { ...usage, role: 'judging', reasoner: 'sampling', model: 'a', inputTokens: 1, outputTokens: 1, costUsd: 0.5 });
    const roles = [
      { role: 'generation', calls: 2, inputTokens: 150, outputTokens: 15, costUsd: 0.25 },
      { role: 'judging', calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0.5 },
      { role: 'review', calls: 1, inputTokens: 7, outputTokens: 3, costUsd: null },
    ];
    // Totals, roles in role order and reasoners most used first (ties by reasoner, then model), in one read.
    expect(await usageSummary(db, 'res_1')).toEqual({
      totals: { calls: 4, inputTokens: 158, outputTokens: 19, costUsd: 0.75 },
      byRole: roles,
      byReasoner: [{ reasoner: 'provider:p', model: 'm', calls: 2 }, { reasoner: 'provider:p', model: 'n', calls: 1 }, { reasoner: 'sampling', model: 'a', calls: 1 }],
    });
    expect(await usageTotals(db, 'res_1')).toEqual({ calls: 4, inputTokens: 158, outputTokens: 19, costUsd: 0.75 });
    expect(await usageTotals(db, 'res_none')).toEqual({ calls: 0, inputTokens: 0, outputTokens: 0, costUsd: null });
    expect(await usageSummary(db, 'res_none')).toEqual({ totals: { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: null }, byRole: [], byReasoner: [] });

    const policy = { clientId: 'cursor', scopes: ['research:read'], ratePerMinute: 30, burst: 5, mayDecideCheckpoints: true, updatedAt: AT, updatedBy: 'desktop' };
    await upsertPolicy(db, policy);
    await upsertPolicy(db, { ...policy, clientId: 'claude', mayDecideCheckpoints: false });
    await upsertPolicy(db, { ...policy, burst: 9 });
    expect(await findPolicy(db, 'cursor')).toEqual({ ...policy, burst: 9 });
    expect((await allPolicies(db)).map((p) => [p.clientId, p.mayDecideCheckpoints])).toEqual([['claude', false], ['cursor', true]]);

    const provider = { kind: 'openai' as const, baseUrl: 'http://localhost', models: { generation: 'g' }, concurrency: 2, timeoutMs: 1000, maxRetries: 1, prices: {}, enabled: true, updatedAt: AT };
    await upsertProviderSettings(db, { ...provider, name: 'zeta' });
    await upsertProviderSettings(db, { ...provider, name: 'alpha' });
    await upsertProviderSettings(db, { ...provider, name: 'zeta', enabled: false, concurrency: 4 });
    expect((await listProviderSettings(db)).map((p) => [p.name, p.position, p.enabled, p.concurrency])).toEqual([['zeta', 0, false, 4], ['alpha', 1, true, 2]]);
    expect(await deleteProviderSettings(db, 'zeta')).toBe(true);
    await upsertProviderSettings(db, { ...provider, name: 'beta' });
    expect((await listProviderSettings(db)).map((p) => [p.name, p.position])).toEqual([['alpha', 1], ['beta', 2]]);

    await upsertBackgroundWorker(db, { workerId: 'w1', clientId: 'desktop', providers: ['alpha'], startedAt: AT, heartbeatAt: seconds(1) });
    await upsertBackgroundWorker(db, { workerId: 'w1', clientId: 'desktop', providers: ['alpha', 'beta'], startedAt: seconds(5), heartbeatAt: seconds(30) });
    expect(await recentBackgroundWorkers(db, seconds(10))).toEqual([{ workerId: 'w1', clientId: 'desktop', providers: ['alpha', 'beta'], startedAt: AT, heartbeatAt: seconds(30) }]);
    expect(await recentBackgroundWorkers(db, seconds(31))).toEqual([]);

    // get_research_status reads both with the project, in its one statement (JSON tuples): the same answers as the reads alone.
    await upsertBackgroundWorker(db, { workerId: 'w2', clientId: 'cursor', providers: [], startedAt: seconds(2), heartbeatAt: seconds(20) });
    for (const since of [seconds(10), seconds(25), seconds(31)]) {
      const status = await findProjectStatusWithUsage(db, 'res_1', 1, since);
      expect(status?.project.id).toBe('res_1');
      expect(status?.usage).toEqual(await usageSummary(db, 'res_1'));
      expect(status?.recentWorkers).toEqual(await recentBackgroundWorkers(db, since));
    }
    expect((await findProjectStatusWithUsage(db, 'res_1', 1, seconds(10)))?.recentWorkers.map((worker) => worker.workerId)).toEqual(['w1', 'w2']);
    await addProject(db, 'res_none');
    expect((await findProjectStatusWithUsage(db, 'res_none', 1, AT))?.usage).toEqual(await usageSummary(db, 'res_none'));
    expect(await findProjectStatusWithUsage(db, 'res_gone', 1, AT)).toBeUndefined();
  });
});
