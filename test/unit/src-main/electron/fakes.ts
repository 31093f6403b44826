// Fake Electron objects for the unit tests: plain objects that record what the code under test
// did to them, shaped like the small interfaces the Electron modules accept.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RendererLocation } from '../../../../src-main/electron/paths.js';
import type { NavigationEvent, WindowOpenDetails } from '../../../../src-main/electron/security.js';

export const APP_ROOT = path.resolve('/opt/co-scientist');
export const RENDERER_DIR = path.join(APP_ROOT, 'dist', 'renderer');
export const RENDERER_INDEX = path.join(RENDERER_DIR, 'index.html');
export const INDEX_URL = pathToFileURL(RENDERER_INDEX).href;

export const fileLocation: RendererLocation = { kind: 'file', rendererDir: RENDERER_DIR, index: RENDERER_INDEX };
export const devLocation: RendererLocation = {
  kind: 'dev-server',
  origin: 'http://localhost:5173',
  url: 'http://localhost:5173/',
};

export class FakeNavigationEvent implements NavigationEvent {
  prevented = false;
  preventDefault(): void {
    this.prevented = true;
  }
}

/** A WebContents as far as the navigation guard sees it. */
export class FakeWebContents {
  windowOpenHandler: ((details: WindowOpenDetails) => { action: 'deny' }) | null = null;
  readonly listeners = new Map<string, (event: NavigationEvent, url: string) => void>();
  readonly calls: string[] = [];

  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void {
    this.calls.push('setWindowOpenHandler');
    this.windowOpenHandler = handler;
  }

  on(event: 'will-navigate', listener: (event: NavigationEvent, url: string) => void): this;
  on(event: 'will-attach-webview', listener: (event: NavigationEvent) => void): this;
  on(event: 'will-prevent-unload', listener: (event: NavigationEvent) => void): this;
  on(event: string, listener: (event: NavigationEvent, url: string) => void): this {
    this.calls.push(`on:${event}`);
    this.listeners.set(event, listener);
    return this;
  }

  /** Simulates Electron's 'will-navigate' and reports whether navigation was prevented. */
  navigate(url: string): boolean {
    const event = new FakeNavigationEvent();
    this.listeners.get('will-navigate')?.(event, url);
    return event.prevented;
  }

  /** Simulates Electron's 'will-prevent-unload' (the page refused to unload) and reports whether the unload goes on. */
  preventedUnload(): boolean {
    const event = new FakeNavigationEvent();
    this.listeners.get('will-prevent-unload')?.(event, '');
    return event.prevented;
  }

  openWindow(url: string): { action: 'deny' } | undefined {
    return this.windowOpenHandler?.({ url });
  }
}
