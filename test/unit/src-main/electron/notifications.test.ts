import { describe, expect, it, vi } from 'vitest';
import { createNotifier, type NotificationInstance } from '../../../../src-main/electron/notifications.js';

class FakeNotification implements NotificationInstance {
  static supported = true;
  static instances: FakeNotification[] = [];
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  readonly handlers = new Map<string, () => void>();
  shown = false;
  closed = false;
  constructor(readonly options: { title: string; body: string }) {
    FakeNotification.instances.push(this);
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.handlers.get('close')?.();
  }
  on(event: 'click' | 'close' | 'failed', listener: () => void): this {
    this.handlers.set(event, listener);
    return this;
  }
}

function notifier(supported = true) {
  FakeNotification.supported = supported;
  FakeNotification.instances = [];
  const app = { setBadgeCount: vi.fn((_count?: number) => true) };
  const focusWindow = vi.fn();
  return { notifier: createNotifier({ Notification: FakeNotification, app, focusWindow }), app, focusWindow };
}

describe('notifier', () => {
  it('shows a notification and, on click, brings the window forward before the caller reacts', () => {
    const { notifier: n, focusWindow } = notifier();
    const order: string[] = [];
    focusWindow.mockImplementation(() => order.push('focus'));
    const request = {
      title: 'Checkpoint waiting',
      body: 'Approve the research plan for res_3',
      onClick: () => order.push('clicked'),
    };
    expect(n.notify(request)).toBe(true);
    const [shown] = FakeNotification.instances;
    expect(shown?.shown).toBe(true);
    expect(shown?.options).toEqual({ title: 'Checkpoint waiting', body: 'Approve the research plan for res_3' });
    shown?.handlers.get('click')?.();
    expect(order).toEqual(['focus', 'clicked']);
  });

  it('reports false and creates nothing where the OS has no notifications', () => {
    const { notifier: n } = notifier(false);
    expect(n.notify({ title: 't', body: 'b' })).toBe(false);
    expect(FakeNotification.instances).toHaveLength(0);
  });

  it('sets a whole, non-negative badge count', () => {
    const { notifier: n, app } = notifier();
    n.setBadgeCount(3);
    n.setBadgeCount(-2);
    n.setBadgeCount(2.7);
    expect(app.setBadgeCount.mock.calls).toEqual([[3], [0], [2]]);
  });

  it('lets go of a notification the OS refused (macOS, unsigned app): dispose does not close it', () => {
    const { notifier: n } = notifier();
    expect(n.notify({ title: 'a', body: 'refused' })).toBe(true);
    const [refused] = FakeNotification.instances;
    refused?.handlers.get('failed')?.();
    n.dispose();
    expect(refused?.closed).toBe(false);
  });

  it('closes the notifications still on screen and clears the badge on dispose', () => {
    const { notifier: n, app } = notifier();
    n.notify({ title: 'a', body: 'clicked already' });
    n.notify({ title: 'b', body: 'still showing' });
    const [clicked, showing] = FakeNotification.instances;
    clicked?.handlers.get('click')?.();
    n.dispose();
    expect(clicked?.closed).toBe(false);
    expect(showing?.closed).toBe(true);
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(0);
  });
});
