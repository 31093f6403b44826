// A configured LLM API as a reasoner: the work item goes out as one chat call (with retries, under
// the provider's concurrency limit), the structured answer comes back with the model and tokens.
import type { AutomaticReasoner, ReasonerAnswer, RepairRequest } from '../automaticTask.js';
import type { WorkItem } from '../workItems.js';
import { parseJsonAnswer, repairPrompt, SYSTEM_PROMPT, workItemPrompt } from './prompt.js';
import type { ProviderHandle } from './registry.js';
import { DEFAULT_RETRY, withRetries } from './retry.js';
import { estimateCost, type ChatTurn, type ReasoningRole } from './types.js';

/** Room for a batch of five detailed hypotheses or reviews. */
export const MAX_OUTPUT_TOKENS = 8192;

export function providerReasoner(handle: ProviderHandle, model: string, onRetry?: (message: string) => void): AutomaticReasoner {
  const { config } = handle;
  return {
    label: `provider:${config.name}`,
    model,
    async complete(item: WorkItem, _role: ReasoningRole, signal: AbortSignal, repair?: RepairRequest): Promise<ReasonerAnswer> {
      const messages: ChatTurn[] = [{ role: 'user', content: workItemPrompt(item) }];
      if (repair !== undefined) {
        messages.push({ role: 'assistant', content: repair.previousText }, { role: 'user', content: repairPrompt(repair.errors) });
      }
      const request = { model, system: SYSTEM_PROMPT, messages, schema: item.output_schema, maxOutputTokens: MAX_OUTPUT_TOKENS };
      const answer = await handle.limit.run(
        () =>
          withRetries(() => handle.client.chat(request, signal), { ...DEFAULT_RETRY, maxRetries: config.maxRetries }, signal, {
            onRetry: (error, attempt, delayMs) => onRetry?.(`${config.name}: ${error.message} Retry ${attempt} of ${config.maxRetries} in ${delayMs} ms.`),
          }),
        signal,
      );
      const parsed = answer.value !== undefined ? { value: answer.value, error: null } : parseJsonAnswer(answer.text);
      return {
        result: parsed.value,
        parseError: parsed.error,
        text: answer.text,
        model: answer.model,
        usage: answer.usage,
        // Prices are keyed by the model name the scientist configured; APIs may report a dated variant.
        costUsd: estimateCost(config.prices, model, answer.usage) ?? estimateCost(config.prices, answer.model, answer.usage),
      };
    },
  };
}
