// The provider routes of the host ⇄ renderer contract: the settings page's Providers section
// (handlers: src-main/host/providers.handlers.ts). API keys are write-only: routes never return them.
import { z } from 'zod';
import { ProviderKindSchema } from '../schemas/providers.js';

const Model = z.string().trim().min(1).max(200);

export const ProviderSettingsSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, "-" and "_"'),
  kind: ProviderKindSchema,
  base_url: z.string().url(),
  models: z.object({ generation: Model, review: Model.optional(), judging: Model.optional() }),
  concurrency: z.number().int().min(1).max(64),
  timeout_seconds: z.number().min(0.1).max(600),
  max_retries: z.number().int().min(0).max(10),
  /** USD per 1000 tokens, by model. */
  prices: z.record(z.string(), z.object({ input_per_1k: z.number().min(0), output_per_1k: z.number().min(0) })),
  enabled: z.boolean(),
});
export type ProviderSettings = z.infer<typeof ProviderSettingsSchema>;

export const ProviderViewSchema = ProviderSettingsSchema.extend({
  has_key: z.boolean(),
  availability: z.enum(['ready', 'disabled', 'needs_key', 'insecure_url', 'rejected']),
  problem: z.string().nullable(),
});
export type ProviderView = z.infer<typeof ProviderViewSchema>;

export const ProvidersStateSchema = z.object({
  providers: z.array(ProviderViewSchema),
  /** Whether the app's research server runs background work now. */
  active: z.boolean(),
  keys_persist: z.boolean(),
  key_storage: z.string(),
});
export type ProvidersState = z.infer<typeof ProvidersStateSchema>;

export const ProviderTestSchema = z.object({ ok: z.boolean(), latency_ms: z.number(), model: z.string().nullable(), message: z.string() });
export type ProviderTest = z.infer<typeof ProviderTestSchema>;

export const ProjectReasoningSchema = z.object({
  research_id: z.string(),
  reasoner_order: z.array(z.enum(['provider', 'sampling', 'delegated'])),
  max_tokens: z.number().nullable(),
  max_cost_usd: z.number().nullable(),
});
export type ProjectReasoning = z.infer<typeof ProjectReasoningSchema>;

export const providerRoutes = {
  'providers.get': { input: z.object({}).strict(), output: ProvidersStateSchema },
  /** api_key: a new key (write-only), null to forget the stored one, omitted to keep it. */
  'providers.set': { input: z.object({ provider: ProviderSettingsSchema, api_key: z.string().min(1).max(500).nullable().optional() }).strict(), output: ProvidersStateSchema },
  'providers.remove': { input: z.object({ name: z.string().min(1) }).strict(), output: ProvidersStateSchema },
  /** Tests the settings in the form (not yet saved) with the key typed there, or the stored key. */
  'providers.test': { input: z.object({ provider: ProviderSettingsSchema, api_key: z.string().min(1).max(500).optional() }).strict(), output: ProviderTestSchema },
  /** Who may do a project's thinking, by preference, and its provider budgets (null: no limit); omitted fields stay as they are. */
  'providers.project': {
    input: z
      .object({
        research_id: z.string().min(1),
        reasoner_order: ProjectReasoningSchema.shape.reasoner_order.min(1).optional(),
        max_tokens: z.number().int().positive().nullable().optional(),
        max_cost_usd: z.number().positive().nullable().optional(),
      })
      .strict(),
    output: ProjectReasoningSchema,
  },
} as const;
