// The host ⇄ renderer contract: one route table, routes named `domain.action`, each with a zod
// input and output. Both hosts (Electron preload, web host) serve exactly these routes; the
// renderer imports this file for its *types* only, so zod never enters the renderer bundle.
import { z } from 'zod';
import { CheckpointKindSchema, researchRoutes, type ArrivedCheckpoint } from './research.contract.js';
import { tournamentRoutes } from './tournament.contract.js';
import { auditRoutes } from './audit.contract.js';
import { providerRoutes } from './providers.js';
import { policyRoutes } from './assistantPolicies.js';
import { exportRoutes } from './resultExports.js';
import { knowledgeRoutes } from './knowledge.contract.js';

export * from './research.contract.js';
export * from './tournament.contract.js';
export * from './audit.contract.js';
export * from './knowledge.contract.js';
export type { AssistantPolicy, AssistantPolicies } from './assistantPolicies.js';
export type { ResultExport, ResultExportFormat } from './resultExports.js';
export type { ProjectReasoning, ProviderSettings, ProviderTest, ProviderView, ProvidersState } from './providers.js';

export const ProjectStatusSchema = z.enum(['initializing', 'active', 'paused', 'completed']);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

export const ProjectSummarySchema = z.object({
  id: z.string(),
  goal: z.string(),
  domain: z.string(),
  status: ProjectStatusSchema,
  progress: z.number(),
  hypothesis_count: z.number().int(),
  created_at: z.string(),
  last_updated: z.string(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const TopHypothesisSchema = z.object({
  id: z.string(),
  summary: z.string(),
  elo_score: z.number(),
  status: z.string(),
});

export const ResearchStatusSchema = z.object({
  research_id: z.string(),
  goal: z.string(),
  domain: z.string(),
  status: ProjectStatusSchema,
  progress: z.number(),
  hypothesis_count: z.number().int(),
  hypotheses_generated: z.number().int(),
  hypotheses_reviewed: z.number().int(),
  hypotheses_in_tournament: z.number().int(),
  top_hypothesis: TopHypothesisSchema.nullable(),
  /** Where the workflow stands and why it stopped: what the project view says happened and what the scientist can do. */
  stage: z.enum(['plan', 'generate', 'review', 'rank', 'evolve', 'report', 'done']),
  iteration: z.number().int(),
  matches: z.number().int(),
  stop_reason: z.string().nullable(),
  reasoning_calls_used: z.number().int(),
  reasoning_call_budget: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  last_update: z.string(),
  estimated_completion_minutes: z.number().int().nullable(),
});
export type ResearchStatus = z.infer<typeof ResearchStatusSchema>;

export const StartResearchInputSchema = z.object({
  goal: z.string(),
  domain: z.string().optional(),
  hypothesis_count: z.number().int().optional(),
  /** The scientist's own research plan (New research): the server checks each item's length. */
  objectives: z.array(z.string()).optional(),
  constraints: z.array(z.string()).optional(),
  preferences: z.array(z.string()).optional(),
  /** Checkpoint kinds the new project pauses at (the app passes the scientist's default policy). */
  pause_at: z.array(CheckpointKindSchema).optional(),
});

export const StartResearchResultSchema = z.object({
  research_id: z.string(),
  goal: z.string(),
  domain: z.string(),
  domain_inferred: z.boolean(),
  status: ProjectStatusSchema,
  hypothesis_count: z.number().int(),
  estimated_time_hours: z.number(),
  created_at: z.string(),
});
export type StartResearchResult = z.infer<typeof StartResearchResultSchema>;

/** Every assistant Co-Scientist can register with (src-main/host/registration/clients). */
export const AssistantIdSchema = z.enum([
  'claude-desktop',
  'claude-code',
  'cursor',
  'vscode',
  'vscode-insiders',
  'vscodium',
  'windsurf',
  'zed',
  'gemini-cli',
  'codex',
  'lm-studio',
  'cline',
  'continue',
  'goose',
]);
export type AssistantId = z.infer<typeof AssistantIdSchema>;

/**
 * `not_installed`: no app or binary found. `installed`: found, no Co-Scientist entry.
 * `registered`: our entry, as this app would write it. `needs_repair`: our entry (per the ledger)
 * but for another launch, e.g. after the app moved. `changed_by_user`: an entry named like ours
 * that we did not write or that was edited; never replaced without showing the diff and asking.
 */
export const RegistrationStateSchema = z.enum(['not_installed', 'installed', 'registered', 'needs_repair', 'changed_by_user']);
export type RegistrationState = z.infer<typeof RegistrationStateSchema>;

export const AssistantStateSchema = z.object({
  id: AssistantIdSchema,
  name: z.string(),
  /** Install variant, e.g. `msix` for Claude Desktop from the Store, or Cline's host editor (`cursor`). */
  variant: z.string(),
  config_path: z.string(),
  /** The assistant's app or binary was found on this machine. */
  installed: z.boolean(),
  /** What showed it is installed (an app bundle, a binary, an extension folder). */
  detected: z.string().nullable(),
  /** Our entry is present in its config file (state registered, needs_repair or changed_by_user). */
  registered: z.boolean(),
  state: RegistrationStateSchema,
  /** Present when the config file cannot be read or parsed: what is wrong with it. */
  problem: z.string().nullable(),
  /** What the scientist should do now, for this state (null when nothing). */
  next_step: z.string().nullable(),
});
export type AssistantState = z.infer<typeof AssistantStateSchema>;

/** Outcome of starting the registered command and completing an MCP `initialize` handshake with it. */
export const TestLaunchSchema = z.object({
  ok: z.boolean(),
  /** The command line that was run, for display (not for a shell). */
  command: z.string(),
  duration_ms: z.number(),
  server_name: z.string().nullable(),
  server_version: z.string().nullable(),
  protocol_version: z.string().nullable(),
  /** The data folder the started server opened (it must be the app's); null when it did not get that far. */
  data_dir: z.string().nullable(),
  /** Why it failed, in words a scientist can act on. */
  error: z.string().nullable(),
  /** The server's last stderr lines, when it failed. */
  stderr: z.string().nullable(),
});
export type TestLaunch = z.infer<typeof TestLaunchSchema>;

export const RegistrationOutcomeSchema = z.object({
  id: AssistantIdSchema,
  variant: z.string(),
  /** `created`: new file; `added`: entry added to an existing file; `updated`: our entry rewritten; `unchanged`: already correct. */
  action: z.enum(['created', 'added', 'updated', 'unchanged']),
  config_path: z.string(),
  backup_path: z.string().nullable(),
  next_step: z.string(),
  /** The registered command, started once to prove it works (null when not attempted). */
  test_launch: TestLaunchSchema.nullable(),
});
export type RegistrationOutcome = z.infer<typeof RegistrationOutcomeSchema>;

export const DisconnectOutcomeSchema = z.object({
  id: AssistantIdSchema,
  variant: z.string(),
  /** `removed`: our entry was taken out; `absent`: there was none, nothing was written. */
  action: z.enum(['removed', 'absent']),
  config_path: z.string(),
  backup_path: z.string().nullable(),
  next_step: z.string(),
});
export type DisconnectOutcome = z.infer<typeof DisconnectOutcomeSchema>;

const AssistantTargetInput = {
  id: AssistantIdSchema,
  /** Which install variant (from assistants.list); the one in use when omitted. */
  variant: z.string().optional(),
};

export const AppInfoSchema = z.object({
  version: z.string(),
  data_dir: z.string(),
  host: z.enum(['electron', 'web']),
  server: z.object({
    state: z.enum(['starting', 'ready', 'down']),
    protocol_version: z.string().nullable(),
    message: z.string().nullable(),
  }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

const EmptySchema = z.object({}).strict();

/** The route table: every call the renderer can make. */
export const routes = {
  'app.info': { input: EmptySchema, output: AppInfoSchema },
  'projects.list': {
    input: z.object({ status: ProjectStatusSchema.optional() }).strict(),
    output: z.object({ projects: z.array(ProjectSummarySchema), total: z.number().int() }),
  },
  'projects.status': {
    input: z.object({ research_id: z.string().min(1) }).strict(),
    output: ResearchStatusSchema,
  },
  'projects.start': { input: StartResearchInputSchema.strict(), output: StartResearchResultSchema },
  'assistants.list': { input: EmptySchema, output: z.object({ assistants: z.array(AssistantStateSchema) }) },
  'assistants.connect': {
    input: z
      .object({
        ...AssistantTargetInput,
        /** Replace our entry even though the scientist edited it (only after showing them the CONFLICT's diff). */
        force: z.boolean().optional(),
      })
      .strict(),
    output: RegistrationOutcomeSchema,
  },
  'assistants.disconnect': {
    input: z
      .object({
        ...AssistantTargetInput,
        /** Remove the entry even though it is not the one we wrote (only after showing the CONFLICT's diff). */
        force: z.boolean().optional(),
      })
      .strict(),
    output: DisconnectOutcomeSchema,
  },
  /** Rewrites our own entry for the current launch (after the app moved); never touches an entry the scientist changed. */
  'assistants.repair': { input: z.object(AssistantTargetInput).strict(), output: RegistrationOutcomeSchema },
  /** Starts the registered command and performs an MCP handshake with it. */
  'assistants.test': { input: z.object(AssistantTargetInput).strict(), output: TestLaunchSchema },
  ...knowledgeRoutes,
  ...researchRoutes,
  ...tournamentRoutes,
  ...auditRoutes,
  ...providerRoutes,
  ...policyRoutes,
  ...exportRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteInput<R extends RouteName> = z.input<Routes[R]['input']>;
export type RouteOutput<R extends RouteName> = z.output<Routes[R]['output']>;

/** Codes a scientist-facing message can be keyed on. */
export type ErrorCode =
  | 'INVALID_INPUT'
  | 'NOT_FOUND'
  | 'PERMISSION_DENIED'
  | 'CONFLICT'
  /** The client's rate limit refused the call; it may be retried later. */
  | 'RATE_LIMITED'
  /** The project is held for the scientist's safety review. */
  | 'SAFETY_BLOCKED'
  /** The project has used its reasoning budget; only the scientist can raise it. */
  | 'BUDGET_EXHAUSTED'
  | 'SERVER_UNAVAILABLE'
  | 'REGISTRATION_REFUSED'
  /** This host cannot do what was asked (e.g. a native folder picker in the web host). */
  | 'UNAVAILABLE'
  | 'UNKNOWN_ROUTE'
  | 'INTERNAL';

export interface RouteError {
  code: ErrorCode;
  message: string;
  /** Preformatted supporting text shown under the message, e.g. the diff behind a CONFLICT. */
  detail?: string;
}

/** Handlers never throw across the host boundary; they return one of these. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: RouteError };

/** Pushed from host to renderer when data may have changed or the server's state moved. */
export type HostEvent =
  | { kind: 'resources-list-changed' }
  | { kind: 'resource-updated'; uri: string }
  | { kind: 'server-state'; state: AppInfo['server']['state']; message: string | null }
  /** The pending checkpoints changed: how many wait now, and which appeared since the last count (for a notification). */
  | { kind: 'checkpoints-changed'; pending: number; arrived: ArrivedCheckpoint[] }
  /** The browser's own link to the web host (src-renderer/api/webClient.ts); no host sends it. */
  | ConnectionStateEvent;

/** connected; reconnecting (why, and when the next attempt is); unauthorised (a new address is needed). */
export interface ConnectionStateEvent {
  kind: 'connection-state';
  state: 'connected' | 'reconnecting' | 'unauthorised';
  message: string | null;
  /** When the next automatic attempt is made (epoch ms), while reconnecting. */
  retryAt: number | null;
  /** Failed attempts in a row. */
  attempts: number;
}

/** The one API object the renderer sees as `window.cosci` (preload in Electron, web client in a browser). */
export interface CosciApi {
  invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>;
  /** Returns a function that removes the listener. */
  onEvent(listener: (event: HostEvent) => void): () => void;
  /**
   * Electron only: where a file or folder dropped on the window lies on disk (null when it is not
   * on disk). A browser never reveals that, so the web host leaves this out.
   */
  pathForFile?(file: DroppedFile): string | null;
  /** Browser only: try the link to the web host again now instead of at the next automatic attempt. */
  reconnect?(): void;
}

/** A dropped File as the contract sees it (the host side has no DOM types). */
export interface DroppedFile {
  readonly name: string;
}
