import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { createMainWindow, mainWindowOptions, type WindowOptions } from '../../../../src-main/electron/window.js';
import { resolveAppLayout } from '../../../../src-main/electron/paths.js';
import { APP_ROOT, devLocation, fileLocation, FakeWebContents, RENDERER_INDEX } from './fakes.js';

const layout = resolveAppLayout(path.join(APP_ROOT, 'dist', 'main', 'main.js'));

/** Records how the window was built and what happened to it, in order. */
class FakeBrowserWindow {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly events: string[];
  readyToShow: (() => void) | null = null;
  shown = false;

  constructor(readonly options: WindowOptions) {
    this.events = this.webContents.calls;
    FakeBrowserWindow.created.push(this);
  }
  loadFile(file: string): Promise<void> {
    this.events.push(`loadFile:${file}`);
    return Promise.resolve();
  }
  loadURL(url: string): Promise<void> {
    this.events.push(`loadURL:${url}`);
    return Promise.resolve();
  }
  once(event: 'ready-to-show', listener: () => void): this {
    this.events.push(`once:${event}`);
    this.readyToShow = listener;
    return this;
  }
  show(): void {
    this.shown = true;
  }
}

function create(location = fileLocation, confirmDiscardEdits = vi.fn(() => false)) {
  const openExternal = vi.fn(() => Promise.resolve());
  return createMainWindow({ BrowserWindow: FakeBrowserWindow, layout, location, openExternal, warn: vi.fn(), confirmDiscardEdits });
}

describe('main window', () => {
  it('is created with the secure web preferences and our preload', () => {
    const { window } = create();
    expect(window.options.webPreferences).toMatchObject({
      preload: layout.preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(window.options).toEqual(mainWindowOptions(layout.preload));
    expect(layout.preload).toBe(path.join(APP_ROOT, 'dist', 'main', 'preload.cjs'));
  });

  it('guards navigation before it loads anything', () => {
    const { window } = create();
    const firstLoad = window.events.findIndex((e) => e.startsWith('load'));
    expect(window.events.indexOf('setWindowOpenHandler')).toBeGreaterThanOrEqual(0);
    expect(window.events.indexOf('setWindowOpenHandler')).toBeLessThan(firstLoad);
    expect(window.events.indexOf('on:will-navigate')).toBeLessThan(firstLoad);
    expect(window.webContents.openWindow('https://example.com')).toEqual({ action: 'deny' });
    expect(window.webContents.navigate('https://example.com')).toBe(true);
  });

  it('loads the built renderer from disk, or the dev server in development', async () => {
    const fromDisk = create(fileLocation);
    await fromDisk.loaded;
    expect(fromDisk.window.events).toContain(`loadFile:${RENDERER_INDEX}`);

    const fromDev = create(devLocation);
    await fromDev.loaded;
    expect(fromDev.window.events).toContain('loadURL:http://localhost:5173/');
    expect(fromDev.window.events.some((e) => e.startsWith('loadFile'))).toBe(false);
  });

  it('asks before a close or reload drops edits the page holds, and goes on only if the scientist agrees', () => {
    const keep = vi.fn(() => false);
    expect(create(fileLocation, keep).window.webContents.preventedUnload()).toBe(false);
    expect(keep).toHaveBeenCalledOnce();
    const discard = vi.fn(() => true);
    expect(create(fileLocation, discard).window.webContents.preventedUnload()).toBe(true);
    expect(discard).toHaveBeenCalledOnce();
  });

  it('stays hidden until the page is ready to show', () => {
    const { window } = create();
    expect(window.options.show).toBe(false);
    expect(window.shown).toBe(false);
    window.readyToShow?.();
    expect(window.shown).toBe(true);
  });
});
