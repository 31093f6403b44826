// Faults: the server is killed with SIGKILL in the middle of write bursts, again and again, and
// restarted on the same database (bench/faults.ts runs the campaign; `npm run bench` does ≥ 100
// kills), on each engine: the folder's SQLite file, and on the PostgreSQL run the folder's
// database. After every kill the store is intact (integrity_check; amcheck) and every
// acknowledged decision is there; decisions in flight at a kill apply exactly once when retried;
// every committed project and decision has its audit row after every kill (they commit in one
// transaction); the audit chain verifies at the end.
import { describe, expect, it } from 'vitest';
import { runFaultCampaign } from '../../bench/faults.js';
import { tempDataDir } from '../support/server.js';
import { databaseUrlFor, testEngine } from '../support/testEngine.js';

const KILLS = Number(process.env.COSCI_FAULT_KILLS ?? 8);
const SEED = Number(process.env.COSCI_FAULT_SEED ?? 7);

describe(`kill -9 during write bursts on ${testEngine()} (${KILLS} kills, seed ${SEED})`, () => {
  it('keeps the database intact and every acknowledged decision, applies retried decisions once, audits every committed effect, and the chain verifies', async () => {
    const dataDir = tempDataDir('cosci-faults');
    const databaseUrl = await databaseUrlFor(dataDir);
    const report = await runFaultCampaign({ dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }), kills: KILLS, seed: SEED });
    process.stderr.write(
      `faults: ${report.kills} kills, ${report.acknowledgedProjects} projects and ${report.acknowledgedDecisions} decisions acknowledged, ` +
        `${report.retried.applied + report.retried.alreadyApplied} decisions retried after a kill (${report.retried.alreadyApplied} had committed), ` +
        `${report.committedUnacknowledged} unacknowledged projects committed, ${report.unaudited.length} of ${report.auditedChecks} effect checks without an audit row, chain of ${report.chain.rows} rows\n`,
    );
    expect(report.kills).toBe(KILLS);
    expect(report.problems).toEqual([]);
    expect(report.integrityFailures).toEqual([]);
    expect(report.integrityChecks).toBe(KILLS);
    expect(report.lost).toEqual([]);
    expect(report.unaudited).toEqual([]);
    expect(report.auditedChecks).toBeGreaterThan(0);
    expect(report.acknowledgedDecisions).toBeGreaterThanOrEqual(KILLS);
    expect(report.chain).toMatchObject({ ok: true });
    expect(report.chainByTool.ok).toBe(true);
    // The head anchored outside the database: never a false alarm after kill -9, every cut tail reported.
    expect(report.anchorAlarms).toEqual([]);
    expect(report.truncations.checked).toBeGreaterThanOrEqual(4);
    expect(report.truncations.missed).toEqual([]);
  }, Math.max(120_000, KILLS * 6_000));
});
