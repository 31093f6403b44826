// Reasoning usage (0004): one row per reasoner call, for budgets and the scientist's accounting;
// read back summed (0017's usage_totals).
import type { Db } from './database.js';
import { row, rows } from './sql.js';
import { insertRows } from './bulkInsert.js';

export type UsageRole = 'generation' | 'review' | 'judging';
export type UsageOutcome = 'submitted' | 'rejected' | 'failed';

export interface UsageRow {
  projectId: string;
  taskId: string | null;
  role: UsageRole;
  reasoner: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  outcome: UsageOutcome;
  error: string | null;
  at: string;
}

// One mapping for a single call and for many (bulkInsert.ts, as reviews.ts).
const INSERT_COLUMNS = ['project_id', 'task_id', 'role', 'reasoner', 'model', 'input_tokens', 'output_tokens', 'cost_usd', 'outcome', 'error', 'at'] as const;

function insertValues(u: UsageRow): unknown[] {
  return [u.projectId, u.taskId, u.role, u.reasoner, u.model, u.inputTokens, u.outputTokens, u.costUsd, u.outcome, u.error, u.at];
}

export async function insertUsage(db: Db, row: UsageRow): Promise<void> {
  await insertUsageRows(db, [row]);
}

/** Many calls in few statements (seeds, loads). */
export async function insertUsageRows(db: Db, usage: readonly UsageRow[]): Promise<void> {
  await insertRows(db, 'reasoning_usage', INSERT_COLUMNS, usage.map(insertValues));
}

export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Sum of the estimated costs; null when no call had a price. */
  costUsd: number | null;
}

export interface RoleUsage extends UsageTotals {
  role: UsageRole;
}

export interface ReasonerUsage {
  reasoner: string;
  model: string;
  calls: number;
}

interface RawTotals {
  calls: number;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
}

function totalsOf(raw: RawTotals): UsageTotals {
  return { calls: raw.calls, inputTokens: raw.input_tokens ?? 0, outputTokens: raw.output_tokens ?? 0, costUsd: raw.cost_usd };
}

// The sums of a group of usage_totals rows (migration 0017: the usage rows summed per project, role,
// reasoner and model by triggers, so a summary reads a handful of rows however many calls the
// project made), one definition read the same on both engines. The cost is kept in whole
// nano-dollars; with no priced call it reads NULL ("no price configured").
const SUMS = `COALESCE(SUM(calls), 0) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens,
  CASE WHEN SUM(priced_calls) > 0 THEN CAST(SUM(cost_nanousd) AS DOUBLE PRECISION) / 1000000000 END AS cost_usd`;

/** What the sums read for a project with no usage rows. */
const NO_USAGE: RawTotals = { calls: 0, input_tokens: null, output_tokens: null, cost_usd: null };

const TOTALS = `SELECT ${SUMS} FROM usage_totals WHERE project_id = ?`;

export async function usageTotals(db: Db, projectId: string): Promise<UsageTotals> {
  const raw = await row<RawTotals>(db, TOTALS, [projectId]);
  return totalsOf(raw ?? NO_USAGE);
}

export interface UsageSummary {
  totals: UsageTotals;
  /** Per role, in role order. */
  byRole: RoleUsage[];
  /** Which reasoners and models did the thinking, most used first. */
  byReasoner: ReasonerUsage[];
}

/**
 * The project's totals, per role and per reasoner in ONE statement (a status poll's round trips
 * on PostgreSQL: docs/benchmarks.md): three groupings of the same rows, told apart by `part` and
 * ordered within each as the view lists them. A role or reasoner column is NULL in the parts it
 * does not group by, so the NULL ordering the engines differ on never meets a non-NULL value.
 */
const SUMMARY_ORDER = 'part, role, calls DESC, reasoner, model';
const summaryOf = (project: string): string => `SELECT 0 AS part, CAST(NULL AS TEXT) AS role, CAST(NULL AS TEXT) AS reasoner, CAST(NULL AS TEXT) AS model, ${SUMS}
    FROM usage_totals WHERE project_id = ${project}
  UNION ALL
  SELECT 1, role, NULL, NULL, ${SUMS} FROM usage_totals WHERE project_id = ${project} GROUP BY role
  UNION ALL
  SELECT 2, NULL, reasoner, model, ${SUMS} FROM usage_totals WHERE project_id = ${project} GROUP BY reasoner, model
  ORDER BY ${SUMMARY_ORDER}`;
const SUMMARY = summaryOf('@projectId');

/**
 * The summary for a statement that carries its rows as JSON tuples (Dialect.jsonTuplesOf; the
 * status poll's one statement, projectWithCounts.ts): its columns in order, the statement for a
 * project id (`of('projects.id')`) and the order; usageSummaryOfTuples reads them back.
 */
export const USAGE_SUMMARY_TUPLES = {
  columns: 'part, role, reasoner, model, calls, input_tokens, output_tokens, cost_usd',
  of: summaryOf,
  order: SUMMARY_ORDER,
} as const;

type RawSummaryRow = RawTotals & { part: 0 | 1 | 2; role: UsageRole | null; reasoner: string | null; model: string | null };

function summaryOfRows(raws: readonly RawSummaryRow[]): UsageSummary {
  const total = raws.find((raw) => raw.part === 0);
  return {
    totals: totalsOf(total ?? NO_USAGE),
    byRole: raws.filter((raw) => raw.part === 1).map((raw) => ({ role: raw.role as UsageRole, ...totalsOf(raw) })),
    byReasoner: raws.filter((raw) => raw.part === 2).map((raw) => ({ reasoner: raw.reasoner as string, model: raw.model as string, calls: raw.calls })),
  };
}

/** The summary from its rows as JSON tuples, in USAGE_SUMMARY_TUPLES.columns' order. */
export function usageSummaryOfTuples(tuples: ReadonlyArray<readonly unknown[]>): UsageSummary {
  return summaryOfRows(
    tuples.map(([part, role, reasoner, model, calls, inputTokens, outputTokens, costUsd]) => ({
      part: part as RawSummaryRow['part'],
      role: role as UsageRole | null,
      reasoner: reasoner as string | null,
      model: model as string | null,
      calls: calls as number,
      input_tokens: inputTokens as number | null,
      output_tokens: outputTokens as number | null,
      cost_usd: costUsd as number | null,
    })),
  );
}

export async function usageSummary(db: Db, projectId: string): Promise<UsageSummary> {
  return summaryOfRows(await rows<RawSummaryRow>(db, SUMMARY, { projectId }));
}
