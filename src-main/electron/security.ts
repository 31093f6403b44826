// The window's security posture, in one place: web preferences, which pages count as ours,
// what navigation is allowed, and the production Content-Security-Policy.
//
// The renderer can reach the host (and through it the research database) so the page it runs
// must be exactly our built renderer. Every check here fails closed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RendererLocation } from './paths.js';

/** Web preferences for every window that shows the renderer (Electron security checklist). */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    // Dropping a file on the window would otherwise navigate away from the renderer.
    navigateOnDragDrop: false,
  };
}

/** Whether a URL is a page of our renderer: a file inside the built renderer folder, or the dev server's origin. */
export function isRendererUrl(rawUrl: string, location: RendererLocation): boolean {
  const url = parseUrl(rawUrl);
  if (url === null) return false;
  if (location.kind === 'dev-server') return url.origin === location.origin;
  const file = filePath(url);
  if (file === null) return false;
  const relative = path.relative(location.rendererDir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The frame an IPC message came from; null once the frame has navigated away or been destroyed. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: SenderFrame | null;
}

/**
 * Only our renderer's top-level document may call the host. A subframe is refused even when it
 * is one of our files: the renderer never embeds frames, so one that calls us is not ours.
 */
export function isTrustedSender(frame: SenderFrame | null, location: RendererLocation): boolean {
  return frame !== null && frame.parent === null && isRendererUrl(frame.url, location);
}

/**
 * Navigation that stays on the renderer document (a reload, or the dev server's HMR reload).
 * Anything else would replace our page with one we do not control while it keeps the preload API.
 */
export function isAllowedNavigation(rawUrl: string, location: RendererLocation): boolean {
  const url = parseUrl(rawUrl);
  if (url === null) return false;
  if (location.kind === 'dev-server') return url.origin === location.origin;
  const file = filePath(url);
  return file !== null && path.resolve(file) === path.resolve(location.index);
}

export interface WindowOpenDetails {
  url: string;
}

export interface NavigationEvent {
  preventDefault(): void;
}

/** The parts of Electron's WebContents that the navigation guard touches. */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: NavigationEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-prevent-unload', listener: (event: NavigationEvent) => void): unknown;
}

export interface GuardOptions {
  location: RendererLocation;
  /** Electron's `shell.openExternal`: hands a link to the user's browser. */
  openExternal: (url: string) => Promise<void>;
  warn: (message: string) => void;
}

/**
 * Denies every new window and every navigation away from the renderer. Links the scientist
 * clicks (papers, docs) still work: https links open in the default browser, outside the app;
 * anything else (http, file, custom schemes that could launch programs) is dropped.
 */
export function guardNavigation(contents: GuardedContents, options: GuardOptions): void {
  const openOutside = (url: string): void => {
    if (parseUrl(url)?.protocol !== 'https:') {
      options.warn(`Blocked a link that is not https: ${url}`);
      return;
    }
    options.openExternal(url).catch((cause: unknown) => {
      options.warn(`Could not open ${url} in the browser: ${String(cause)}`);
    });
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isAllowedNavigation(url, options.location)) return;
    event.preventDefault();
    openOutside(url);
  });
  // <webview> is disabled in the web preferences; refusing attachment as well costs nothing.
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * Production CSP for the renderer. The built renderer's index.html carries a meta CSP too; a
 * header adds `frame-ancestors`, which a meta tag cannot express. The renderer talks to the host
 * only through the preload, so it needs no network at all.
 */
export const PRODUCTION_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface HeadersReceivedDetails {
  responseHeaders?: Record<string, string[]>;
}

export interface HeaderHookSession {
  webRequest: {
    onHeadersReceived(
      listener:
        | ((
            details: HeadersReceivedDetails,
            callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
          ) => void)
        | null,
    ): void;
  };
}

/** Adds the CSP header to every response of the session; returns a function that removes the hook. */
export function installContentSecurityPolicy(session: HeaderHookSession, policy: string): () => void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  return () => session.webRequest.onHeadersReceived(null);
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function filePath(url: URL): string | null {
  if (url.protocol !== 'file:') return null;
  try {
    return fileURLToPath(url);
  } catch {
    // file://host/share URLs on POSIX, malformed escapes: not our renderer.
    return null;
  }
}
