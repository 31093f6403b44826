// Fault injection: a server is killed with SIGKILL again and again in the middle of write bursts
// (research projects started and their plans approved, many requests in flight), and restarted
// on the same database — the data folder's SQLite file, or a PostgreSQL database (databaseUrl).
// After every kill the engine must report an intact store (SQLite's integrity_check; on
// PostgreSQL amcheck's heap and B-tree checks) and every decision the server had acknowledged
// must be there; decisions in flight at the kill are retried with the same decision_id and must
// apply exactly once. Every committed effect of the assistant (a
// project, a decision) must have its audit row after every kill, since both commit in one
// transaction (mcp/audit/callAudit.ts CallAudit). At the end the audit hash chain must verify.
// Shared by the bench (≥ 100 kills) and test/integration/faults.test.ts (a few kills).
import Database from 'better-sqlite3';
import { findTailLoss, verifyAuditChain, type ChainVerdict } from '../src-mcp/store/audit.js';
import { findAnchorBreach } from '../src-mcp/store/auditAnchor.js';
import { PostgresPool } from '../src-mcp/store/postgres/pool.js';
import { execute, rows, scalar, scalars } from '../src-mcp/store/sql.js';
import { databasePath } from '../src-shared/node/dataDir.js';
import { DATABASE_URL_ENV } from '../src-shared/node/databaseUrl.js';
import { startRawServer, type RawServer } from '../test/support/rawServer.js';
import { ENGINE_NAMES, folderStore, type BenchEngine } from './engineStore.js';
import type { BenchResult } from './result.js';
import { summarize } from './stats.js';
import { tempDataDir } from './server.js';
import { seededRandom } from '../test/support/seededRandom.js';
import { engineOf, handleOf, type Db } from '../src-mcp/store/handle.js';

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
  /** The servers' data folder: their SQLite file, or on PostgreSQL their audit anchors for the database. */
  dataDir: string;
  /** A PostgreSQL database the servers use instead of the folder's SQLite file. */
  databaseUrl?: string;
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

  const start = (client: string): Promise<RawServer> =>
    startRawServer({ dataDir: options.dataDir, client, keepLines: false, ...(options.databaseUrl === undefined ? {} : { env: { [DATABASE_URL_ENV]: options.databaseUrl } }) });
  // The scientist grants the assistant its rights in the app (this also creates the database).
  const desktop = await start('desktop');
  await desktop.call('set_client_policy', POLICY);
  await desktop.close();

  for (let round = 0; round <= options.kills; round += 1) {
    const spawned = process.hrtime.bigint();
    const server = await start(FAULT_CLIENT);
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
    await checkStore(options, ackedProjects, ackedDecisions, report);
    options.log?.(`kill ${report.kills}/${options.kills}: ${ackedDecisions.length} decisions acknowledged so far, ${inflightDecisions.length} in flight at the kill`);
  }

  report.acknowledgedProjects = ackedProjects.length;
  report.acknowledgedDecisions = ackedDecisions.length;
  const desktopAgain = await start('desktop');
  const verified = await desktopAgain.call('verify_audit_log', {});
  report.chainByTool = { ok: verified.ok === true, rows: Number(verified.rows) };
  await desktopAgain.close();
  const store = openCampaignStore(options);
  try {
    report.chain = await verifyAuditChain(store.db);
    const acked = new Set(ackedProjects);
    const ours = await scalars<string>(store.db, "SELECT id FROM projects WHERE goal LIKE 'Fault campaign %'");
    report.committedUnacknowledged = ours.filter((id) => !acked.has(id)).length;
    // Last, since it cuts the campaign's own log: nothing reads it afterwards.
    await checkTruncations(store.db, report);
  } finally {
    await store.close();
  }
  return report;
}

/** The campaign's store as the next server would find it, for the checker alone (no server runs meanwhile). */
interface CampaignStore {
  db: Db;
  close(): Promise<void>;
}

function openCampaignStore(options: FaultCampaignOptions): CampaignStore {
  if (options.databaseUrl !== undefined) {
    // The pool's data folder is the servers' own: their anchor for this database is there.
    const pool = new PostgresPool(options.databaseUrl, options.dataDir);
    return { db: handleOf(pool), close: () => pool.close() };
  }
  // A read-write connection runs SQLite's crash recovery of the WAL, as the next server would.
  const connection = new Database(databasePath(options.dataDir));
  return { db: handleOf(connection), close: () => Promise.resolve(void connection.close()) };
}

/** What the engine itself finds wrong with the store after a crash; empty when it is intact. */
async function engineIntegrityProblems(store: CampaignStore): Promise<string[]> {
  if (engineOf(store.db) === 'sqlite') {
    const verdict = await scalars<string>(store.db, 'PRAGMA integrity_check');
    return verdict.length === 1 && verdict[0] === 'ok' ? [] : verdict;
  }
  // PostgreSQL's own checker (contrib amcheck, in Debian's server package): every table's heap and
  // every B-tree index, including the parent-child and heap-all-indexed checks.
  await execute(store.db, 'CREATE EXTENSION IF NOT EXISTS amcheck');
  const heap = await rows<{ relation: string; msg: string }>(
    store.db,
    `SELECT c.relname AS relation, v.msg FROM pg_class c, verify_heapam(c.oid) v
      WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace`,
  );
  const problems = heap.map((found) => `${found.relation}: ${found.msg}`);
  try {
    await execute(
      store.db,
      `SELECT bt_index_parent_check(c.oid, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
        WHERE am.amname = 'btree' AND c.relnamespace = current_schema()::regnamespace`,
    );
  } catch (error) {
    // amcheck raises on the first index it finds corrupt.
    problems.push((error as Error).message);
  }
  return problems;
}

/**
 * Cuts ever longer suffixes of the audit log (its append-only trigger dropped, as an attacker
 * would) and checks each cut is reported, from the first row gone to the anchored head. The cuts
 * grow on one store: the anchor still names the head of before the first cut.
 */
async function checkTruncations(db: Db, report: FaultCampaignReport): Promise<void> {
  const total = Number(await scalar<number>(db, 'SELECT COUNT(*) FROM audit_log'));
  const anchoredHead = Number(await scalar<number>(db, 'SELECT MAX(id) FROM audit_log'));
  await execute(db, { sqlite: 'DROP TRIGGER audit_log_is_append_only_delete', postgres: 'DROP TRIGGER audit_log_is_append_only_delete ON audit_log' });
  let cutSoFar = 0;
  for (const cut of [...new Set([1, 2, 3, 10, Math.ceil(total / 2), total])].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b)) {
    await execute(db, 'DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id DESC LIMIT ?)', [cut - cutSoFar]);
    cutSoFar = cut;
    const after = Number(await scalar<number>(db, 'SELECT COALESCE(MAX(id), 0) FROM audit_log'));
    report.truncations.checked += 1;
    const loss = await findTailLoss(db);
    if (loss === undefined || loss.from !== after + 1 || loss.to !== anchoredHead) report.truncations.missed.push(`last ${cut} of ${total} rows (${after + 1}–${anchoredHead}): ${loss === undefined ? 'not reported' : `reported ${loss.from}–${loss.to}`}`);
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

/** After a kill, with no server running: the store is intact and every acknowledged write is in it. */
async function checkStore(options: FaultCampaignOptions, projects: readonly string[], decisions: readonly Inflight[], report: FaultCampaignReport): Promise<void> {
  const store = openCampaignStore(options);
  try {
    report.integrityChecks += 1;
    const problems = await engineIntegrityProblems(store);
    if (problems.length > 0) report.integrityFailures.push(`after kill ${report.kills}: ${problems.slice(0, 5).join('; ')}`);
    const stored = new Set(await scalars<string>(store.db, 'SELECT id FROM projects WHERE created_by = ?', [FAULT_CLIENT]));
    for (const id of projects) if (!stored.has(id)) report.lost.push(`project ${id} (after kill ${report.kills})`);
    const decided = new Map(
      (await rows<{ id: string; decision_id: string }>(store.db, "SELECT id, decision_id FROM checkpoints WHERE status = 'decided' AND decided_by = ?", [FAULT_CLIENT])).map((each) => [each.id, each.decision_id]),
    );
    for (const { checkpointId, decisionId } of decisions) {
      if (decided.get(checkpointId) !== decisionId) report.lost.push(`decision ${decisionId} on ${checkpointId} (after kill ${report.kills})`);
    }
    await checkAudited(store.db, stored, [...decided.values()], report);
    const breach = await findAnchorBreach(store.db);
    if (breach !== undefined) report.anchorAlarms.push(`after kill ${report.kills}: anchor at row ${breach.anchor.id}, table ends at ${breach.tableHeadId}`);
  } finally {
    await store.close();
  }
}

/**
 * Every effect the assistant committed, acknowledged or not, has its audit row: each project its
 * successful start_research row (target = the project), each decision its decide row (same decision_id).
 */
async function checkAudited(db: Db, projects: ReadonlySet<string>, decisions: readonly string[], report: FaultCampaignReport): Promise<void> {
  const startedTargets = new Set(await scalars<string>(db, "SELECT target FROM audit_log WHERE client_id = ? AND action = 'tool:start_research' AND outcome = 'success'", [FAULT_CLIENT]));
  const decideArguments = await scalars<string>(db, "SELECT arguments FROM audit_log WHERE client_id = ? AND action = 'tool:decide' AND outcome = 'success'", [FAULT_CLIENT]);
  const decidedIds = new Set(decideArguments.map((text) => (JSON.parse(text) as { decision_id?: string }).decision_id));
  const unaudited = [
    ...[...projects].filter((id) => !startedTargets.has(`research://projects/${id}`)).map((id) => `project ${id}`),
    ...decisions.filter((id) => !decidedIds.has(id)).map((id) => `decision ${id}`),
  ];
  report.auditedChecks += projects.size + decisions.length;
  for (const effect of unaudited) if (!report.unaudited.some((seen) => seen.startsWith(`${effect} `))) report.unaudited.push(`${effect} (after kill ${report.kills})`);
}

/** The bench: ≥ 100 kills; the row is the recovery time, the appendix the correctness counts. */
export async function benchFaults(options: { kills: number; seed?: number; engine?: BenchEngine }): Promise<{ results: BenchResult[]; appendix: string }> {
  const engine = options.engine ?? 'sqlite';
  const dataDir = await tempDataDir('faults');
  const store = await folderStore(engine, dataDir.dir, 'faults');
  try {
    const seed = options.seed ?? 20_261_122;
    const started = Date.now();
    const databaseUrl = store.env[DATABASE_URL_ENV];
    const report = await runFaultCampaign({ dataDir: dataDir.dir, ...(databaseUrl === undefined ? {} : { databaseUrl }), kills: options.kills, seed, log: (line) => process.stderr.write(`bench: ${line}\n`) });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const verdict = (ok: boolean): string => (ok ? 'ok' : '**FAILED**');
    const appendix = [
      `### Faults on ${ENGINE_NAMES[engine]}: kill -9 during write bursts (seed ${seed}, ${seconds} s)`,
      '',
      `- Kills: ${report.kills}; acknowledged: ${report.acknowledgedProjects} projects, ${report.acknowledgedDecisions} decisions.`,
      `- Lost acknowledged writes (checked after every kill): ${report.lost.length} — ${verdict(report.lost.length === 0)}.`,
      `- ${engine === 'sqlite' ? '`PRAGMA integrity_check`' : "amcheck's `verify_heapam` and `bt_index_parent_check`"}: ${report.integrityChecks - report.integrityFailures.length}/${report.integrityChecks} ok — ${verdict(report.integrityFailures.length === 0)}.`,
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
          name: `Recovery after kill -9 (${ENGINE_NAMES[engine]})`,
          detail: `spawn → first tool result on the database a SIGKILLed server left (${report.kills} kills during write bursts; ${report.lost.length} acknowledged writes lost, ${report.unaudited.length} effects without an audit row)`,
          summary: summarize(report.recoveryNs),
          reported: ['p50', 'p95', 'p99', 'max'],
        },
      ],
      appendix,
    };
  } finally {
    await store.dispose();
    await dataDir.dispose();
  }
}
