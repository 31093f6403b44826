// Reasoning providers in the app (architecture.md, *Reasoners*): the routes of the settings page's Providers
// section, and the hand-over of keys to the app's own research server. Keys are written once by
// the scientist, kept in the SecretStore, and sent to the server only in memory (the desktop-only
// configure_providers tool, which the audit log masks); routes never return them.
// Kept free of contract.ts imports: contract.ts spreads these routes into its table.
import { z } from 'zod';
import type { SecretStore } from './secrets.js';

const Model = z.string().trim().min(1).max(200);

export const ProviderSettingsSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, "-" and "_"'),
  kind: z.enum(['anthropic', 'openai']),
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

/** A tool call's result as the router sees it; `C` is the contract's error codes (generic, to keep contract.ts out). */
type Outcome<C extends string> = { ok: true; data: unknown } | { ok: false; error: { code: C; message: string } };
type CallTool<C extends string> = (name: string, args: Record<string, unknown>) => Promise<Outcome<C>>;
export type ProviderRouteHandlers<C extends string> = { [R in keyof typeof providerRoutes]: (input: z.output<(typeof providerRoutes)[R]['input']>) => Promise<Outcome<C>> };

const TOOL = 'configure_providers';

export function createProviderHandlers<C extends string>(tool: CallTool<C>, secrets: SecretStore): ProviderRouteHandlers<C> {
  const state = async (outcome: Outcome<C>): Promise<Outcome<C>> => {
    if (!outcome.ok) return outcome;
    const data = outcome.data as { providers: unknown; active: boolean };
    return { ok: true, data: { providers: data.providers, active: data.active, keys_persist: secrets.persistent, key_storage: secrets.description } };
  };
  return {
    'providers.get': async () => state(await tool(TOOL, { action: 'list' })),
    'providers.set': async (input) => {
      if (input.api_key !== undefined) await secrets.set(input.provider.name, input.api_key);
      const saved = await tool(TOOL, { action: 'set', provider: input.provider, ...(input.api_key === undefined ? {} : { api_key: input.api_key }) });
      if (!saved.ok) return saved;
      // Activation hands over every key again: harmless when already active, and it starts a server that was not.
      return state(await tool(TOOL, { action: 'activate', api_keys: await secrets.all() }));
    },
    'providers.remove': async (input) => {
      await secrets.set(input.name, null);
      return state(await tool(TOOL, { action: 'remove', name: input.name }));
    },
    'providers.project': async (input) => {
      const outcome = await tool(TOOL, { action: 'project', ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) });
      return outcome.ok ? { ok: true, data: (outcome.data as { project: unknown }).project } : outcome;
    },
    'providers.test': async (input) => {
      const key = input.api_key ?? (await secrets.get(input.provider.name)) ?? undefined;
      const outcome = await tool(TOOL, { action: 'test', provider: input.provider, ...(key === undefined ? {} : { api_key: key }) });
      return outcome.ok ? { ok: true, data: (outcome.data as { test: unknown }).test } : outcome;
    },
  };
}

/**
 * Hands the stored keys to the app's research server and lets it run background work. Called each
 * time the server becomes ready (after a start or a restart): its keys live in its memory only.
 */
export async function activateProviders<C extends string>(tool: CallTool<C>, secrets: SecretStore, warn: (message: string) => void): Promise<void> {
  let keys: Record<string, string>;
  try {
    keys = await secrets.all();
  } catch (error) {
    warn(`could not read the stored provider keys: ${(error as Error).message}`);
    keys = {};
  }
  const outcome = await tool(TOOL, { action: 'activate', api_keys: keys });
  if (!outcome.ok) warn(`the research server did not accept the provider settings: ${outcome.error.message}`);
}
