import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCosciApi, type IpcRendererPort } from '../../../../src-main/electron/cosciApi.js';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../../src-main/electron/channels.js';
import type { HostEvent } from '../../../../src-shared/routes/index.js';

/** ipcRenderer as the preload sees it: invoke goes to main, `on` receives (event, payload). */
class FakeIpcRenderer extends EventEmitter implements IpcRendererPort {
  readonly invocations: unknown[][] = [];
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push([channel, ...args]);
    return Promise.resolve({ ok: true, data: { version: '0.1.0' } });
  }
  /** What main's `webContents.send(EVENT_CHANNEL, payload)` looks like from here. */
  push(payload: HostEvent): void {
    this.emit(EVENT_CHANNEL, { sender: this, senderId: 0 }, payload);
  }
}

const serverReady: HostEvent = { kind: 'server-state', state: 'ready', message: null };

describe('window.cosci (createCosciApi)', () => {
  it('has exactly invoke and onEvent, plus pathForFile when webUtils is given', () => {
    expect(Object.keys(createCosciApi(new FakeIpcRenderer())).sort()).toEqual(['invoke', 'onEvent']);
    expect(Object.keys(createCosciApi(new FakeIpcRenderer(), { getPathForFile: () => '' })).sort()).toEqual(['invoke', 'onEvent', 'pathForFile']);
  });

  it('gives the page the on-disk path of a dropped file, and null for one that is not on disk', () => {
    const asked: unknown[] = [];
    const paths = new Map([['papers', '/home/ana/papers']]);
    const api = createCosciApi(new FakeIpcRenderer(), {
      getPathForFile: (file) => {
        asked.push(file);
        return paths.get(file.name) ?? '';
      },
    });
    const dropped = { name: 'papers' };
    expect(api.pathForFile?.(dropped)).toBe('/home/ana/papers');
    expect(api.pathForFile?.({ name: 'made-in-the-page.txt' })).toBeNull();
    expect(asked[0]).toBe(dropped);
  });

  it('invokes routes over the one invoke channel and returns main’s Result', async () => {
    const ipc = new FakeIpcRenderer();
    const api = createCosciApi(ipc);
    await expect(api.invoke('app.info', {})).resolves.toEqual({ ok: true, data: { version: '0.1.0' } });
    expect(ipc.invocations).toEqual([[INVOKE_CHANNEL, 'app.info', {}]]);
  });

  it('delivers event payloads only, never the IPC event that carries ipcRenderer', () => {
    const ipc = new FakeIpcRenderer();
    const listener = vi.fn();
    createCosciApi(ipc).onEvent(listener);
    ipc.push(serverReady);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(serverReady);
  });

  it('stops delivering after unsubscribe, and unsubscribing twice is harmless', () => {
    const ipc = new FakeIpcRenderer();
    const api = createCosciApi(ipc);
    const kept = vi.fn();
    const dropped = vi.fn();
    api.onEvent(kept);
    const off = api.onEvent(dropped);
    off();
    off();
    ipc.push(serverReady);
    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(ipc.listenerCount(EVENT_CHANNEL)).toBe(1);
  });
});

describe('preload entry', () => {
  afterEach(() => {
    vi.doUnmock('electron');
    vi.resetModules();
  });

  it('exposes window.cosci and nothing else to the page', async () => {
    const exposeInMainWorld = vi.fn();
    const ipcRenderer = new FakeIpcRenderer();
    const webUtils = { getPathForFile: () => '' };
    vi.doMock('electron', () => ({ contextBridge: { exposeInMainWorld }, ipcRenderer, webUtils }));
    await import('../../../../src-main/electron/preload.js');

    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [key, api] = exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(key).toBe('cosci');
    expect(Object.keys(api).sort()).toEqual(['invoke', 'onEvent', 'pathForFile']);
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
    expect(Object.values(api)).not.toContain(ipcRenderer);
    expect(Object.values(api)).not.toContain(webUtils);
  });
});

describe('preload bundle', () => {
  it('needs nothing but electron at run time, so it loads in a sandboxed renderer', async () => {
    // The same settings as scripts/build.mjs uses for dist/main/preload.cjs.
    const result = await build({
      absWorkingDir: fileURLToPath(new URL('../../../../', import.meta.url)),
      entryPoints: ['src-main/electron/preload.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['electron'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const [output] = Object.values(result.metafile.outputs);
    const imports = output?.imports.map((i) => i.path) ?? [];
    // A sandboxed preload can require only a few modules; anything else fails when the window opens.
    expect(imports).toEqual(['electron']);
    // The contract is imported for its types: zod and host code must not be bundled.
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((file) => file.includes('node_modules'))).toBe(false);
    expect(inputs.every((file) => file.startsWith('src-main/electron/'))).toBe(true);
  });
});
