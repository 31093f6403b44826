// The vocabulary shared by the provider clients (architecture.md, *Reasoners*): what a provider is configured
// with, what one chat call sends and returns, and how a call can fail.

import type { ProviderKind } from '../../../src-shared/schemas/providers.js';

export type { ProviderKind };

/** What a model is used for: writing hypotheses, reviewing them, judging tournament pairs. */
export type ReasoningRole = 'generation' | 'review' | 'judging';
export const REASONING_ROLES: readonly ReasoningRole[] = ['generation', 'review', 'judging'];

/** USD per 1000 tokens, as providers publish them. */
export interface TokenPrice {
  input_per_1k: number;
  output_per_1k: number;
}

export interface ProviderConfig {
  /** Unique, chosen by the scientist, e.g. "anthropic" or "ollama". */
  name: string;
  kind: ProviderKind;
  /** e.g. https://api.anthropic.com, https://api.openai.com/v1, http://127.0.0.1:11434/v1 */
  baseUrl: string;
  /** Absent for local endpoints that need none. Held in memory only. */
  apiKey?: string | undefined;
  /** The model per role; a role without one uses the generation model. */
  models: Partial<Record<ReasoningRole, string>> & { generation: string };
  /** Requests in flight at once against this provider. */
  concurrency: number;
  /** Per request, including the time to read the answer. */
  timeoutMs: number;
  /** Retries after a 429, a 5xx, a timeout or a dropped connection. */
  maxRetries: number;
  prices: Record<string, TokenPrice>;
  enabled: boolean;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  system: string;
  messages: ChatTurn[];
  /** JSON Schema of the object the answer must be. */
  schema: Record<string, unknown>;
  maxOutputTokens: number;
}

export interface ChatAnswer {
  /** The answer as text (the JSON the model wrote), kept for a repair turn. */
  text: string;
  /** The structured value, when the API returned one (tool input); otherwise parsed from `text` by the caller. */
  value?: unknown;
  /** The model that answered, as the API reports it. */
  model: string;
  usage: TokenUsage;
}

/** One wire protocol. Implementations never retry; retry.ts does, around them. */
export interface ChatClient {
  chat(request: ChatRequest, signal: AbortSignal): Promise<ChatAnswer>;
}

export type ProviderErrorCode =
  /** The key was refused (401/403): retrying cannot help until the scientist changes it. */
  | 'auth'
  | 'rate_limited'
  | 'server'
  | 'timeout'
  | 'network'
  /** The request itself was refused (400, 404, 422): a wrong model name, an unsupported option. */
  | 'bad_request'
  /** The API answered 200 with something we cannot read. */
  | 'bad_response'
  | 'aborted';

const RETRYABLE: ReadonlySet<ProviderErrorCode> = new Set(['rate_limited', 'server', 'timeout', 'network']);

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly status: number | null = null,
    /** From a `retry-after` header, when the API sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}

/** The model a provider uses for a role. */
export function modelFor(config: Pick<ProviderConfig, 'models'>, role: ReasoningRole): string {
  return config.models[role] ?? config.models.generation;
}

/** Estimated cost of one call, or null when the provider has no price for the model. */
export function estimateCost(prices: Record<string, TokenPrice>, model: string, usage: TokenUsage): number | null {
  const price = prices[model];
  if (price === undefined) return null;
  return Math.round(((usage.inputTokens / 1000) * price.input_per_1k + (usage.outputTokens / 1000) * price.output_per_1k) * 1e6) / 1e6;
}
