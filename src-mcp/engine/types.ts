// Domain records of the research engine, as the engine (and exports, and prompts) see them.
import type {
  Citation,
  CheckpointKind,
  DecisionAction,
  EvolutionStrategy,
  GenerationMethod,
  MetaReviewResult,
  ResearchPlan,
  ReviewScores,
  ReviewType,
} from './schemas.js';
import type { MatchRow } from '../store/matches.js';
import type { ProjectRow } from '../store/projects.js';
import type { TaskRow } from '../store/tasks.js';
import type { HypothesisRecord } from '../../src-shared/schemas/hypotheses.js';

/**
 * A citation as stored: `verified` is true only when it resolves to a document this run actually
 * read. `venue` comes from that document (exports fill it in; models do not write it).
 */
export type CitationRecord = Citation & { verified: boolean; venue?: string };

export type WorkflowStage = 'plan' | 'generate' | 'review' | 'rank' | 'evolve' | 'report' | 'done';

export interface ProjectSettings {
  /** Checkpoint kinds that pause the workflow (safety_review always does). */
  pauseAt: CheckpointKind[];
  /** Clients (besides the desktop app) allowed to decide this project's checkpoints in chat; '*' = any whose policy allows. */
  chatDeciders: string[];
  /** Size of the top group the tournament certifies. */
  topK: number;
  /** Reasoning calls (work items completed) the project may use. */
  maxReasoningCalls: number;
  /** Generate → rank → evolve cycles before the final report. */
  maxIterations: number;
  /** Wall-clock limit for the whole project, in minutes. */
  maxWallClockMinutes: number;
  /** Seed for pairing, slot order and bootstrap: the same seed and match log give the same leaderboard. */
  seed: number;
  /** Stop comparing once at most this many top-k members are expected to change (engine/tournament/stopRule.ts); absent = DEFAULT_STOP_THRESHOLD, 0 = only when certified. */
  rankingStopThreshold?: number;
  /** When the scientist archived the project (hidden from the app's main list); absent when not archived. */
  archivedAt?: string;
  /** Who may do the thinking, in order of preference (architecture.md, *Reasoners*); absent = DEFAULT_REASONER_ORDER. */
  reasonerOrder?: ReasonerKind[];
  /** Input + output tokens providers may spend on the project; absent = no token limit. */
  maxTokens?: number;
  /** Estimated provider cost (USD, from the configured price table) the project may spend; absent = no limit. */
  maxCostUsd?: number;
}

/** provider: an LLM API configured in the app; sampling: the calling client's model; delegated: the calling assistant. */
export type ReasonerKind = 'provider' | 'sampling' | 'delegated';

export interface ResearchProject extends ProjectRow {
  plan: ResearchPlan;
  settings: ProjectSettings;
  stage: WorkflowStage;
  /** Research cycle (generate → review → rank → evolve), from 1. */
  iteration: number;
  /** Decisions applied so far: every decision advances it (or completes the workflow). */
  workflowStep: number;
  metaReview: MetaReviewResult | null;
  reasoningCallsUsed: number;
  stopReason: string | null;
}

/** A hypothesis as the engine handles it: the shared record, its citations and method typed, its interval paired. */
export interface Hypothesis extends HypothesisRecord {
  citations: CitationRecord[];
  method: GenerationMethod | EvolutionStrategy | 'human';
  ci95: [number, number] | null;
}

export interface AssumptionCheck {
  assumption: string;
  verdict: 'supported' | 'unsupported' | 'uncertain';
  evidence: string;
  fundamental: boolean;
}

export interface Review {
  id: string;
  hypothesisId: string;
  projectId: string;
  type: ReviewType;
  scores: ReviewScores;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  citations: CitationRecord[];
  assumptionChecks: AssumptionCheck[];
  fundamentalFlaw: boolean;
  narrative: string | null;
  /** Client that submitted it (or the reasoner that produced it). */
  reviewer: string;
  judge: 'model' | 'human';
  createdAt: string;
}

/** A match as the engine shows it: the stored row without the store's bookkeeping (task, pair, sequence). */
export type MatchRecord = Omit<MatchRow, 'taskId' | 'pairId' | 'seq'>;

export interface Checkpoint {
  id: string;
  projectId: string;
  kind: CheckpointKind;
  payload: Record<string, unknown>;
  iteration: number;
  /** withdrawn: closed by the workflow without a decision, because what it asked about changed. */
  status: 'pending' | 'decided' | 'withdrawn';
  createdAt: string;
  withdrawal: { reason: string; by: string; at: string } | null;
  decision: {
    id: string;
    action: DecisionAction;
    data: Record<string, unknown> | null;
    note: string | null;
    decidedBy: string;
    decidedAt: string;
  } | null;
}

export type TaskKind = 'generate' | 'review' | 'compare' | 'evolve' | 'meta_review';

/** A work item: the store's row, with its kind narrowed to the kinds the workflow creates. */
export type Task = Omit<TaskRow, 'kind'> & { kind: TaskKind };

export interface LeaderboardEntry {
  hypothesisId: string;
  rank: number;
  elo: number;
  btScore: number;
  ci95: [number, number];
  pTopK: number;
  matches: number;
  wins: number;
  certifiedTopK: boolean;
}
