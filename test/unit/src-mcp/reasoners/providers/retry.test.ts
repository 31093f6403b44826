// Retries of provider calls: what is retried, how long it waits (retry-after first, else
// exponential backoff with full jitter), and that cancellation ends a wait at once.
import { describe, expect, it } from 'vitest';
import { delayBefore, withRetries, type RetryPolicy } from '../../../../../src-mcp/reasoners/providers/retry.js';
import { ProviderError } from '../../../../../src-mcp/reasoners/providers/types.js';

const POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 50 };

describe('retry delays', () => {
  it('honours retry-after, plus a little jitter', () => {
    const limited = new ProviderError('rate_limited', '429', 429, 2000);
    const policy = { ...POLICY, baseDelayMs: 500, maxRetryAfterMs: 60_000 };
    expect(delayBefore(0, limited, policy, () => 0)).toBe(2000);
    expect(delayBefore(0, limited, policy, () => 1)).toBe(2250);
  });

  it('grows exponentially up to the cap, jittered below it', () => {
    const error = new ProviderError('server', '500', 500);
    const policy = { ...POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4, 5].map((attempt) => delayBefore(attempt, error, policy, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(delayBefore(3, error, policy, () => 0.5)).toBe(400);
  });

  it('does not wait for a retry-after beyond the limit', () => {
    expect(delayBefore(0, new ProviderError('rate_limited', '429', 429, 3_600_000), { ...POLICY, maxRetryAfterMs: 120_000 }, () => 0)).toBeNull();
  });
});

describe('withRetries', () => {
  const failing = (errors: ProviderError[]) => {
    let calls = 0;
    return {
      call: async () => {
        const error = errors[calls++];
        if (error !== undefined) throw error;
        return 'answer';
      },
      calls: () => calls,
    };
  };

  it('retries 429, 5xx, timeouts and dropped connections until one succeeds', async () => {
    const attempts = failing([new ProviderError('rate_limited', 'a', 429, 1), new ProviderError('server', 'b', 503), new ProviderError('timeout', 'c')]);
    await expect(withRetries(attempts.call, POLICY, new AbortController().signal)).resolves.toBe('answer');
    expect(attempts.calls()).toBe(4);
  });

  it('gives up after maxRetries with the last error', async () => {
    const attempts = failing(Array.from({ length: 10 }, (_, i) => new ProviderError('network', `down ${i}`)));
    await expect(withRetries(attempts.call, POLICY, new AbortController().signal)).rejects.toThrow('down 3');
    expect(attempts.calls()).toBe(4);
  });

  it('never retries a refused key or a refused request', async () => {
    for (const code of ['auth', 'bad_request', 'bad_response'] as const) {
      const attempts = failing([new ProviderError(code, code), new ProviderError(code, code)]);
      await expect(withRetries(attempts.call, POLICY, new AbortController().signal)).rejects.toMatchObject({ code });
      expect(attempts.calls()).toBe(1);
    }
  });

  it('stops waiting when cancelled', async () => {
    const controller = new AbortController();
    const attempts = failing([new ProviderError('rate_limited', 'slow down', 429, 40)]);
    const pending = withRetries(attempts.call, POLICY, controller.signal, { onRetry: () => setImmediate(() => controller.abort()) });
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    expect(attempts.calls()).toBe(1);
  });

  it('reports each retry with its delay', async () => {
    const seen: Array<[number, number]> = [];
    const attempts = failing([new ProviderError('server', 'x', 500)]);
    await withRetries(attempts.call, POLICY, new AbortController().signal, { random: () => 1, onRetry: (_e, attempt, delay) => seen.push([attempt, delay]) });
    expect(seen).toEqual([[1, 1]]);
  });
});
