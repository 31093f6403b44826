// Research projects: a research goal becomes a project (docs/seed-mapping.md, seed 000 `start_research`).
// Pure domain logic over the store; no MCP, no I/O besides the database.
import { randomBytes } from 'node:crypto';
import { newId } from './recordIds.js';
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import {
  decodeProjectCursor,
  encodeProjectCursor,
  findProject,
  insertProject,
  listProjects,
  type ProjectRow,
  type ProjectStatus,
} from '../store/projects.js';
import { updateProjectState } from '../store/projectState.js';
import { StoreError } from '../store/errors.js';
import { DomainError } from './errors.js';
import { inferDomain } from './domainInference.js';
import { recordChange, type Actor } from './changes.js';
import { MAX_HYPOTHESIS_BUDGET, type ResearchPlan } from './schemas.js';

export { MAX_HYPOTHESIS_BUDGET };
import { advance } from './workflow/supervisor.js';
import type { Checkpoint, Hypothesis, ProjectSettings, ResearchProject } from './types.js';
import { defaultSettings, isStopThreshold, loadResearchStatus, loadResearchStatusWithUsage, projectNotFound, type LoadedStatus } from './projectRecord.js';
import type { UsageSummary } from '../store/usage.js';
import type { BackgroundWorkerRow } from '../store/backgroundWorkers.js';
import { toHypothesis } from './hypotheses.js';
import { toCheckpoint } from './workflow/checkpoints.js';
import type { HypothesisCounts } from '../store/projectCounts.js';
import { liveProjectCounts } from '../store/projectWithCounts.js';
import { averagePlayedElo, type LeaderboardLine } from '../store/hypotheses.js';

export const GOAL_MIN_CHARS = 10;
export const GOAL_MAX_CHARS = 2000;
export const DEFAULT_HYPOTHESIS_BUDGET = 20;
export const PROJECT_STATUSES: readonly ProjectStatus[] = ['initializing', 'active', 'paused', 'completed'];

export { projectUri, type Actor } from './changes.js';

export interface StartResearchInput {
  goal: string;
  domain?: string | undefined;
  hypothesisCount?: number | undefined;
  objectives?: string[] | undefined;
  constraints?: string[] | undefined;
  preferences?: string[] | undefined;
  /** Checkpoint kinds to pause at (default: all of them). */
  pauseAt?: ProjectSettings['pauseAt'] | undefined;
  /** Seed for pairing and bootstrap; random by default, fixed in tests and benchmarks. */
  seed?: number | undefined;
  /** The ranking stop rule's threshold (expected top-k members still to change); absent = the default. */
  rankingStopThreshold?: number | undefined;
}

export async function startResearch(db: Db, actor: Actor, input: StartResearchInput): Promise<ProjectRow> {
  const goal = normaliseGoal(input.goal);
  const explicitDomain = input.domain?.trim();
  const budget = input.hypothesisCount ?? DEFAULT_HYPOTHESIS_BUDGET;
  if (!Number.isInteger(budget) || budget < 1 || budget > MAX_HYPOTHESIS_BUDGET) {
    throw new DomainError(
      'invalid_input',
      `hypothesis_count must be a whole number from 1 to ${MAX_HYPOTHESIS_BUDGET} (got ${budget}). Omit it for the default of ${DEFAULT_HYPOTHESIS_BUDGET}.`,
      { field: 'hypothesis_count' },
    );
  }
  const at = actor.now().toISOString();
  const project: ProjectRow = {
    id: newId('res'),
    goal,
    domain: explicitDomain !== undefined && explicitDomain !== '' ? explicitDomain.toLowerCase() : inferDomain(goal),
    domainInferred: explicitDomain === undefined || explicitDomain === '',
    status: 'initializing',
    hypothesisBudget: budget,
    progress: 0,
    createdBy: actor.clientId,
    createdAt: at,
    updatedAt: at,
  };
  const plan: ResearchPlan = {
    goal,
    domain: project.domain,
    objectives: input.objectives !== undefined && input.objectives.length > 0 ? input.objectives : [goal],
    constraints: input.constraints ?? [],
    preferences: input.preferences ?? [],
    hypothesis_budget: budget,
  };
  const settings = defaultSettings(budget, input.seed ?? randomBytes(4).readUInt32LE(0));
  if (input.pauseAt !== undefined) settings.pauseAt = input.pauseAt;
  if (input.rankingStopThreshold !== undefined) {
    if (!isStopThreshold(input.rankingStopThreshold)) {
      throw new DomainError('invalid_input', `ranking_stop_threshold must be a number of hypotheses, 0 or more (got ${input.rankingStopThreshold}); 0 compares until the top-k is certified.`, { field: 'ranking_stop_threshold' });
    }
    settings.rankingStopThreshold = input.rankingStopThreshold;
  }
  // The project, its plan and its first checkpoint commit together with the change event:
  // a listener never sees one without the others.
  await writeTransaction(db, async () => {
    await insertProject(db, project);
    await updateProjectState(db, project.id, { plan, settings: settings as unknown as Record<string, unknown> }, at);
    await recordChange(db, actor, 'project.created', project.id);
    await advance(db, actor, project.id);
  });
  return await findProject(db, project.id) ?? project;
}

function normaliseGoal(raw: string): string {
  const goal = raw.replace(/\s+/g, ' ').trim();
  if (goal.length < GOAL_MIN_CHARS) {
    throw new DomainError(
      'invalid_input',
      `The research goal is too short (${goal.length} characters; at least ${GOAL_MIN_CHARS}). ` +
        'State the objective in a sentence, e.g. "Find novel therapeutic targets for liver fibrosis".',
      { field: 'goal' },
    );
  }
  if (goal.length > GOAL_MAX_CHARS) {
    throw new DomainError(
      'invalid_input',
      `The research goal is too long (${goal.length} characters; at most ${GOAL_MAX_CHARS}). ` +
        'Keep the goal to the objective; put background material in the knowledge base instead.',
      { field: 'goal' },
    );
  }
  return goal;
}

/** Rough wall-clock estimate shown to the scientist; calibrated on the reference example (30 hypotheses ≈ 2.5 h). */
export function estimatedHours(hypothesisBudget: number): number {
  return Math.round((0.5 + hypothesisBudget / 15) * 10) / 10;
}

/**
 * A live project's counters, with the not-found error of every project read: for a read that needs to know the
 * project exists and its counts (a list page's total), in one statement instead of two.
 */
export async function getProjectCounts(db: Db, id: string): Promise<HypothesisCounts> {
  const counts = await liveProjectCounts(db, id);
  if (counts === undefined) {
    throw projectNotFound(id);
  }
  return counts;
}

/**
 * A project's status: the project and its counts, each read in O(1) (no scans). `Top` is how its
 * best hypotheses are shown: whole (the project resource quotes their rationale) or as leaderboard
 * lines (get_research_status shows a summary and a rating).
 */
export interface ProjectStatusView<Top = Hypothesis> {
  project: ResearchProject;
  hypothesesGenerated: number;
  hypothesesReviewed: number;
  hypothesesInTournament: number;
  hypothesesRejected: number;
  /** Best first, as many as asked for. */
  topHypotheses: Top[];
  pendingCheckpoints: Checkpoint[];
  matches: number;
  estimatedCompletionMinutes: number | null;
}

/** The project resource's view: the status plus figures that cost a scan of the project. */
export interface ResearchStatusView extends ProjectStatusView {
  /** Mean Elo of the hypotheses that have played, or null before the first match. */
  averageElo: number | null;
}

/** `top`: how many of the best hypotheses to load, whole. */
export async function projectStatus(db: Db, id: string, top = 5): Promise<ProjectStatusView> {
  // Trigger-kept counters (migration 0005): counting by scan made a poll cost ~18 ms at 10,000
  // hypotheses and 100,000 matches, and loading every row ~0.5 s before that. Read with the
  // project, the best hypotheses and the open checkpoints in one statement: on PostgreSQL each
  // read is a round trip.
  const loaded = await loadResearchStatus(db, id, top);
  return { ...statusViewOf(loaded), topHypotheses: loaded.topHypotheses.map(toHypothesis) };
}

/** get_research_status's view: its best hypotheses as lines, with the project's reasoning usage and the background workers heard from since `workersSince` (ISO time), in the same one statement. */
export async function projectStatusWithUsage(
  db: Db,
  id: string,
  top: number,
  workersSince: string,
): Promise<ProjectStatusView<LeaderboardLine> & { usage: UsageSummary; recentWorkers: BackgroundWorkerRow[] }> {
  const loaded = await loadResearchStatusWithUsage(db, id, top, workersSince);
  return { ...statusViewOf(loaded), topHypotheses: loaded.topHypotheses, usage: loaded.usage, recentWorkers: loaded.recentWorkers };
}

/** Everything of a status but its best hypotheses, which each view shows its own way. */
function statusViewOf({ project, counts, pendingCheckpoints }: LoadedStatus<unknown>): Omit<ProjectStatusView, 'topHypotheses'> {
  const remaining = project.status === 'completed' ? 0 : estimatedHours(project.hypothesisBudget) * 60 * (1 - project.progress);
  return {
    project,
    hypothesesGenerated: counts.total,
    hypothesesReviewed: counts.reviewed,
    hypothesesInTournament: counts.inTournament,
    hypothesesRejected: counts.rejected,
    pendingCheckpoints: pendingCheckpoints.map(toCheckpoint),
    matches: counts.matches,
    estimatedCompletionMinutes: Math.round(remaining),
  };
}

export async function researchStatus(db: Db, id: string): Promise<ResearchStatusView> {
  return { ...await projectStatus(db, id), averageElo: await averagePlayedElo(db, id) };
}

export interface ListResearchInput {
  status?: ProjectStatus | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface ResearchPage {
  projects: ProjectRow[];
  total: number;
  nextCursor: string | null;
}

export async function listResearch(db: Db, input: ListResearchInput): Promise<ResearchPage> {
  let after;
  try {
    after = input.cursor === undefined ? undefined : decodeProjectCursor(input.cursor);
  } catch (error) {
    if (error instanceof StoreError) throw new DomainError('invalid_input', error.message, { field: 'cursor' });
    throw error;
  }
  const page = await listProjects(db, { status: input.status, limit: input.limit, after });
  return {
    projects: page.projects,
    total: page.total,
    nextCursor: page.next === null ? null : encodeProjectCursor(page.next),
  };
}
