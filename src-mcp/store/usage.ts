// Reasoning usage (0004): one row per reasoner call, for budgets and the scientist's accounting;
// read back summed (0017's usage_totals).
import type { Db } from './database.js';
import { tuples } from './sql.js';
import { insertRows } from './bulkInsert.js';
import { compareCodeUnits } from '../../src-shared/codeUnitOrder.js';

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

// A project's usage_totals rows (migration 0017: the usage rows summed per project, role, reasoner
// and model by triggers, a handful per project however many calls it made), added up here into
// the totals, per role and per reasoner: one reading for the budget check and for the status,
// the same on both engines. Three groupings of those rows, a union and their sorts in the
// statement were a quarter of PostgreSQL's status statement (docs/benchmarks.md, *The status poll
// sums its usage in the server*); here they cost microseconds. The cost is kept in whole
// nano-dollars, exact in any order; with no priced call it reads null ("no price configured").
const GROUP_COLUMNS = 'role, reasoner, model, calls, input_tokens, output_tokens, priced_calls, cost_nanousd';
const groupsOf = (project: string): string => `SELECT ${GROUP_COLUMNS} FROM usage_totals WHERE project_id = ${project}`;

interface UsageGroup {
  role: UsageRole;
  reasoner: string;
  model: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  pricedCalls: number;
  costNanoUsd: number;
}

function totalsOf(groups: readonly UsageGroup[]): UsageTotals {
  let calls = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let pricedCalls = 0;
  let costNanoUsd = 0;
  for (const group of groups) {
    calls += group.calls;
    inputTokens += group.inputTokens;
    outputTokens += group.outputTokens;
    pricedCalls += group.pricedCalls;
    costNanoUsd += group.costNanoUsd;
  }
  return { calls, inputTokens, outputTokens, costUsd: pricedCalls > 0 ? costNanoUsd / 1e9 : null };
}

export interface UsageSummary {
  totals: UsageTotals;
  /** Per role, in role order. */
  byRole: RoleUsage[];
  /** Which reasoners and models did the thinking, most used first (ties by reasoner, then model). */
  byReasoner: ReasonerUsage[];
}

function summaryOf(groups: readonly UsageGroup[]): UsageSummary {
  const roles = [...new Set(groups.map((group) => group.role))].sort(compareCodeUnits);
  const reasoners = new Map<string, ReasonerUsage>();
  for (const group of groups) {
    const key = JSON.stringify([group.reasoner, group.model]);
    const entry = reasoners.get(key);
    if (entry === undefined) reasoners.set(key, { reasoner: group.reasoner, model: group.model, calls: group.calls });
    else entry.calls += group.calls;
  }
  return {
    totals: totalsOf(groups),
    byRole: roles.map((role) => ({ role, ...totalsOf(groups.filter((group) => group.role === role)) })),
    byReasoner: [...reasoners.values()].sort((a, b) => b.calls - a.calls || compareCodeUnits(a.reasoner, b.reasoner) || compareCodeUnits(a.model, b.model)),
  };
}

/** A usage_totals row as GROUP_COLUMNS lists them (a row's values, or a JSON tuple's). */
function groupOf([role, reasoner, model, calls, inputTokens, outputTokens, pricedCalls, costNanoUsd]: readonly unknown[]): UsageGroup {
  return {
    role: role as UsageRole,
    reasoner: reasoner as string,
    model: model as string,
    calls: calls as number,
    inputTokens: inputTokens as number,
    outputTokens: outputTokens as number,
    pricedCalls: pricedCalls as number,
    costNanoUsd: costNanoUsd as number,
  };
}

const GROUPS = groupsOf('?');

async function usageGroups(db: Db, projectId: string): Promise<UsageGroup[]> {
  return (await tuples<unknown[]>(db, GROUPS, [projectId])).map(groupOf);
}

export async function usageTotals(db: Db, projectId: string): Promise<UsageTotals> {
  return totalsOf(await usageGroups(db, projectId));
}

export async function usageSummary(db: Db, projectId: string): Promise<UsageSummary> {
  return summaryOf(await usageGroups(db, projectId));
}

/**
 * The groups for a statement that carries them as JSON tuples (Dialect.jsonTuplesOf; the status
 * poll's one statement, projectWithCounts.ts): its columns and the statement for a project id
 * (`of('projects.id')`), in no order (summaryOf sorts); usageSummaryOfTuples reads them back.
 */
export const USAGE_GROUP_TUPLES = { columns: GROUP_COLUMNS, of: groupsOf } as const;

/** The summary from the groups as JSON tuples, in USAGE_GROUP_TUPLES.columns' order. */
export function usageSummaryOfTuples(tuples: ReadonlyArray<readonly unknown[]>): UsageSummary {
  return summaryOf(tuples.map(groupOf));
}
