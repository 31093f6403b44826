// Retries of one provider call: exponential backoff with full jitter after a 429, a 5xx, a timeout
// or a dropped connection, waiting at least as long as the API's `retry-after` asks. Anything else
// (a rejected key, a refused request) fails at once: repeating it would only hammer the API.
import { ProviderError } from './types.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `retry-after` longer than this is not waited for: the call fails with the API's reason. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: Omit<RetryPolicy, 'maxRetries'> = { baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 120_000 };

export interface RetryHooks {
  random?: () => number;
  /** Told before each wait, e.g. to log it. */
  onRetry?: (error: ProviderError, attempt: number, delayMs: number) => void;
}

export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy, signal: AbortSignal, hooks: RetryHooks = {}): Promise<T> {
  const random = hooks.random ?? Math.random;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retryable || attempt >= policy.maxRetries || signal.aborted) throw error;
      const delay = delayBefore(attempt, error, policy, random);
      if (delay === null) throw error;
      hooks.onRetry?.(error, attempt + 1, delay);
      await sleep(delay, signal);
    }
  }
}

/** How long to wait before retry `attempt + 1`, or null when the API asked for longer than we wait. */
export function delayBefore(attempt: number, error: ProviderError, policy: RetryPolicy, random: () => number): number | null {
  if (error.retryAfterMs !== null) {
    if (error.retryAfterMs > policy.maxRetryAfterMs) return null;
    // At least what the API asked for; a little jitter keeps parallel callers from returning together.
    return error.retryAfterMs + Math.round(random() * Math.min(250, policy.baseDelayMs));
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new ProviderError('aborted', 'The call was cancelled while waiting to retry.'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
