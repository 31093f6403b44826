// One research project as the workflow sees it: the project row plus plan, settings, stage and
// counters, loaded and updated here (projects.ts starts, lists and reports on projects). One concept,
// three names by layer: tools take `research_id` (public, unchanged), the engine says `projectId`,
// the store's row has `id`.
import type { Db } from '../store/database.js';
import { loadProjectSettings, updateProjectState, type ProjectStatePatch, type ProjectStateRow } from '../store/projectState.js';
import type { ProjectRow } from '../store/projects.js';
import { findProjectStatusRecord, findProjectStatusWithUsage, findProjectWithCounts, type ProjectStatusRecord } from '../store/projectWithCounts.js';
import type { UsageSummary } from '../store/usage.js';
import type { BackgroundWorkerRow } from '../store/backgroundWorkers.js';
import type { HypothesisRow, LeaderboardLine } from '../store/hypotheses.js';
import type { CheckpointRow } from '../store/checkpoints.js';
import type { HypothesisCounts } from '../store/projectCounts.js';
import { notFound } from './errors.js';
import { ResearchPlanSchema, CHECKPOINT_KINDS, type CheckpointKind, type ResearchPlan } from './schemas.js';
import type { ProjectSettings, ReasonerKind, ResearchProject, WorkflowStage } from './types.js';

export const DEFAULT_PAUSE_AT: CheckpointKind[] = ['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report'];

export function defaultSettings(hypothesisBudget: number, seed: number): ProjectSettings {
  return {
    pauseAt: [...DEFAULT_PAUSE_AT],
    chatDeciders: ['*'],
    topK: Math.min(5, Math.max(1, Math.floor(hypothesisBudget / 2))),
    // Generation and reviews take a few calls per hypothesis; the tournament about 3n comparisons
    // in batches of five (see the tournament benchmark); evolution and meta-review a few more.
    maxReasoningCalls: 40 + hypothesisBudget * 4,
    maxIterations: 2,
    maxWallClockMinutes: 24 * 60,
    seed,
  };
}

export function normaliseSettings(raw: Record<string, unknown>, hypothesisBudget: number): ProjectSettings {
  const defaults = defaultSettings(hypothesisBudget, typeof raw.seed === 'number' ? raw.seed : 1);
  const pauseAt = Array.isArray(raw.pauseAt)
    ? raw.pauseAt.filter((kind): kind is CheckpointKind => (CHECKPOINT_KINDS as readonly string[]).includes(String(kind)))
    : defaults.pauseAt;
  return {
    pauseAt,
    chatDeciders: Array.isArray(raw.chatDeciders) ? raw.chatDeciders.map(String) : defaults.chatDeciders,
    topK: typeof raw.topK === 'number' ? raw.topK : defaults.topK,
    maxReasoningCalls: typeof raw.maxReasoningCalls === 'number' ? raw.maxReasoningCalls : defaults.maxReasoningCalls,
    maxIterations: typeof raw.maxIterations === 'number' ? raw.maxIterations : defaults.maxIterations,
    maxWallClockMinutes: typeof raw.maxWallClockMinutes === 'number' ? raw.maxWallClockMinutes : defaults.maxWallClockMinutes,
    seed: defaults.seed,
    // Kept through every settings rewrite (resume, a rejected report), or they would unarchive the project.
    ...(typeof raw.archivedAt === 'string' ? { archivedAt: raw.archivedAt } : {}),
    ...reasoningSettings(raw),
    ...(isStopThreshold(raw.rankingStopThreshold) ? { rankingStopThreshold: raw.rankingStopThreshold } : {}),
  };
}

/** A ranking stop threshold is a number of hypotheses: finite, 0 or more; anything else falls back to the default. */
export function isStopThreshold(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export const REASONER_KINDS: readonly ReasonerKind[] = ['provider', 'sampling', 'delegated'];
/**
 * Provider, then the calling assistant. Sampling is opt-in per project: it makes the assistant's
 * client show a model-approval prompt for every work item, which surprises a scientist who did not ask.
 */
export const DEFAULT_REASONER_ORDER: readonly ReasonerKind[] = ['provider', 'delegated'];

export function reasonerOrderOf(settings: ProjectSettings): readonly ReasonerKind[] {
  return settings.reasonerOrder ?? DEFAULT_REASONER_ORDER;
}

/** The reasoner choice and provider budgets, kept only when valid (a bad value falls back to the default). */
function reasoningSettings(raw: Record<string, unknown>): Pick<ProjectSettings, 'reasonerOrder' | 'maxTokens' | 'maxCostUsd'> {
  const order = Array.isArray(raw.reasonerOrder) ? raw.reasonerOrder.filter((kind): kind is ReasonerKind => REASONER_KINDS.includes(kind as ReasonerKind)) : [];
  const positive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
  return {
    ...(order.length > 0 ? { reasonerOrder: [...new Set(order)] } : {}),
    ...(positive(raw.maxTokens) ? { maxTokens: raw.maxTokens } : {}),
    ...(positive(raw.maxCostUsd) ? { maxCostUsd: raw.maxCostUsd } : {}),
  };
}

/**
 * A project's settings alone, with the same not-found error as loadResearch: for reads that need
 * only a setting (a leaderboard page's top-k) and should not parse and validate the whole plan.
 */
export async function loadResearchSettings(db: Db, projectId: string): Promise<ProjectSettings> {
  const stored = await loadProjectSettings(db, projectId);
  if (stored === undefined) throw projectNotFound(projectId);
  return normaliseSettings(stored.settings, stored.hypothesisBudget);
}

/** The one answer to a research id that names no live project (every engine read of a project gives it). */
export function projectNotFound(projectId: string): ReturnType<typeof notFound> {
  return notFound('Research project', projectId, 'Call list_research_projects to see the projects that exist.');
}

export async function loadResearch(db: Db, projectId: string): Promise<ResearchProject> {
  return (await loadResearchWithCounts(db, projectId)).project;
}

/**
 * The project and its counters, read in one statement (a round trip on PostgreSQL): the counters
 * are one row by primary key, so a caller that needs only the project pays next to nothing for them.
 */
export async function loadResearchWithCounts(db: Db, projectId: string): Promise<{ project: ResearchProject; counts: HypothesisCounts }> {
  const found = await findProjectWithCounts(db, projectId);
  if (found === undefined) {
    throw projectNotFound(projectId);
  }
  return { project: researchOf(found.project, found.state), counts: found.counts };
}

/** A status as loaded: `Top` is how its best hypotheses were read (whole rows, or lines for the poll). */
export interface LoadedStatus<Top = HypothesisRow> {
  project: ResearchProject;
  counts: HypothesisCounts;
  topHypotheses: Top[];
  pendingCheckpoints: CheckpointRow[];
}

/** The project, its counters, its `top` best hypotheses and its open checkpoints: a status, read in one statement. */
export async function loadResearchStatus(db: Db, projectId: string, top: number): Promise<LoadedStatus> {
  const found = await findProjectStatusRecord(db, projectId, top);
  if (found === undefined) throw projectNotFound(projectId);
  return loadedStatusOf(found);
}

/** The poll's status (its best hypotheses as leaderboard lines) with the project's reasoning usage and the background workers heard from since `workersSince`, still one statement. */
export async function loadResearchStatusWithUsage(
  db: Db,
  projectId: string,
  top: number,
  workersSince: string,
): Promise<LoadedStatus<LeaderboardLine> & { usage: UsageSummary; recentWorkers: BackgroundWorkerRow[] }> {
  const found = await findProjectStatusWithUsage(db, projectId, top, workersSince);
  if (found === undefined) throw projectNotFound(projectId);
  return { ...loadedStatusOf(found), usage: found.usage, recentWorkers: found.recentWorkers };
}

function loadedStatusOf<Top>(found: ProjectStatusRecord<Top>): LoadedStatus<Top> {
  return { project: researchOf(found.project, found.state), counts: found.counts, topHypotheses: found.topHypotheses, pendingCheckpoints: found.pendingCheckpoints };
}

function researchOf(row: ProjectRow, state: ProjectStateRow): ResearchProject {
  const parsedPlan = ResearchPlanSchema.safeParse(state.plan);
  const plan: ResearchPlan = parsedPlan.success
    ? parsedPlan.data
    : {
        // Projects created before the research engine existed have no stored plan yet.
        goal: row.goal,
        domain: row.domain,
        objectives: [row.goal],
        constraints: [],
        preferences: [],
        hypothesis_budget: row.hypothesisBudget,
      };
  return {
    ...row,
    plan,
    settings: normaliseSettings(state.settings, row.hypothesisBudget),
    stage: state.stage as WorkflowStage,
    iteration: state.iteration,
    workflowStep: state.workflowStep,
    metaReview: state.metaReview as ResearchProject['metaReview'],
    reasoningCallsUsed: state.reasoningCallsUsed,
    stopReason: state.stopReason,
  };
}

export async function updateResearch(db: Db, projectId: string, patch: ProjectStatePatch, now: Date): Promise<void> {
  await updateProjectState(db, projectId, patch, now.toISOString());
}
