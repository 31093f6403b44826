// The host ⇄ renderer contract: one route table, routes named `domain.action`, each with a zod
// input and output. Both hosts (Electron preload, web host) serve exactly these routes; the
// renderer imports this file for its *types* only, so zod never enters the renderer bundle.
import { z } from 'zod';

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

export const AssistantIdSchema = z.enum(['claude-desktop']);
export type AssistantId = z.infer<typeof AssistantIdSchema>;

export const AssistantStateSchema = z.object({
  id: AssistantIdSchema,
  name: z.string(),
  config_path: z.string(),
  /** The assistant's config file or app folder exists on this machine. */
  installed: z.boolean(),
  /** Our entry is present in its config file. */
  registered: z.boolean(),
  /** Present when the config file cannot be read or parsed: what is wrong with it. */
  problem: z.string().nullable(),
});
export type AssistantState = z.infer<typeof AssistantStateSchema>;

export const RegistrationOutcomeSchema = z.object({
  id: AssistantIdSchema,
  /** `created`: new file; `added`: entry added to an existing file; `updated`: our entry rewritten; `unchanged`: already correct. */
  action: z.enum(['created', 'added', 'updated', 'unchanged']),
  config_path: z.string(),
  backup_path: z.string().nullable(),
  next_step: z.string(),
});
export type RegistrationOutcome = z.infer<typeof RegistrationOutcomeSchema>;

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
        id: AssistantIdSchema,
        /** Replace our entry even though the scientist edited it (only after showing them the CONFLICT's diff). */
        force: z.boolean().optional(),
      })
      .strict(),
    output: RegistrationOutcomeSchema,
  },
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
  | 'SERVER_UNAVAILABLE'
  | 'REGISTRATION_REFUSED'
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
  | { kind: 'server-state'; state: AppInfo['server']['state']; message: string | null };

/** The one API object the renderer sees as `window.cosci` (preload in Electron, web client in a browser). */
export interface CosciApi {
  invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>;
  /** Returns a function that removes the listener. */
  onEvent(listener: (event: HostEvent) => void): () => void;
}
