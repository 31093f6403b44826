// A background run survives the death of the server process that runs it: the desktop's server is
// killed with provider calls in flight, another process is activated and picks the tasks up (the
// dead owner's leases are taken over at once), no task's result is applied twice, and every
// result applied has its audit row.
import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src-mcp/store/audit.js';
import { connectServer, killServer, tempDataDir, waitFor } from '../support/server.js';
import { callOk, configureProvider, startFakeProvider, waitForStatus } from '../support/fakeProviders.js';
import { serversAndFakesClosedAfterEach } from '../support/closedAfterEach.js';
import { inspectStore, storeSummaries } from '../support/storeInspector.js';
import { testEngine } from '../support/testEngine.js';

const { open, fakes } = serversAndFakesClosedAfterEach();

describe('background run across a crash', () => {
  it('is finished by another process; every task is applied exactly once and audited', async () => {
    const dataDir = tempDataDir();
    const fake = await startFakeProvider({ protocol: 'openai', latencyMs: 150, summaries: storeSummaries(dataDir) });
    fakes.push(fake);
    const first = await connectServer({ dataDir, client: 'desktop' });
    open.push(first);
    await configureProvider(first, { protocol: 'openai', url: fake.url, concurrency: 3 });
    const started = await callOk(first, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 6, pause_at: [] });
    const researchId = started.research_id as string;

    // Killed in the middle of the tournament, with calls in flight.
    await waitForStatus(first, researchId, (s) => (s.matches as number) > 0, 30_000, 'the tournament to start');
    await waitFor(() => fake.inFlight() > 0, 10_000, 'a provider call in flight');
    await killServer(first);

    const second = await connectServer({ dataDir, client: 'desktop' });
    open.push(second);
    await configureProvider(second, { protocol: 'openai', url: fake.url, concurrency: 3 });
    const status = await waitForStatus(second, researchId, (s) => s.status === 'completed' || s.status === 'paused', 60_000, 'the run to complete');
    expect(status.status).toBe('completed');

    await inspectStore(dataDir, async (store) => {
      const done = await store.scalars<string>("SELECT id FROM tasks WHERE project_id = ? AND status = 'done'", [researchId]);
      // A result applied is recorded with its usage in one transaction: one submission per task, never two.
      const submissions = await store.rows<{ task_id: string; n: number }>("SELECT task_id, COUNT(*) AS n FROM reasoning_usage WHERE outcome = 'submitted' GROUP BY task_id");
      expect(submissions.every((row) => row.n === 1)).toBe(true);
      expect(new Set(submissions.map((row) => row.task_id))).toEqual(new Set(done));
      expect(await store.scalar("SELECT COUNT(*) FROM tasks WHERE status IN ('queued', 'leased')")).toBe(0);
      // Work the killed process had taken was finished by the second one.
      const taken = fake.requests.filter((r) => r.item !== null).map((r) => r.item?.task_id);
      expect(new Set(taken).size).toBeLessThan(taken.length);
      const matches = await store.scalar('SELECT COUNT(*) FROM (SELECT task_id, pair_id FROM matches GROUP BY task_id, pair_id HAVING COUNT(*) > 1) AS doubled');
      expect(matches).toBe(0);
      // Every result applied, the killed process's included, has its audit row: the run's intent row
      // commits in the result's transaction (its final reasoner:provider row may have died with it).
      const unaudited = await store.scalars(
        `SELECT u.task_id FROM reasoning_usage u WHERE u.outcome = 'submitted' AND NOT EXISTS (SELECT 1 FROM audit_log a
           WHERE a.action = 'reasoner-write:provider' AND ${store.dialect.jsonText('a.arguments', 'task_id')} = u.task_id)`,
      );
      expect(unaudited).toEqual([]);
      expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true });
      // SQLite's check of its own file; PostgreSQL checks its pages itself.
      if (testEngine() === 'sqlite') expect(await store.scalar('PRAGMA integrity_check')).toBe('ok');
    });
  }, 120_000);
});
