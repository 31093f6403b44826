// The statements the polled reads send (issue 30, *Performance*): on PostgreSQL each statement is a
// round trip, and a poll's round trips, not their work, were its cost (docs/benchmarks.md,
// *PostgreSQL*). Counted at the driver (test/support/postgresStatements.ts): every statement any
// pooled connection sends while one call runs, BEGIN and COMMIT included. PostgreSQL only:
// SQLite's statements cost no round trip.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callTool, DETACHED_CALL } from '../../../../../src-mcp/mcp/toolkit.js';
import { getResearchStatusTool } from '../../../../../src-mcp/mcp/tools/assistant/research.js';
import { listHypothesesTool } from '../../../../../src-mcp/mcp/tools/assistant/hypotheses.js';
import { getLeaderboardTool } from '../../../../../src-mcp/mcp/tools/desktop/tournament.js';
import { resolvePolicy } from '../../../../../src-mcp/mcp/access/identity.js';
import { insertUsage } from '../../../../../src-mcp/store/usage.js';
import { projectCounts } from '../../../../../src-mcp/store/projectCounts.js';
import { flushReadAudit } from '../../../../../src-mcp/mcp/audit/readAudit.js';
import type { ServerContext } from '../../../../../src-mcp/mcp/context.js';
import type { ToolDefinition } from '../../../../../src-mcp/mcp/toolkit.js';
import { freshDb, startProject, type Driver } from '../../../../support/engineDriver.js';
import { toolContext } from '../../../../support/toolContext.js';
import { makeTempDir } from '../../../../support/tempDirs.js';
import { testEngine } from '../../../../support/storeEngine.js';
import { roundTripsDuring, type RoundTrips } from '../../../../support/postgresStatements.js';

describe.skipIf(testEngine() !== 'postgres')('statements per polled read on PostgreSQL', () => {
  let driver: Driver;
  let ctx: ServerContext;

  beforeAll(async () => {
    const db = await freshDb();
    driver = await startProject(db, { budget: 4 });
    // Hypotheses generated, reviewed and matched, a checkpoint pending: every part of the status and the board has rows.
    for (let step = 0; step < 20; step += 1) {
      const next = await driver.workUntilDecision();
      if (next.kind !== 'awaiting_decision') throw new Error(`the project ended (${next.kind}) before its tournament`);
      if ((await projectCounts(db, driver.projectId)).matches > 0) break;
      for (const checkpoint of next.checkpoints) await driver.approve(checkpoint);
    }
    expect((await projectCounts(db, driver.projectId)).matches).toBeGreaterThan(0);
    const usage = { projectId: driver.projectId, taskId: null, outcome: 'submitted' as const, error: null, at: new Date().toISOString() };
    await insertUsage(db, { ...usage, role: 'generation', reasoner: 'provider:p', model: 'm', inputTokens: 10, outputTokens: 2, costUsd: 0.01 });
    await insertUsage(db, { ...usage, role: 'review', reasoner: 'sampling', model: 'n', inputTokens: 5, outputTokens: 1, costUsd: null });
    ctx = await toolContext(db, { dataDir: makeTempDir('cosci-roundtrips-'), clientId: 'desktop', policy: () => resolvePolicy(db, 'desktop') });
  });

  // The read audit's batch is written after the answer (mcp/audit/readAudit.ts): written now, outside
  // the next call's count.
  afterEach(async () => flushReadAudit(ctx.db));

  /** `warm`: a call first, which opens the pooled connections the reads run on at once (a new connection's handshake is not a read's wait). */
  async function roundTripsOf(tool: ToolDefinition, args: Record<string, unknown>, warm = true): Promise<RoundTrips> {
    if (warm) {
      await callTool(tool, args, ctx, DETACHED_CALL);
      await flushReadAudit(ctx.db);
    }
    let failure: string | undefined;
    const trips = await roundTripsDuring(async () => {
      const result = await callTool(tool, args, ctx, DETACHED_CALL);
      if (result.isError === true) failure = JSON.stringify(result.content);
    });
    expect(failure).toBeUndefined();
    return trips;
  }

  async function sentBy(tool: ToolDefinition, args: Record<string, unknown>): Promise<string[]> {
    return (await roundTripsOf(tool, args, false)).sent;
  }

  it('get_research_status: the policy, then one statement of the project with its counts, top hypothesis, pending checkpoints, usage and background workers', async () => {
    const { sent, waits } = await roundTripsOf(getResearchStatusTool as unknown as ToolDefinition, { research_id: driver.projectId });
    expect(sent, sent.join('\n')).toHaveLength(2);
    expect(sent[0], sent.join('\n')).toMatch(/FROM client_policies/);
    // Two waits: a read of one statement waits for the access check instead of racing it (mcp/access/accessVerdict.ts).
    expect(waits, sent.join('\n')).toBe(2);
  });

  it('list_hypotheses: at once the policy, the project with its counts and the page', async () => {
    const { sent, waits } = await roundTripsOf(listHypothesesTool as unknown as ToolDefinition, { research_id: driver.projectId, limit: 50 });
    expect(sent, sent.join('\n')).toHaveLength(3);
    expect(waits, sent.join('\n')).toBe(1);
  });

  it('get_leaderboard: the policy, the settings and the page at once, with no read transaction once the header is cached', async () => {
    const args = { research_id: driver.projectId, limit: 50 };
    // The first page reads the header in one snapshot with the rows.
    const first = await sentBy(getLeaderboardTool as unknown as ToolDefinition, args);
    expect(first.some((text) => text.startsWith('BEGIN'))).toBe(true);
    const { sent, waits } = await roundTripsOf(getLeaderboardTool as unknown as ToolDefinition, args);
    expect(sent, sent.join('\n')).toHaveLength(3);
    expect(sent.some((text) => text.startsWith('BEGIN'))).toBe(false);
    // The policy, the settings and the page at once.
    expect(waits, sent.join('\n')).toBe(1);
  });
});
