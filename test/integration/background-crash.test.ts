// A background run survives the death of the server process that runs it: the desktop's server is
// killed with provider calls in flight, another process is activated and picks the tasks up (the
// dead owner's leases are taken over at once), no task's result is applied twice, and every
// result applied has its audit row.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { verifyAuditChain } from '../../src-mcp/store/audit.js';
import { connectServer, killServer, tempDataDir, waitFor } from '../support/server.js';
import { callOk, configureProvider, startFakeProvider, summariesFromDb, waitForStatus } from '../support/fakeProviders.js';
import { serversAndFakesClosedAfterEach } from '../support/closedAfterEach.js';
import { handleOf } from '../../src-mcp/store/handle.js';

const { open, fakes } = serversAndFakesClosedAfterEach();

describe('background run across a crash', () => {
  it('is finished by another process; every task is applied exactly once and audited', async () => {
    const dataDir = tempDataDir();
    const fake = await startFakeProvider({ protocol: 'openai', latencyMs: 150, summaries: summariesFromDb(dataDir) });
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

    const db = new Database(path.join(dataDir, 'co-scientist.db'), { readonly: true });
    try {
      const done = db.prepare("SELECT id FROM tasks WHERE project_id = ? AND status = 'done'").pluck().all(researchId) as string[];
      // A result applied is recorded with its usage in one transaction: one submission per task, never two.
      const submissions = db.prepare("SELECT task_id, COUNT(*) AS n FROM reasoning_usage WHERE outcome = 'submitted' GROUP BY task_id").all() as Array<{ task_id: string; n: number }>;
      expect(submissions.every((row) => row.n === 1)).toBe(true);
      expect(new Set(submissions.map((row) => row.task_id))).toEqual(new Set(done));
      expect(db.prepare("SELECT COUNT(*) FROM tasks WHERE status IN ('queued', 'leased')").pluck().get()).toBe(0);
      // Work the killed process had taken was finished by the second one.
      const taken = fake.requests.filter((r) => r.item !== null).map((r) => r.item?.task_id);
      expect(new Set(taken).size).toBeLessThan(taken.length);
      const matches = db.prepare('SELECT COUNT(*) FROM (SELECT task_id, pair_id FROM matches GROUP BY task_id, pair_id HAVING COUNT(*) > 1)').pluck().get();
      expect(matches).toBe(0);
      // Every result applied, the killed process's included, has its audit row: the run's intent row
      // commits in the result's transaction (its final reasoner:provider row may have died with it).
      const unaudited = db
        .prepare(
          `SELECT u.task_id FROM reasoning_usage u WHERE u.outcome = 'submitted' AND NOT EXISTS (SELECT 1 FROM audit_log a
             WHERE a.action = 'reasoner-write:provider' AND json_extract(a.arguments, '$.task_id') = u.task_id)`,
        )
        .pluck()
        .all();
      expect(unaudited).toEqual([]);
      expect(await verifyAuditChain(handleOf(db))).toMatchObject({ ok: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 120_000);
});
