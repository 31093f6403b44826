// Keeps count of the checkpoints waiting for the scientist and says when it changes: the host
// emits `checkpoints-changed` (pending count + the ones that just arrived), which the renderer
// turns into the window title and a browser notification, and Electron main into the dock or
// taskbar badge and an OS notification. It refreshes after any data change the server announces
// (debounced, one refresh at a time), and when the server becomes ready.
import type { ArrivedCheckpoint, HostEvent, Result } from '../../src-shared/routes/index.js';
import { ProjectOverviewSchema } from '../../src-shared/routes/research.js';
import { describeError, type Logger } from './log.js';

export interface CheckpointWatchOptions {
  /** The `projects.overview` route: pending checkpoints across projects. */
  overview(): Promise<Result<unknown>>;
  emit(event: HostEvent): void;
  log: Logger;
  /** Bursts of change events (one per write) are coalesced into one refresh. */
  debounceMs?: number;
}

export interface CheckpointWatch {
  /** Feed every host event through here. */
  onHostEvent(event: HostEvent): void;
  /** Drops a refresh still waiting for its debounce (the host stopped); later events start counting again. */
  cancel(): void;
}

export function watchCheckpoints(options: CheckpointWatchOptions): CheckpointWatch {
  const debounceMs = options.debounceMs ?? 150;
  // null until the first successful count: what is pending at start-up is not "new".
  let known: Set<string> | null = null;
  let count = -1;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;

  const refresh = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const outcome = await options.overview();
      if (!outcome.ok) {
        options.log.warn(`could not count pending checkpoints: ${outcome.error.message}`);
        return;
      }
      const parsed = ProjectOverviewSchema.safeParse(outcome.data);
      if (!parsed.success) return;
      const pending = parsed.data.pending;
      const arrived: ArrivedCheckpoint[] =
        known === null
          ? []
          : pending
              .filter((c) => !(known as Set<string>).has(c.checkpoint_id))
              .map((c) => ({ checkpoint_id: c.checkpoint_id, research_id: c.research_id, kind: c.kind, goal: c.goal }));
      known = new Set(pending.map((c) => c.checkpoint_id));
      if (parsed.data.pending_total === count && arrived.length === 0) return;
      count = parsed.data.pending_total;
      options.emit({ kind: 'checkpoints-changed', pending: count, arrived });
    } catch (error) {
      options.log.warn(`could not count pending checkpoints: ${describeError(error)}`);
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  };

  const schedule = (): void => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void refresh();
    }, debounceMs);
    timer.unref?.();
  };

  return {
    onHostEvent(event) {
      if (event.kind === 'resources-list-changed' || event.kind === 'resource-updated') schedule();
      else if (event.kind === 'server-state' && event.state === 'ready') schedule();
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
