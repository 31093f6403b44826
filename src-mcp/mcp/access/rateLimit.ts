// Token-bucket rate limiting of expensive tools per client (docs/seed-mapping.md, seed 000 "Rate Limiting"; default
// 60 per minute with bursts of 10). Each assistant runs its own server process, so an in-memory
// bucket per process is a bucket per client; it resets when the assistant restarts its server.

export interface RateDecision {
  allowed: boolean;
  /** Seconds until one more call will be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private ratePerMinute: number,
    private burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  /** The scientist may change the policy while the client is connected: adopt new limits in place. */
  configure(ratePerMinute: number, burst: number): void {
    if (ratePerMinute === this.ratePerMinute && burst === this.burst) return;
    this.refill();
    this.ratePerMinute = ratePerMinute;
    this.burst = burst;
    this.tokens = Math.min(this.tokens, burst);
  }

  take(): RateDecision {
    this.refill();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    const perSecond = this.ratePerMinute / 60;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - this.tokens) / perSecond)) };
  }

  /** Gives back the token of a call that turned out invalid: a malformed call must not cost budget. */
  refund(): void {
    this.refill();
    this.tokens = Math.min(this.burst, this.tokens + 1);
  }

  private refill(): void {
    const now = this.now();
    const elapsedSeconds = (now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsedSeconds * (this.ratePerMinute / 60));
    this.updatedAt = now;
  }
}
