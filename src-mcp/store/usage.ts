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

const BY_ROLE = `SELECT role, COUNT(*) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, SUM(cost_usd) AS cost_usd
                   FROM reasoning_usage WHERE project_id = ? GROUP BY role ORDER BY role`;

export async function usageByRole(db: Db, projectId: string): Promise<RoleUsage[]> {
  const raws = await rows<RawTotals & { role: UsageRole }>(db, BY_ROLE, [projectId]);
  return raws.map((raw) => ({ role: raw.role, ...totalsOf(raw) }));
}

const TOTALS = `SELECT COUNT(*) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, SUM(cost_usd) AS cost_usd
                  FROM reasoning_usage WHERE project_id = ?`;

export async function usageTotals(db: Db, projectId: string): Promise<UsageTotals> {
  const raw = await row<RawTotals>(db, TOTALS, [projectId]);
  return totalsOf(raw ?? { calls: 0, input_tokens: null, output_tokens: null, cost_usd: null });
}

const BY_REASONER = `SELECT reasoner, model, COUNT(*) AS calls FROM reasoning_usage WHERE project_id = ?
                      GROUP BY reasoner, model ORDER BY calls DESC, reasoner, model`;

/** Which reasoners and models did a project's thinking, most used first. */
export async function usageByReasoner(db: Db, projectId: string): Promise<ReasonerUsage[]> {
  return rows<ReasonerUsage>(db, BY_REASONER, [projectId]);
}
