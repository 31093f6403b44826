// The kinds of reasoning provider the server can call (architecture.md, *Reasoners*), defined once:
// the provider settings the server checks and stores, the host's routes, the SQL CHECK of migration
// 0004 (checked against this list by test/unit/src-shared/valueLists.test.ts) and the renderer's
// labels (a Record over ProviderKind) derive from it. Imports zod only.
import { z } from 'zod';

/** anthropic: the Anthropic Messages API. openai: OpenAI-compatible chat completions (OpenAI, Ollama, LM Studio, vLLM). */
export const PROVIDER_KINDS = ['anthropic', 'openai'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export const ProviderKindSchema = z.enum(PROVIDER_KINDS);
