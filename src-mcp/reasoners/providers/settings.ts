// Provider settings as the scientist enters them, as they are stored (without the key), and as
// the registry uses them. One zod schema validates what the desktop app sends.
import { z } from 'zod';
import { ProviderKindSchema } from '../../../src-shared/schemas/providers.js';
import type { Db } from '../../store/database.js';
import { listProviderSettings, type ProviderSettingsRow } from '../../store/providerSettings.js';
import type { ProviderRegistry } from './registry.js';
import type { ProviderConfig } from './types.js';

const Model = z.string().trim().min(1).max(200);
const Price = z.object({ input_per_1k: z.number().min(0).max(1000), output_per_1k: z.number().min(0).max(1000) });

export const ProviderInputSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, "-" and "_", at most 40 characters')
    .describe('Unique name chosen by the scientist, e.g. "anthropic" or "ollama"; tasks record provider:<name>:<model>.'),
  kind: ProviderKindSchema.describe('anthropic: the Anthropic Messages API. openai: OpenAI-compatible chat completions (OpenAI, Ollama, LM Studio, vLLM).'),
  base_url: z
    .string()
    .trim()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'http or https')
    .describe('e.g. https://api.anthropic.com, https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama).'),
  models: z
    .object({ generation: Model, review: Model.optional(), judging: Model.optional() })
    .describe('Model per role; review and judging default to the generation model.'),
  concurrency: z.number().int().min(1).max(64).default(4).describe('Requests in flight at once.'),
  timeout_seconds: z.number().min(0.1).max(600).default(120).describe('Per request.'),
  max_retries: z.number().int().min(0).max(10).default(3).describe('Retries after 429, 5xx, timeouts and dropped connections.'),
  prices: z.record(Model, Price).default({}).describe('USD per 1000 tokens by model name, for cost estimates and cost budgets.'),
  enabled: z.boolean().default(true),
});
export type ProviderInput = z.output<typeof ProviderInputSchema>;

export function rowFromInput(input: ProviderInput, updatedAt: string): Omit<ProviderSettingsRow, 'position'> {
  const models: Record<string, string> = { generation: input.models.generation };
  if (input.models.review !== undefined) models.review = input.models.review;
  if (input.models.judging !== undefined) models.judging = input.models.judging;
  return {
    name: input.name,
    kind: input.kind,
    baseUrl: input.base_url,
    models,
    concurrency: input.concurrency,
    timeoutMs: Math.round(input.timeout_seconds * 1000),
    maxRetries: input.max_retries,
    prices: input.prices,
    enabled: input.enabled,
    updatedAt,
  };
}

export function configFromRow(row: Omit<ProviderSettingsRow, 'position' | 'updatedAt'>): Omit<ProviderConfig, 'apiKey'> {
  return {
    name: row.name,
    kind: row.kind,
    baseUrl: row.baseUrl,
    models: { ...row.models, generation: row.models.generation ?? '' },
    concurrency: row.concurrency,
    timeoutMs: row.timeoutMs,
    maxRetries: row.maxRetries,
    prices: row.prices,
    enabled: row.enabled,
  };
}

/** The stored settings as the app shows them (never with a key). */
export function inputFromRow(row: ProviderSettingsRow): ProviderInput {
  return {
    name: row.name,
    kind: row.kind,
    base_url: row.baseUrl,
    models: { generation: row.models.generation ?? '', ...(row.models.review ? { review: row.models.review } : {}), ...(row.models.judging ? { judging: row.models.judging } : {}) },
    concurrency: row.concurrency,
    timeout_seconds: row.timeoutMs / 1000,
    max_retries: row.maxRetries,
    prices: row.prices,
    enabled: row.enabled,
  };
}

/** Reads the stored settings into the registry (after a start, or any change). */
export async function reloadProviders(db: Db, registry: ProviderRegistry): Promise<void> {
  registry.load((await listProviderSettings(db)).map(configFromRow));
}
