// OpenAI-compatible chat completions: OpenAI itself and the local servers that copy its API
// (Ollama, LM Studio, vLLM). Structured output is asked for with `response_format: json_schema`;
// servers that refuse it get `json_object`, then no response_format at all (the instructions carry
// the schema either way). The first mode that works is remembered for the client's lifetime.
import { postJson } from './http.js';
import { ProviderError, type ChatAnswer, type ChatClient, type ChatRequest } from './types.js';

export interface OpenAiOptions {
  label: string;
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

type FormatMode = 'json_schema' | 'json_object' | 'none';
const FALLBACK: Record<FormatMode, FormatMode | null> = { json_schema: 'json_object', json_object: 'none', none: null };

interface CompletionResponse {
  model?: unknown;
  choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

export function openAiCompatibleClient(options: OpenAiOptions): ChatClient {
  const url = endpoint(options.baseUrl);
  let mode: FormatMode = 'json_schema';
  return {
    async chat(request: ChatRequest, signal: AbortSignal): Promise<ChatAnswer> {
      for (;;) {
        try {
          const response = (await postJson(url, body(request, mode), {
            headers: options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` },
            timeoutMs: options.timeoutMs,
            signal,
            label: options.label,
          })) as CompletionResponse;
          return readAnswer(response, request.model, options.label);
        } catch (error) {
          const next = FALLBACK[mode];
          if (next === null || !refusedFormat(error)) throw error;
          mode = next;
        }
      }
    },
  };
}

function body(request: ChatRequest, mode: FormatMode): Record<string, unknown> {
  const base = {
    model: request.model,
    max_tokens: request.maxOutputTokens,
    messages: [{ role: 'system', content: request.system }, ...request.messages.map((turn) => ({ role: turn.role, content: turn.content }))],
  };
  if (mode === 'json_schema') {
    const { $schema: _ignored, ...schema } = request.schema;
    // strict: false — strict mode rejects optional properties and several keywords our schemas use.
    return { ...base, response_format: { type: 'json_schema', json_schema: { name: 'work_item_result', schema, strict: false } } };
  }
  if (mode === 'json_object') return { ...base, response_format: { type: 'json_object' } };
  return base;
}

/** A 400 about the response format (rather than the model or the messages) means: try a simpler one. */
function refusedFormat(error: unknown): boolean {
  return error instanceof ProviderError && error.code === 'bad_request' && /response_format|json_schema|json_object|structured/i.test(error.message);
}

function readAnswer(response: CompletionResponse, requestedModel: string, label: string): ChatAnswer {
  const message = response.choices?.[0]?.message;
  if (message === undefined) throw new ProviderError('bad_response', `${label} answered without a choice.`);
  if (typeof message.refusal === 'string' && message.refusal !== '') {
    throw new ProviderError('bad_response', `${label}'s model refused the work item: ${message.refusal.slice(0, 300)}`);
  }
  return {
    text: typeof message.content === 'string' ? message.content : '',
    model: typeof response.model === 'string' ? response.model : requestedModel,
    usage: {
      inputTokens: typeof response.usage?.prompt_tokens === 'number' ? response.usage.prompt_tokens : 0,
      outputTokens: typeof response.usage?.completion_tokens === 'number' ? response.usage.completion_tokens : 0,
    },
  };
}

/** A bare host (`http://127.0.0.1:11434`) means its OpenAI-compatible API under /v1. */
function endpoint(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  const { pathname } = new URL(base);
  return `${pathname === '' || pathname === '/' ? `${base}/v1` : base}/chat/completions`;
}
