// Reasoning usage (0004): one row per reasoner call, for budgets and the scientist's accounting.
import type { Db } from './database.js';
import { execute, row, rows } from './sql.js';

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

const INSERT = `INSERT INTO reasoning_usage (project_id, task_id, role, reasoner, model, input_tokens, output_tokens, cost_usd, outcome, error, at)
                VALUES (@projectId, @taskId, @role, @reasoner, @model, @inputTokens, @outputTokens, @costUsd, @outcome, @error, @at)`;

export async function insertUsage(db: Db, row: UsageRow): Promise<void> {
  await execute(db, INSERT, { ...row });
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

// The sums of a group of usage rows, for each grouping below (one definition, read the same on both engines).
const SUMS = 'COUNT(*) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, SUM(cost_usd) AS cost_usd';

/** What the sums read for a project with no usage rows. */
const NO_USAGE: RawTotals = { calls: 0, input_tokens: null, output_tokens: null, cost_usd: null };

const TOTALS = `SELECT ${SUMS} FROM reasoning_usage WHERE project_id = ?`;

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
const SUMMARY = `SELECT 0 AS part, CAST(NULL AS TEXT) AS role, CAST(NULL AS TEXT) AS reasoner, CAST(NULL AS TEXT) AS model, ${SUMS}
    FROM reasoning_usage WHERE project_id = @projectId
  UNION ALL
  SELECT 1, role, NULL, NULL, ${SUMS} FROM reasoning_usage WHERE project_id = @projectId GROUP BY role
  UNION ALL
  SELECT 2, NULL, reasoner, model, ${SUMS} FROM reasoning_usage WHERE project_id = @projectId GROUP BY reasoner, model
  ORDER BY part, role, calls DESC, reasoner, model`;

type RawSummaryRow = RawTotals & { part: 0 | 1 | 2; role: UsageRole | null; reasoner: string | null; model: string | null };

export async function usageSummary(db: Db, projectId: string): Promise<UsageSummary> {
  const raws = await rows<RawSummaryRow>(db, SUMMARY, { projectId });
  const total = raws.find((raw) => raw.part === 0);
  return {
    totals: totalsOf(total ?? NO_USAGE),
    byRole: raws.filter((raw) => raw.part === 1).map((raw) => ({ role: raw.role as UsageRole, ...totalsOf(raw) })),
    byReasoner: raws.filter((raw) => raw.part === 2).map((raw) => ({ reasoner: raw.reasoner as string, model: raw.model as string, calls: raw.calls })),
  };
}
