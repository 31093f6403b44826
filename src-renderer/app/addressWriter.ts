// The app's addresses (routes.ts) as browser history entries, written a task after each move.
/**
 * Writes the app's addresses to the browser's history in the task after the move, in order. A
 * history write is a same-document navigation that took 0.5-20 ms of the main thread (issue 17,
 * load ~6); written at once, the one a section makes on opening (the Leaderboard's default
 * project) ran between the section's mount and the start of its first query, because TanStack
 * Query starts a fetch one microtask after the effect that subscribes. Written after, it no
 * longer delays what the scientist waits for. `location` (React state) stays the source of truth.
 */
export class AddressWriter {
  readonly #history: Pick<History, 'pushState' | 'replaceState'>;
  #pending: Array<{ mode: 'push' | 'replace'; hash: string }> = [];
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(history: Pick<History, 'pushState' | 'replaceState'>) {
    this.#history = history;
  }

  write(mode: 'push' | 'replace', hash: string): void {
    this.#pending.push({ mode, hash });
    this.#timer ??= setTimeout(() => this.flush(), 0);
  }

  /** Writes every address not yet written, now. */
  flush(): void {
    this.#cancelTimer();
    const pending = this.#pending;
    this.#pending = [];
    for (const { mode, hash } of pending) {
      if (mode === 'push') this.#history.pushState(null, '', hash);
      else this.#history.replaceState(null, '', hash);
    }
  }

  /** Forgets the addresses not yet written (the scientist went Back or Forward before they were). */
  drop(): void {
    this.#cancelTimer();
    this.#pending = [];
  }

  #cancelTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
