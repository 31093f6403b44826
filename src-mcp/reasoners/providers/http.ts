// One JSON POST to a provider with the built-in fetch: a deadline per request, cancellation from the
// caller, and every failure turned into a ProviderError that says whether a retry can help.
import { ProviderError } from './types.js';

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Names the provider in messages ("anthropic answered 503 …"). */
  label: string;
}

/** Longest error body quoted back to the scientist; APIs sometimes answer with whole HTML pages. */
const MAX_ERROR_TEXT = 300;

export async function postJson(url: string, body: unknown, options: PostOptions): Promise<unknown> {
  if (options.signal.aborted) throw new ProviderError('aborted', `The call to ${options.label} was cancelled.`);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw failureOf(error, options, timeout);
  }
  let text: string;
  try {
    // The deadline covers reading the body too: a server that stalls mid-answer is as slow as one that never answers.
    text = await response.text();
  } catch (error) {
    throw failureOf(error, options, timeout);
  }
  if (!response.ok) throw statusError(response, text, options.label);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError('bad_response', `${options.label} answered with something that is not JSON: ${excerpt(text)}`, response.status);
  }
}

function failureOf(error: unknown, options: PostOptions, timeout: AbortSignal): ProviderError {
  if (options.signal.aborted) return new ProviderError('aborted', `The call to ${options.label} was cancelled.`);
  if (timeout.aborted) {
    return new ProviderError('timeout', `${options.label} did not answer within ${Math.round(options.timeoutMs / 100) / 10} s.`);
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message;
  return new ProviderError('network', `${options.label} could not be reached (${detail}). Check the base URL and that the service is running.`);
}

function statusError(response: Response, text: string, label: string): ProviderError {
  const status = response.status;
  const detail = apiMessage(text);
  if (status === 401 || status === 403) {
    return new ProviderError('auth', `${label} rejected the API key (HTTP ${status}${detail ? `: ${detail}` : ''}). Update the key in Settings → Providers.`, status);
  }
  if (status === 429) {
    return new ProviderError('rate_limited', `${label} is rate limiting us (HTTP 429${detail ? `: ${detail}` : ''}).`, status, retryAfterMs(response.headers));
  }
  // 529 is Anthropic's "overloaded"; 408 a proxy's timeout: both pass.
  if (status >= 500 || status === 408) {
    return new ProviderError('server', `${label} had a server error (HTTP ${status}${detail ? `: ${detail}` : ''}).`, status, retryAfterMs(response.headers));
  }
  return new ProviderError('bad_request', `${label} refused the request (HTTP ${status}${detail ? `: ${detail}` : ''}).`, status);
}

/** `retry-after` as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The error message inside an API's JSON error body ({error: {message}} in both protocols), else the text. */
function apiMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string') return excerpt(message);
  } catch {
    // not JSON: quote the text itself
  }
  return excerpt(text);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_ERROR_TEXT ? `${flat.slice(0, MAX_ERROR_TEXT)}…` : flat;
}
