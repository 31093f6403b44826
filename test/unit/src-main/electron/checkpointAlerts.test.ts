// The Electron end of checkpoint alerts: badge follows the count, arrivals notify.
import { describe, expect, it, vi } from 'vitest';
import { startCheckpointAlerts } from '../../../../src-main/electron/checkpointAlerts.js';
import type { HostEvent } from '../../../../src-shared/routes/index.js';

function fakes() {
  const shown: Array<{ title: string; body: string }> = [];
  class Notification {
    static isSupported = () => true;
    constructor(readonly options: { title: string; body: string }) {}
    show() {
      shown.push(this.options);
    }
    close() {}
    on() {
      return this;
    }
  }
  let listener: (event: HostEvent) => void = () => undefined;
  const host = { onEvent: vi.fn((l: (event: HostEvent) => void) => ((listener = l), () => undefined)) };
  const app = { setBadgeCount: vi.fn(() => true) };
  return { shown, Notification, host, app, emit: (event: HostEvent) => listener(event) };
}

const arrived = (n: number) => Array.from({ length: n }, (_, i) => ({ checkpoint_id: `chk_${i}`, research_id: 'res_1', kind: 'research_plan' as const, goal: `Goal ${i}` }));

describe('checkpoint alerts', () => {
  it('sets the badge to the pending count and notifies each arrival, or sums up a burst', () => {
    const f = fakes();
    const release = startCheckpointAlerts({ host: f.host, Notification: f.Notification, app: f.app, focusWindow: () => undefined });
    f.emit({ kind: 'resource-updated', uri: 'research://projects' });
    expect(f.app.setBadgeCount).not.toHaveBeenCalled();
    f.emit({ kind: 'checkpoints-changed', pending: 2, arrived: arrived(1) });
    expect(f.app.setBadgeCount).toHaveBeenLastCalledWith(2);
    expect(f.shown).toEqual([{ title: 'Research plan waits for your decision', body: 'Goal 0' }]);
    f.emit({ kind: 'checkpoints-changed', pending: 7, arrived: arrived(5) });
    expect(f.shown.at(-1)).toEqual({ title: '5 checkpoints wait for you', body: expect.stringContaining('approve, edit or reject') });
    expect(f.shown).toHaveLength(2);
    release();
    expect(f.app.setBadgeCount).toHaveBeenLastCalledWith(0);
  });
});
