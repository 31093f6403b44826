// The Anthropic Messages API. Structured output through tool use: one tool whose input_schema is
// the work item's output schema, and tool_choice forcing the model to call it, so the answer
// arrives as a JSON object rather than prose to be parsed.
import { postJson } from './http.js';
import { ProviderError, type ChatAnswer, type ChatClient, type ChatRequest } from './types.js';

export const ANTHROPIC_VERSION = '2023-06-01';
export const RESULT_TOOL = 'submit_result';

export interface AnthropicOptions {
  label: string;
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

interface MessagesResponse {
  model?: unknown;
  content?: Array<{ type?: unknown; name?: unknown; input?: unknown; text?: unknown }>;
  usage?: { input_tokens?: unknown; output_tokens?: unknown };
}

export function anthropicClient(options: AnthropicOptions): ChatClient {
  const url = endpoint(options.baseUrl);
  return {
    async chat(request: ChatRequest, signal: AbortSignal): Promise<ChatAnswer> {
      const body = {
        model: request.model,
        max_tokens: request.maxOutputTokens,
        system: request.system,
        messages: request.messages.map((turn) => ({ role: turn.role, content: turn.content })),
        tools: [{ name: RESULT_TOOL, description: 'Submit the finished result of the work item.', input_schema: toolSchema(request.schema) }],
        tool_choice: { type: 'tool', name: RESULT_TOOL },
      };
      const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
      if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey;
      const response = (await postJson(url, body, { headers, timeoutMs: options.timeoutMs, signal, label: options.label })) as MessagesResponse;
      return readAnswer(response, request.model, options.label);
    },
  };
}

function readAnswer(response: MessagesResponse, requestedModel: string, label: string): ChatAnswer {
  if (!Array.isArray(response.content)) throw new ProviderError('bad_response', `${label} answered without message content.`);
  const usage = {
    inputTokens: typeof response.usage?.input_tokens === 'number' ? response.usage.input_tokens : 0,
    outputTokens: typeof response.usage?.output_tokens === 'number' ? response.usage.output_tokens : 0,
  };
  const model = typeof response.model === 'string' ? response.model : requestedModel;
  const tool = response.content.find((block) => block.type === 'tool_use' && block.name === RESULT_TOOL);
  if (tool !== undefined) return { text: JSON.stringify(tool.input ?? null), value: tool.input, model, usage };
  // A model that ignored the forced tool wrote its answer as text; the caller parses (and repairs) it.
  const text = response.content.filter((block) => block.type === 'text' && typeof block.text === 'string').map((block) => block.text as string).join('\n');
  return { text, model, usage };
}

/** `https://api.anthropic.com` and `https://api.anthropic.com/v1` both mean the same endpoint. */
function endpoint(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/v1') ? `${base}/messages` : `${base}/v1/messages`;
}

/** Tool input schemas are plain JSON Schema objects; the `$schema` marker is not part of them. */
function toolSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
