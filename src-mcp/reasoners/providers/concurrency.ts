// A per-provider limit on requests in flight: callers beyond it wait in order, and a caller that is
// cancelled while waiting leaves the queue without ever taking a slot.
import { ProviderError } from './types.js';

interface Waiter {
  grant: () => void;
  signal: AbortSignal;
  onAbort: () => void;
}

export class ConcurrencyLimit {
  #active = 0;
  readonly #waiting: Waiter[] = [];

  constructor(private max: number) {}

  /** Takes effect for the next grants; calls already running keep their slots. */
  resize(max: number): void {
    this.max = max;
    this.#drain();
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await work();
    } finally {
      this.#active -= 1;
      this.#drain();
    }
  }

  #acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new ProviderError('aborted', 'The call was cancelled before it started.'));
    if (this.#active < this.max && this.#waiting.length === 0) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        signal,
        grant: () => {
          signal.removeEventListener('abort', waiter.onAbort);
          this.#active += 1;
          resolve();
        },
        onAbort: () => {
          const index = this.#waiting.indexOf(waiter);
          if (index >= 0) this.#waiting.splice(index, 1);
          reject(new ProviderError('aborted', 'The call was cancelled while waiting for a free slot.'));
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #drain(): void {
    while (this.#active < this.max && this.#waiting.length > 0) {
      (this.#waiting.shift() as Waiter).grant();
    }
  }
}
