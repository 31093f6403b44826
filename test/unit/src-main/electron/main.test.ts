// The main process wiring, run against fake Electron and a fake host: what starts, in which
// order, and that quitting waits for the research server to be released.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../../../src-main/electron/channels.js';
import type { HostOptions } from '../../../../src-main/host/hostCore.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

function fakeElectron(lock: boolean) {
  class FakeApp extends EventEmitter {
    isPackaged = false;
    getVersion = () => '45.5.0';
    whenReady = () => Promise.resolve();
    requestSingleInstanceLock = vi.fn(() => lock);
    quit = vi.fn(() => {
      // Like Electron: quitting emits will-quit, whose handlers may prevent it.
      const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
      this.emit('will-quit', event);
      if (!event.defaultPrevented) this.exited = true;
    });
    exit = vi.fn();
    setPath = vi.fn();
    setBadgeCount = vi.fn(() => true);
    exited = false;
  }
  const app = new FakeApp();

  class FakeBrowserWindow extends EventEmitter {
    static all: FakeBrowserWindow[] = [];
    static getAllWindows = () => FakeBrowserWindow.all;
    static getFocusedWindow = () => null;
    readonly webContents = Object.assign(new EventEmitter(), {
      setWindowOpenHandler: vi.fn(),
      send: vi.fn(),
      isDestroyed: () => false,
    });
    loaded: string | null = null;
    focus = vi.fn();
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super();
      FakeBrowserWindow.all.push(this);
    }
    loadFile(file: string) {
      this.loaded = file;
      return Promise.resolve();
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    show() {}
    restore() {}
    isMinimized = () => false;
    isDestroyed = () => false;
  }

  const handlers = new Map<string, unknown>();
  const ipcMain = {
    handle: (channel: string, listener: unknown) => handlers.set(channel, listener),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  const headerHooks: unknown[] = [];
  const session = { defaultSession: { webRequest: { onHeadersReceived: (l: unknown) => headerHooks.push(l) } } };
  const shell = { openExternal: vi.fn(() => Promise.resolve()) };
  // Checkpoint alerts construct notifications only when a checkpoint arrives; none do here.
  class Notification {
    static isSupported = () => false;
    show() {}
    close() {}
    on() {
      return this;
    }
  }
  // The knowledge view's folder picker: answers as if the scientist chose /home/ana/papers.
  const dialog = { showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/ana/papers'] })) };
  return { app, BrowserWindow: FakeBrowserWindow, ipcMain, session, shell, Notification, dialog, handlers, headerHooks };
}

function fakeHostModule() {
  let releaseStop: () => void = () => {};
  const host = {
    invoke: vi.fn(async () => ({ ok: true, data: {} })),
    onEvent: vi.fn(() => () => {}),
    start: vi.fn(() => Promise.resolve()),
    stop: vi.fn(() => new Promise<void>((resolve) => (releaseStop = resolve))),
    serverStatus: vi.fn(),
  };
  const createHost = vi.fn((_options: HostOptions) => host);
  return { module: { createHost }, host, createHost, finishStop: () => releaseStop() };
}

async function startMain(lock = true) {
  const electron = fakeElectron(lock);
  const hostModule = fakeHostModule();
  vi.doMock('electron', () => electron);
  vi.doMock('../../../../src-main/host/hostCore.js', () => hostModule.module);
  await import('../../../../src-main/electron/main.js');
  return { electron, hostModule };
}

describe('Electron main', () => {
  const dataDir = path.join(os.tmpdir(), 'cosci-main-test');

  beforeEach(() => {
    vi.stubEnv('COSCI_DATA_DIR', dataDir);
    vi.stubEnv('VITE_DEV_SERVER_URL', '');
    vi.stubEnv('COSCI_NODE_PATH', process.execPath);
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.doUnmock('electron');
    vi.doUnmock('../../../../src-main/host/hostCore.js');
    vi.resetModules();
  });

  it('quits at once when another instance holds the lock, without starting a server', async () => {
    const { electron, hostModule } = await startMain(false);
    expect(electron.app.quit).toHaveBeenCalled();
    expect(hostModule.createHost).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.all).toHaveLength(0);
  });

  it('keeps Chromium’s profile (and the instance lock) inside an explicit data dir', async () => {
    const { electron } = await startMain();
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', path.join(dataDir, 'electron-profile'));
  });

  it('starts the host on its data dir, bridges IPC and opens one secure window on the built renderer', async () => {
    const { electron, hostModule } = await startMain();
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));

    const options = hostModule.createHost.mock.calls[0]?.[0];
    expect(options).toMatchObject({
      dataDir,
      hostKind: 'electron',
      appVersion: '0.1.0',
      serverCommand: { command: process.execPath, args: [path.join(repoRoot, 'dist', 'mcp', 'server.js')] },
    });
    expect(options?.registrationContext.launch).toEqual(options?.serverCommand);
    expect(hostModule.host.start).toHaveBeenCalledTimes(1);
    expect(electron.handlers.has(INVOKE_CHANNEL)).toBe(true);
    expect(electron.headerHooks).toHaveLength(1);

    const [window] = electron.BrowserWindow.all;
    expect(window?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(window?.options.webPreferences.preload).toBe(path.join(repoRoot, 'dist', 'main', 'preload.cjs'));
    expect(window?.loaded).toBe(path.join(repoRoot, 'dist', 'renderer', 'index.html'));

    // The host gets a native folder picker: a folder-only dialog, attached to the app's window.
    await expect(options?.pickFolder?.()).resolves.toBe('/home/ana/papers');
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(window, expect.objectContaining({ properties: expect.arrayContaining(['openDirectory']) }));
  });

  it('focuses the existing window when a second instance starts', async () => {
    const { electron } = await startMain();
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));
    electron.app.emit('second-instance');
    expect(electron.BrowserWindow.all).toHaveLength(1);
    expect(electron.BrowserWindow.all[0]?.focus).toHaveBeenCalled();
  });

  it('holds quitting until the research server has stopped, then releases IPC and quits', async () => {
    const { electron, hostModule } = await startMain();
    await vi.waitFor(() => expect(electron.BrowserWindow.all).toHaveLength(1));

    electron.app.emit('window-all-closed');
    if (process.platform === 'darwin') electron.app.quit();
    expect(hostModule.host.stop).toHaveBeenCalledTimes(1);
    expect(electron.app.exited).toBe(false);
    expect(electron.handlers.has(INVOKE_CHANNEL)).toBe(false);
    expect(electron.headerHooks.at(-1)).toBeNull();

    // A second quit request while stopping neither exits nor stops twice.
    electron.app.quit();
    expect(electron.app.exited).toBe(false);
    expect(hostModule.host.stop).toHaveBeenCalledTimes(1);

    hostModule.finishStop();
    await vi.waitFor(() => expect(electron.app.exited).toBe(true));
  });
});
