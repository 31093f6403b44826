// The slice of Electron's API that the desktop glue uses, declared by hand.
//
// Why: `electron` is an optionalDependency and its binary (and with it its bundled typings)
// cannot be downloaded on every machine that builds and tests this repo. These declarations keep
// `tsc` green without it. Signatures copy Electron 39's own, so when the real package is
// installed its declarations merge with these instead of clashing; delete this file once the
// `electron` package can be relied on everywhere.
//
// Only main.ts and preload.ts import from 'electron'. Every other module takes the objects it
// needs as parameters typed by small structural interfaces (ARCHITECTURE §10), so tests pass fakes.

declare module 'electron' {
  interface ElectronEvent {
    preventDefault(): void;
  }

  interface WebFrameMain {
    readonly url: string;
    readonly parent: WebFrameMain | null;
  }

  interface HandlerDetails {
    url: string;
  }

  interface WillNavigateEvent extends ElectronEvent {
    url: string;
  }

  interface WebContents {
    readonly id: number;
    send(channel: string, ...args: unknown[]): void;
    isDestroyed(): boolean;
    /** Used by the Electron E2E suite to read the effective preferences back. */
    getLastWebPreferences(): WebPreferences | null;
    setWindowOpenHandler(handler: (details: HandlerDetails) => { action: 'deny' } | { action: 'allow' }): void;
    on(event: 'will-navigate', listener: (event: WillNavigateEvent, url: string) => void): this;
    on(event: 'will-attach-webview', listener: (event: ElectronEvent) => void): this;
  }

  interface WebPreferences {
    preload?: string;
    sandbox?: boolean;
    contextIsolation?: boolean;
    nodeIntegration?: boolean;
    nodeIntegrationInSubFrames?: boolean;
    nodeIntegrationInWorker?: boolean;
    webSecurity?: boolean;
    allowRunningInsecureContent?: boolean;
    webviewTag?: boolean;
    experimentalFeatures?: boolean;
    navigateOnDragDrop?: boolean;
    spellcheck?: boolean;
  }

  interface BrowserWindowConstructorOptions {
    width?: number;
    height?: number;
    minWidth?: number;
    minHeight?: number;
    show?: boolean;
    title?: string;
    backgroundColor?: string;
    webPreferences?: WebPreferences;
  }

  class BrowserWindow {
    constructor(options?: BrowserWindowConstructorOptions);
    static getAllWindows(): BrowserWindow[];
    static getFocusedWindow(): BrowserWindow | null;
    readonly webContents: WebContents;
    loadFile(filePath: string): Promise<void>;
    loadURL(url: string): Promise<void>;
    show(): void;
    focus(): void;
    restore(): void;
    isMinimized(): boolean;
    isDestroyed(): boolean;
    once(event: 'ready-to-show', listener: () => void): this;
  }

  interface IpcMainInvokeEvent {
    readonly sender: WebContents;
    readonly senderFrame: WebFrameMain | null;
  }

  interface IpcMain {
    handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
    removeHandler(channel: string): void;
  }

  interface IpcRendererEvent {
    readonly sender: IpcRenderer;
  }

  interface IpcRenderer {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this;
    removeListener(channel: string, listener: (...args: unknown[]) => void): this;
  }

  interface ContextBridge {
    exposeInMainWorld(apiKey: string, api: unknown): void;
  }

  interface OnHeadersReceivedListenerDetails {
    url: string;
    resourceType: string;
    responseHeaders?: Record<string, string[]>;
  }

  interface HeadersReceivedResponse {
    cancel?: boolean;
    responseHeaders?: Record<string, string | string[]>;
  }

  interface WebRequest {
    onHeadersReceived(
      listener:
        | ((details: OnHeadersReceivedListenerDetails, callback: (response: HeadersReceivedResponse) => void) => void)
        | null,
    ): void;
  }

  interface Session {
    readonly webRequest: WebRequest;
  }

  const session: { readonly defaultSession: Session };

  interface Shell {
    openExternal(url: string): Promise<void>;
  }

  interface NotificationConstructorOptions {
    title?: string;
    body?: string;
    silent?: boolean;
  }

  class Notification {
    constructor(options?: NotificationConstructorOptions);
    static isSupported(): boolean;
    show(): void;
    close(): void;
    on(event: 'click' | 'close', listener: () => void): this;
  }

  interface App {
    readonly isPackaged: boolean;
    getVersion(): string;
    whenReady(): Promise<void>;
    requestSingleInstanceLock(): boolean;
    quit(): void;
    exit(exitCode?: number): void;
    setBadgeCount(count?: number): boolean;
    setPath(name: 'userData', path: string): void;
    on(event: 'second-instance' | 'window-all-closed' | 'activate', listener: () => void): this;
    on(event: 'before-quit' | 'will-quit', listener: (event: ElectronEvent) => void): this;
    on(event: 'web-contents-created', listener: (event: ElectronEvent, contents: WebContents) => void): this;
  }

  interface OpenDialogOptions {
    title?: string;
    buttonLabel?: string;
    properties?: Array<'openDirectory' | 'openFile' | 'multiSelections' | 'showHiddenFiles' | 'createDirectory' | 'dontAddToRecent'>;
  }

  interface OpenDialogReturnValue {
    canceled: boolean;
    filePaths: string[];
  }

  interface Dialog {
    showOpenDialog(window: BrowserWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
    showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  }

  /** Preload only: the on-disk path of a File the page got from a drop or an <input type=file>. */
  interface WebUtils {
    getPathForFile(file: { readonly name: string }): string;
  }

  const app: App;
  const dialog: Dialog;
  const webUtils: WebUtils;
  const ipcMain: IpcMain;
  const ipcRenderer: IpcRenderer;
  const contextBridge: ContextBridge;
  const shell: Shell;
}
