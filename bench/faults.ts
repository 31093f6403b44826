// Fault injection: a server is killed with SIGKILL again and again in the middle of write bursts
// (research projects started and their plans approved, many requests in flight), and restarted
// on the same database. After every kill SQLite must report an intact file and every decision
// the server had acknowledged must be there; decisions in flight at the kill are retried with
// the same decision_id and must apply exactly once. Every committed effect of the assistant (a
// project, a decision) must have its audit row after every kill, since both commit in one
// transaction (mcp/audit/callAudit.ts CallAudit). At the end the audit hash chain must verify.
// Shared by the bench (≥ 100 kills) and test/integration/faults.test.ts (a few kills).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTailLoss, verifyAuditChain, type ChainVerdict } from '../src-mcp/store/audit.js';
import { findAnchorBreach } from '../src-mcp/store/auditAnchor.js';
import { startRawServer, type RawServer } from '../test/support/rawServer.js';
import type { BenchResult } from './result.js';
import { summarize } from './stats.js';
import { tempDataDir } from './server.js';
import { seededRandom } from '../test/support/seededRandom.js';
import { handleOf } from '../src-mcp/store/handle.js';

/** The assistant whose server is killed; the scientist allowed it to decide in chat. */
export const FAULT_CLIENT = 'fault-assistant';
const POLICY = {
  client_id: FAULT_CLIENT,
  scopes: ['research:write', 'hypotheses:generate', 'reviews:write', 'checkpoints:decide'],
  rate_per_minute: 10_000,
  burst: 1_000,
  may_decide_checkpoints: true,
};

export interface FaultCampaignOptions {
  dataDir: string;
  kills: number;
  seed: number;
  /** Start→approve chains in flight at once during a burst. */
  chains?: number;
  /** Acknowledged decisions per burst before the kill, drawn uniformly from this range. */
  killAfter?: readonly [number, number];
  log?: (line: string) => void;
}

export interface FaultCampaignReport {
  kills: number;
  acknowledgedProjects: number;
  acknowledgedDecisions: number;
  /** Decisions in flight at a kill, retried with their decision_id on the next server. */
  retried: { applied: number; alreadyApplied: number };
  /** Projects whose start_research was in flight at a kill and that committed anyway. */
  committedUnacknowledged: number;
  /** Acknowledged writes missing from the database, checked after every kill: must stay empty. */
  lost: string[];
  integrityChecks: number;
  integrityFailures: string[];
  chain: ChainVerdict;
  /** verify_audit_log as the desktop app sees it, at the end. */
  chainByTool: { ok: boolean; rows: number };
  /** Committed effects without their audit row, checked after every kill (a project without its start_research row, a decision without its decide row): must stay empty. */
  unaudited: string[];
  /** Effects checked for their audit row after each kill, summed over the kills. */
  auditedChecks: number;
  /** The audit head anchored outside the database reported missing after a kill (a false alarm): must stay empty. */
  anchorAlarms: string[];
  /** At the end, on copies of the data folder: suffixes of the audit log cut, and those the anchor did not reveal (must stay empty). */
  truncations: { checked: number; missed: string[] };
  /** Errors a tool call surfaced (besides the kill itself): must stay empty. */
  problems: string[];
  /** Spawn after a kill → first tool result on the recovered database, in ns. */
  recoveryNs: bigint[];
}

interface Inflight { checkpointId: string; decisionId: string }

export async function runFaultCampaign(options: FaultCampaignOptions): Promise<FaultCampaignReport> {
  const random = seededRandom(options.seed);
  const chains = options.chains ?? 8;
  const [lowKill, highKill] = options.killAfter ?? [1, 25];
  const report: FaultCampaignReport = {
    kills: 0, acknowledgedProjects: 0, acknowledgedDecisions: 0, retried: { applied: 0, alreadyApplied: 0 }, committedUnacknowledged: 0,
    lost: [], integrityChecks: 0, integrityFailures: [], chain: { ok: true, rows: 0 }, chainByTool: { ok: false, rows: 0 }, unaudited: [], auditedChecks: 0, anchorAlarms: [], truncations: { checked: 0, missed: [] }, problems: [], recoveryNs: [],
  };
  const ackedDecisions: Inflight[] = [];
  const ackedProjects: string[] = [];
  let inflightDecisions: Inflight[] = [];

  // The scientist grants the assistant its rights in the app (this also creates the database).
  const desktop = await startRawServer({ dataDir: options.dataDir, client: 'desktop', keepLines: false });
  await desktop.call('set_client_policy', POLICY);
  await desktop.close();

  for (let round = 0; round <= options.kills; round += 1) {
    const spawned = process.hrtime.bigint();
    const server = await startRawServer({ dataDir: options.dataDir, client: FAULT_CLIENT, keepLines: false });
    // Decisions that were in flight when the previous server died: the same decision_id applies once.
    for (const pending of inflightDecisions) {
      const result = await server.callTool('decide', { checkpoint_id: pending.checkpointId, action: 'approve', decision_id: pending.decisionId });
      if (result.isError === true) {
        report.problems.push(`retry of ${pending.decisionId} after kill ${round}: ${JSON.stringify(result.structuredContent)}`);
        continue;
      }
      if ((result.structuredContent as { applied: boolean }).applied) report.retried.applied += 1;
      else report.retried.alreadyApplied += 1;
      ackedDecisions.push(pending);
    }
    inflightDecisions = [];
    await server.call('list_checkpoints', { limit: 1 });
    if (round > 0) report.recoveryNs.push(process.hrtime.bigint() - spawned);
    if (round === options.kills) {
      // The last server is not killed: verify through the tools, then end the session cleanly.
      await server.close();
      break;
    }

    const killAt = lowKill + Math.floor(random() * (highKill - lowKill + 1));
    let ackedThisRound = 0;
    let killed = false;
    const kill = (): void => {
      if (killed) return;
      killed = true;
      void server.kill();
    };
    const chain = async (chainIndex: number): Promise<void> => {
      for (let n = 0; !killed; n += 1) {
        const tag = `r${round}c${chainIndex}n${n}`;
        const started = await attempt(server, 'start_research', { goal: `Fault campaign ${tag}: find biomarkers of early sepsis`, hypothesis_count: 1 }, report, () => killed);
        if (started === undefined) return;
        const researchId = started.research_id as string;
        ackedProjects.push(researchId);
        const listed = await attempt(server, 'list_checkpoints', { research_id: researchId }, report, () => killed);
        const checkpointId = (listed?.checkpoints as Array<{ checkpoint_id: string }> | undefined)?.[0]?.checkpoint_id;
        if (checkpointId === undefined || killed) return;
        const pending = { checkpointId, decisionId: `dec-${tag}` };
        inflightDecisions.push(pending);
        const decided = await attempt(server, 'decide', { checkpoint_id: checkpointId, action: 'approve', decision_id: pending.decisionId }, report, () => killed);
        if (decided === undefined) return;
        inflightDecisions = inflightDecisions.filter((p) => p !== pending);
        ackedDecisions.push(pending);
        ackedThisRound += 1;
        if (ackedThisRound >= killAt) kill();
      }
    };
    await Promise.all(Array.from({ length: chains }, (_, i) => chain(i)));
    kill();
    await server.exited;
    report.kills += 1;
    await checkDatabase(options.dataDir, ackedProjects, ackedDecisions, report);
    options.log?.(`kill ${report.kills}/${options.kills}: ${ackedDecisions.length} decisions acknowledged so far, ${inflightDecisions.length} in flight at the kill`);
  }

  report.acknowledgedProjects = ackedProjects.length;
  report.acknowledgedDecisions = ackedDecisions.length;
  const desktopAgain = await startRawServer({ dataDir: options.dataDir, client: 'desktop', keepLines: false });
  const verified = await desktopAgain.call('verify_audit_log', {});
  report.chainByTool = { ok: verified.ok === true, rows: Number(verified.rows) };
  await desktopAgain.close();
  const db = new Database(path.join(options.dataDir, 'co-scientist.db'), { readonly: true });
  try {
    report.chain = await verifyAuditChain(handleOf(db));
    const acked = new Set(ackedProjects);
    const ours = db.prepare("SELECT id FROM projects WHERE goal LIKE 'Fault campaign %'").pluck().all() as string[];
    report.committedUnacknowledged = ours.filter((id) => !acked.has(id)).length;
  } finally {
    db.close();
  }
  await checkTruncations(options.dataDir, report);
  return report;
}

/** Cuts suffixes of every size class from copies of the log (triggers dropped, as an attacker would) and checks each is reported. */
async function checkTruncations(dataDir: string, report: FaultCampaignReport): Promise<void> {
  const copyRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cosci-truncate-'));
  try {
    const source = new Database(path.join(dataDir, 'co-scientist.db'), { readonly: true });
    const rows = source.prepare('SELECT COUNT(*) FROM audit_log').pluck().get() as number;
    source.close();
    for (const cut of [...new Set([1, 2, 3, 10, Math.ceil(rows / 2), rows])].filter((n) => n >= 1 && n <= rows)) {
      const copy = path.join(copyRoot, `cut-${cut}`);
      fs.cpSync(dataDir, copy, { recursive: true });
      const db = new Database(path.join(copy, 'co-scientist.db'));
      try {
        db.exec('DROP TRIGGER audit_log_is_append_only_delete');
        const head = (): number => db.prepare('SELECT COALESCE(MAX(id), 0) FROM audit_log').pluck().get() as number;
        const before = head();
        db.prepare('DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id DESC LIMIT ?)').run(cut);
        const after = head();
        report.truncations.checked += 1;
        const loss = await findTailLoss(handleOf(db));
        if (loss === undefined || loss.from !== after + 1 || loss.to !== before) report.truncations.missed.push(`last ${cut} of ${rows} rows (${after + 1}–${before}): ${loss === undefined ? 'not reported' : `reported ${loss.from}–${loss.to}`}`);
      } finally {
        db.close();
      }
    }
  } finally {
    fs.rmSync(copyRoot, { recursive: true, force: true });
  }
}

/** A tool call during a burst: undefined once the server is (being) killed; any tool error is a problem. */
async function attempt(server: RawServer, name: string, args: Record<string, unknown>, report: FaultCampaignReport, killed: () => boolean): Promise<Record<string, unknown> | undefined> {
  if (killed()) return undefined;
  try {
    const result = await server.callTool(name, args, 30_000);
    if (result.isError === true) {
      report.problems.push(`${name} surfaced ${JSON.stringify(result.structuredContent).slice(0, 300)}`);
      return undefined;
    }
    // Answered, even if the kill has been ordered since: it is acknowledged and must survive.
    return result.structuredContent ?? {};
  } catch (error) {
    // Unanswered because the process died: expected for requests in flight at the kill.
    if (!killed()) report.problems.push(`${name}: ${(error as Error).message.slice(0, 300)}`);
    return undefined;
  }
}

/** After a kill, with no server running: the file is intact and every acknowledged write is in it. */
async function checkDatabase(dataDir: string, projects: readonly string[], decisions: readonly Inflight[], report: FaultCampaignReport): Promise<void> {
  // A read-write handle runs SQLite's crash recovery of the WAL, as the next server would.
  const db = new Database(path.join(dataDir, 'co-scientist.db'));
  try {
    report.integrityChecks += 1;
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') report.integrityFailures.push(`after kill ${report.kills}: ${String(integrity)}`);
    const project = db.prepare('SELECT 1 FROM projects WHERE id = ?').pluck();
    for (const id of projects) if (project.get(id) === undefined) report.lost.push(`project ${id} (after kill ${report.kills})`);
    const decision = db.prepare("SELECT decision_id FROM checkpoints WHERE id = ? AND status = 'decided'").pluck();
    for (const { checkpointId, decisionId } of decisions) {
      if (decision.get(checkpointId) !== decisionId) report.lost.push(`decision ${decisionId} on ${checkpointId} (after kill ${report.kills})`);
    }
    checkAudited(db, report);
    const breach = await findAnchorBreach(handleOf(db));
    if (breach !== undefined) report.anchorAlarms.push(`after kill ${report.kills}: anchor at row ${breach.anchor.id}, table ends at ${breach.tableHeadId}`);
  } finally {
    db.close();
  }
}

/**
 * Every effect the assistant committed, acknowledged or not, has its audit row: each project its
 * successful start_research row (target = the project), each decision its decide row (same decision_id).
 */
function checkAudited(db: Database.Database, report: FaultCampaignReport): void {
  const projects = db.prepare('SELECT id FROM projects WHERE created_by = ?').pluck().all(FAULT_CLIENT) as string[];
  const decisions = db.prepare('SELECT decision_id FROM checkpoints WHERE decided_by = ?').pluck().all(FAULT_CLIENT) as string[];
  const unaudited = [
    ...(db
      .prepare(
        `SELECT 'project ' || p.id FROM projects p WHERE p.created_by = @client AND NOT EXISTS (SELECT 1 FROM audit_log a
           WHERE a.client_id = @client AND a.action = 'tool:start_research' AND a.outcome = 'success' AND a.target = 'research://projects/' || p.id)`,
      )
      .pluck()
      .all({ client: FAULT_CLIENT }) as string[]),
    ...(db
      .prepare(
        `SELECT 'decision ' || c.decision_id FROM checkpoints c WHERE c.decided_by = @client AND NOT EXISTS (SELECT 1 FROM audit_log a
           WHERE a.client_id = @client AND a.action = 'tool:decide' AND a.outcome = 'success' AND json_extract(a.arguments, '$.decision_id') = c.decision_id)`,
      )
      .pluck()
      .all({ client: FAULT_CLIENT }) as string[]),
  ];
  report.auditedChecks += projects.length + decisions.length;
  for (const effect of unaudited) if (!report.unaudited.some((seen) => seen.startsWith(`${effect} `))) report.unaudited.push(`${effect} (after kill ${report.kills})`);
}

/** The bench: ≥ 100 kills; the row is the recovery time, the appendix the correctness counts. */
export async function benchFaults(options: { kills: number; seed?: number }): Promise<{ results: BenchResult[]; appendix: string }> {
  const dataDir = await tempDataDir('faults');
  try {
    const seed = options.seed ?? 20_261_122;
    const started = Date.now();
    const report = await runFaultCampaign({ dataDir: dataDir.dir, kills: options.kills, seed, log: (line) => process.stderr.write(`bench: ${line}\n`) });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const verdict = (ok: boolean): string => (ok ? 'ok' : '**FAILED**');
    const appendix = [
      `### Faults: kill -9 during write bursts (seed ${seed}, ${seconds} s)`,
      '',
      `- Kills: ${report.kills}; acknowledged: ${report.acknowledgedProjects} projects, ${report.acknowledgedDecisions} decisions.`,
      `- Lost acknowledged writes (checked after every kill): ${report.lost.length} — ${verdict(report.lost.length === 0)}.`,
      `- \`PRAGMA integrity_check\`: ${report.integrityChecks - report.integrityFailures.length}/${report.integrityChecks} ok — ${verdict(report.integrityFailures.length === 0)}.`,
      `- Decisions in flight at a kill, retried with the same decision_id: ${report.retried.applied} applied on retry, ${report.retried.alreadyApplied} had committed before the kill (applied once either way).`,
      `- Audit chain: ${report.chain.rows} rows, ${verdict(report.chain.ok)} (store); ${verdict(report.chainByTool.ok)} (verify_audit_log).`,
      `- Projects committed although their start_research was never answered: ${report.committedUnacknowledged}.`,
      `- Audit head anchored outside the database: ${report.anchorAlarms.length} false alarms after ${report.kills} kills; ${report.truncations.checked - report.truncations.missed.length} of ${report.truncations.checked} cut tails reported — ${verdict(report.anchorAlarms.length === 0 && report.truncations.missed.length === 0)}.`,
      `- Committed effects (projects, decisions) without their audit row, checked after every kill: ${report.unaudited.length} (${report.auditedChecks} checks) — ${verdict(report.unaudited.length === 0)}${report.unaudited.length === 0 ? '' : `, e.g. ${report.unaudited[0]}`}.`,
      `- Errors surfaced by tool calls: ${report.problems.length}${report.problems.length === 0 ? '' : ` — e.g. ${report.problems[0]}`}.`,
      '',
    ].join('\n');
    return {
      results: [
        {
          name: 'Recovery after kill -9',
          detail: `spawn → first tool result on the database a SIGKILLed server left (${report.kills} kills during write bursts; ${report.lost.length} acknowledged writes lost, ${report.unaudited.length} effects without an audit row)`,
          summary: summarize(report.recoveryNs),
          reported: ['p50', 'p95', 'p99', 'max'],
        },
      ],
      appendix,
    };
  } finally {
    await dataDir.dispose();
  }
}
