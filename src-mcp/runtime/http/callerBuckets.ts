// Per-identity rate limits (mcp/rateLimit.ts's token bucket, one per person: issuer + subject,
// labIdentity.ts personKey, whichever client acts for them): every request of a person, and
// separately their costly tool calls. The buckets live in this process's memory: behind a load
// balancer each of N replicas limits on its own, so a person gets up to N times the limit
// (docs/threat-model.md, *Network mode*).
import { TokenBucket } from '../../mcp/access/rateLimit.js';

export const REQUESTS_PER_MINUTE_ENV = 'COSCI_HTTP_REQUESTS_PER_MINUTE';
const DEFAULT_REQUESTS_PER_MINUTE = 600;
/** Buckets untouched this long are dropped, so a stream of distinct callers cannot grow the map without end. */
const IDLE_MS = 10 * 60_000;
const SWEEP_EVERY = 1_000;

export function requestsPerMinuteFrom(env: NodeJS.ProcessEnv): number {
  const raw = env[REQUESTS_PER_MINUTE_ENV];
  if (raw === undefined || raw === '') return DEFAULT_REQUESTS_PER_MINUTE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) throw new Error(`${REQUESTS_PER_MINUTE_ENV} must be a whole number from 1 to 1000000; it is "${raw}".`);
  return value;
}

interface Entry {
  requests: TokenBucket;
  costlyCalls: TokenBucket;
  usedAt: number;
}

export class CallerBuckets {
  readonly #entries = new Map<string, Entry>();
  #lookups = 0;

  constructor(private readonly requestsPerMinute: number) {}

  of(key: string): Entry {
    if (++this.#lookups % SWEEP_EVERY === 0) this.#sweep();
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      // A burst of a tenth of a minute's requests: a client's start (discover, list tools, first calls) fits.
      entry = { requests: new TokenBucket(this.requestsPerMinute, Math.max(10, Math.ceil(this.requestsPerMinute / 10))), costlyCalls: new TokenBucket(60, 10), usedAt: 0 };
      this.#entries.set(key, entry);
    }
    entry.usedAt = performance.now();
    return entry;
  }

  #sweep(): void {
    const before = performance.now() - IDLE_MS;
    for (const [key, entry] of this.#entries) if (entry.usedAt < before) this.#entries.delete(key);
  }
}
