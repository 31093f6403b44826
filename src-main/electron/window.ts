// The main window: secure options, navigation guard, and loading the renderer.
import { guardNavigation, secureWebPreferences, type GuardedContents } from './security.js';
import type { AppLayout, RendererLocation } from './paths.js';

export interface MainWindow {
  readonly webContents: GuardedContents;
  loadFile(filePath: string): Promise<void>;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
}

export type WindowOptions = ReturnType<typeof mainWindowOptions>;

/** Electron's BrowserWindow class, or a fake of it in tests. */
export type WindowClass<W extends MainWindow> = new (options: WindowOptions) => W;

export function mainWindowOptions(preload: string) {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Co-Scientist',
    // Shown on 'ready-to-show' so the scientist never sees an empty white frame.
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preload),
  };
}

export interface CreateWindowOptions<W extends MainWindow> {
  BrowserWindow: WindowClass<W>;
  layout: AppLayout;
  location: RendererLocation;
  openExternal: (url: string) => Promise<void>;
  warn: (message: string) => void;
  /**
   * Asked when the page holds edits (its beforeunload refused) and the window is closing or
   * reloading: true drops them and goes on; false keeps the window as it is. Electron shows no
   * dialog of its own: without this, the window would just not close.
   */
  confirmDiscardEdits: () => boolean;
}

/**
 * Creates the main window and starts loading the renderer. The returned promise settles when
 * the page has loaded (or failed to); the window exists as soon as this function is called.
 */
export function createMainWindow<W extends MainWindow>(
  options: CreateWindowOptions<W>,
): { window: W; loaded: Promise<void> } {
  const window = new options.BrowserWindow(mainWindowOptions(options.layout.preload));
  // Guard before loading, so not even the first page can open windows or navigate away.
  guardNavigation(window.webContents, {
    location: options.location,
    openExternal: options.openExternal,
    warn: options.warn,
  });
  // In Electron preventDefault here is what lets the unload happen despite the page's refusal.
  window.webContents.on('will-prevent-unload', (event) => {
    if (options.confirmDiscardEdits()) event.preventDefault();
  });
  window.once('ready-to-show', () => window.show());
  const loaded =
    options.location.kind === 'file' ? window.loadFile(options.location.index) : window.loadURL(options.location.url);
  return { window, loaded };
}
