// The pending-checkpoint watch behind the inbox badge and notifications.
import { describe, expect, it, vi } from 'vitest';
import { watchCheckpoints } from '../../../../src-main/host/checkpointWatch.js';
import type { HostEvent, Result } from '../../../../src-shared/routes/index.js';
import { silentLogger } from './fakes.js';

function pendingOf(...ids: string[]): Result<unknown> {
  return {
    ok: true,
    data: {
      projects: [],
      pending: ids.map((id) => ({ checkpoint_id: id, research_id: 'res_1', kind: 'hypothesis_batch', goal: 'Goal', created_at: '2026-01-01T00:00:00Z' })),
      pending_total: ids.length,
    },
  };
}

function setup(answers: Array<Result<unknown>>) {
  const events: HostEvent[] = [];
  const overview = vi.fn(async () => answers.shift() ?? pendingOf());
  const watch = watchCheckpoints({ overview, emit: (event) => events.push(event), log: silentLogger, debounceMs: 5 });
  return { events, overview, watch };
}

const changed: HostEvent = { kind: 'resource-updated', uri: 'research://projects/res_1' };

describe('checkpoint watch', () => {
  it('counts at server start without announcing old checkpoints, then announces each new one once', async () => {
    const { events, watch } = setup([pendingOf('chk_a'), pendingOf('chk_a', 'chk_b'), pendingOf('chk_b')]);
    watch.onHostEvent({ kind: 'server-state', state: 'ready', message: null });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({ kind: 'checkpoints-changed', pending: 1, arrived: [] });

    watch.onHostEvent(changed);
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events[1]).toEqual({ kind: 'checkpoints-changed', pending: 2, arrived: [{ checkpoint_id: 'chk_b', research_id: 'res_1', kind: 'hypothesis_batch', goal: 'Goal' }] });

    watch.onHostEvent(changed);
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events[2]).toEqual({ kind: 'checkpoints-changed', pending: 1, arrived: [] });
  });

  it('coalesces a burst of changes into one refresh and stays quiet when nothing changed', async () => {
    const { events, overview, watch } = setup([pendingOf('chk_a'), pendingOf('chk_a')]);
    for (let i = 0; i < 20; i += 1) watch.onHostEvent(changed);
    await vi.waitFor(() => expect(overview).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    watch.onHostEvent(changed);
    await vi.waitFor(() => expect(overview).toHaveBeenCalledTimes(2));
    expect(events).toHaveLength(1);
  });

  it('ignores other events and survives a failed count', async () => {
    const { events, overview, watch } = setup([{ ok: false, error: { code: 'SERVER_UNAVAILABLE', message: 'restarting' } }, pendingOf('chk_a')]);
    watch.onHostEvent({ kind: 'server-state', state: 'down', message: 'gone' });
    watch.onHostEvent(changed);
    await vi.waitFor(() => expect(overview).toHaveBeenCalledTimes(1));
    watch.onHostEvent(changed);
    await vi.waitFor(() => expect(events).toEqual([{ kind: 'checkpoints-changed', pending: 1, arrived: [] }]));
  });

  it('drops a refresh still waiting when cancelled', async () => {
    // Fake timers: the debounce's moment is reached for certain, not after a guessed sleep.
    vi.useFakeTimers();
    try {
      const { overview, watch } = setup([pendingOf('chk_a')]);
      watch.onHostEvent(changed);
      watch.cancel();
      await vi.runAllTimersAsync();
      expect(vi.getTimerCount()).toBe(0);
      expect(overview).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
