import { describe, expect, it, vi } from 'vitest';
import { bridgeHost, type BridgedHost, type EventRecipient, type InvokeEvent } from '../../../../src-main/electron/ipc.js';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../../src-main/electron/channels.js';
import { isTrustedSender, type SenderFrame } from '../../../../src-main/electron/security.js';
import type { HostEvent, Result } from '../../../../src-shared/routes/index.js';
import { fileLocation, INDEX_URL } from './fakes.js';

type Handler = (event: InvokeEvent, ...args: unknown[]) => Promise<Result<unknown>>;

class FakeIpcMain {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, listener: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** What the renderer would receive for `ipcRenderer.invoke(channel, ...args)` from `frame`. */
  invoke(frame: SenderFrame | null, ...args: unknown[]): Promise<Result<unknown>> {
    const handler = this.handlers.get(INVOKE_CHANNEL);
    if (!handler) throw new Error(`No handler registered for '${INVOKE_CHANNEL}'`);
    return handler({ senderFrame: frame }, ...args);
  }
}

class FakeHost implements BridgedHost {
  readonly listeners = new Set<(event: HostEvent) => void>();
  invoke = vi.fn<BridgedHost['invoke']>(async (route) => ({ ok: true, data: { route } }));
  onEvent(listener: (event: HostEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: HostEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

class FakeRenderer implements EventRecipient {
  readonly received: unknown[] = [];
  destroyed = false;
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, payload: HostEvent): void {
    this.received.push([channel, payload]);
  }
}

const ourFrame: SenderFrame = { url: `${INDEX_URL}#/projects`, parent: null };

function bridge(renderers: FakeRenderer[] = []) {
  const ipcMain = new FakeIpcMain();
  const host = new FakeHost();
  const warn = vi.fn<(message: string) => void>();
  const release = bridgeHost({
    ipcMain,
    host,
    isTrustedSender: (frame) => isTrustedSender(frame, fileLocation),
    eventTargets: () => renderers,
    warn,
  });
  return { ipcMain, host, warn, release };
}

describe('IPC bridge: calls', () => {
  it('passes our window’s calls to the host and returns its Result', async () => {
    const { ipcMain, host } = bridge();
    await expect(ipcMain.invoke(ourFrame, 'projects.list', { status: 'active' })).resolves.toEqual({
      ok: true,
      data: { route: 'projects.list' },
    });
    expect(host.invoke).toHaveBeenCalledWith('projects.list', { status: 'active' });
  });

  it('refuses a foreign frame with PERMISSION_DENIED and never reaches the host', async () => {
    const { ipcMain, host, warn } = bridge();
    const foreign: SenderFrame[] = [
      { url: 'https://evil.example/', parent: null },
      { url: INDEX_URL, parent: ourFrame },
    ];
    for (const frame of foreign) {
      const result = await ipcMain.invoke(frame, 'projects.start', { goal: 'x' });
      expect(result).toEqual({ ok: false, error: { code: 'PERMISSION_DENIED', message: expect.any(String) } });
    }
    await expect(ipcMain.invoke(null, 'app.info', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'PERMISSION_DENIED' },
    });
    expect(host.invoke).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://evil.example/'));
  });

  it('answers a call without a route name with INVALID_INPUT', async () => {
    const { ipcMain, host } = bridge();
    await expect(ipcMain.invoke(ourFrame, 42, {})).resolves.toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(host.invoke).not.toHaveBeenCalled();
  });

  it('turns a host that throws into an INTERNAL Result instead of a rejected invoke', async () => {
    const { ipcMain, host } = bridge();
    host.invoke.mockRejectedValueOnce(new Error('database is locked'));
    const result = await ipcMain.invoke(ourFrame, 'projects.list', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: expect.stringContaining('database is locked') },
    });
  });

  it('passes error Results from the host through unchanged', async () => {
    const { ipcMain, host } = bridge();
    const notFound: Result<unknown> = { ok: false, error: { code: 'NOT_FOUND', message: 'Project res_9 not found.' } };
    host.invoke.mockResolvedValueOnce(notFound);
    await expect(ipcMain.invoke(ourFrame, 'projects.status', { research_id: 'res_9' })).resolves.toEqual(notFound);
  });
});

describe('IPC bridge: events and release', () => {
  it('pushes host events to every open renderer, skipping destroyed ones', () => {
    const open = new FakeRenderer();
    const closed = new FakeRenderer();
    closed.destroyed = true;
    const { host } = bridge([open, closed]);
    const event: HostEvent = { kind: 'resource-updated', uri: 'research://projects' };
    host.emit(event);
    expect(open.received).toEqual([[EVENT_CHANNEL, event]]);
    expect(closed.received).toEqual([]);
  });

  it('removes its handler and its host subscription when released', () => {
    const renderer = new FakeRenderer();
    const { ipcMain, host, release } = bridge([renderer]);
    expect(ipcMain.handlers.has(INVOKE_CHANNEL)).toBe(true);
    release();
    expect(ipcMain.handlers.size).toBe(0);
    expect(host.listeners.size).toBe(0);
    host.emit({ kind: 'resources-list-changed' });
    expect(renderer.received).toEqual([]);
    // A new bridge can be installed after release (e.g. a restarted host).
    expect(() =>
      bridgeHost({ ipcMain, host, isTrustedSender: () => true, eventTargets: () => [], warn: vi.fn() }),
    ).not.toThrow();
  });
});
