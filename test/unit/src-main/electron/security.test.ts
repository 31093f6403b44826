import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  guardNavigation,
  installContentSecurityPolicy,
  isAllowedNavigation,
  isRendererUrl,
  isTrustedSender,
  PRODUCTION_CSP,
  secureWebPreferences,
  type HeaderHookSession,
  type SenderFrame,
} from '../../../../src-main/electron/security.js';
import { devLocation, fileLocation, FakeNavigationEvent, FakeWebContents, INDEX_URL, RENDERER_DIR } from './fakes.js';

const fileUrl = (...segments: string[]) => pathToFileURL(path.join(...segments)).href;

describe('secureWebPreferences', () => {
  it('isolates the renderer from Node and Electron', () => {
    const prefs = secureWebPreferences('/app/dist/main/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/dist/main/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('isRendererUrl', () => {
  it('accepts the built renderer and files beneath it, with or without a hash route', () => {
    expect(isRendererUrl(INDEX_URL, fileLocation)).toBe(true);
    expect(isRendererUrl(`${INDEX_URL}#/projects/res_1`, fileLocation)).toBe(true);
    expect(isRendererUrl(fileUrl(RENDERER_DIR, 'assets', 'index.js'), fileLocation)).toBe(true);
  });

  it('refuses other files, look-alike folders, traversal and other schemes', () => {
    expect(isRendererUrl(fileUrl(RENDERER_DIR, '..', 'main', 'evil.html'), fileLocation)).toBe(false);
    expect(isRendererUrl(fileUrl(`${RENDERER_DIR}-evil`, 'index.html'), fileLocation)).toBe(false);
    expect(isRendererUrl(fileUrl('/tmp', 'index.html'), fileLocation)).toBe(false);
    expect(isRendererUrl('https://example.com/index.html', fileLocation)).toBe(false);
    expect(isRendererUrl('not a url', fileLocation)).toBe(false);
    expect(isRendererUrl('', fileLocation)).toBe(false);
  });

  it('accepts exactly the dev server origin in development', () => {
    expect(isRendererUrl('http://localhost:5173/src/main.tsx', devLocation)).toBe(true);
    expect(isRendererUrl('http://localhost:5174/', devLocation)).toBe(false);
    expect(isRendererUrl('http://127.0.0.1:5173/', devLocation)).toBe(false);
    expect(isRendererUrl(INDEX_URL, devLocation)).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const top: SenderFrame = { url: INDEX_URL, parent: null };

  it('trusts the renderer top-level frame', () => {
    expect(isTrustedSender(top, fileLocation)).toBe(true);
  });

  it('refuses a foreign page, a gone frame and a subframe even of our own files', () => {
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, fileLocation)).toBe(false);
    expect(isTrustedSender(null, fileLocation)).toBe(false);
    expect(isTrustedSender({ url: INDEX_URL, parent: top }, fileLocation)).toBe(false);
  });
});

describe('isAllowedNavigation', () => {
  it('allows only reloading the renderer document itself', () => {
    expect(isAllowedNavigation(INDEX_URL, fileLocation)).toBe(true);
    expect(isAllowedNavigation(`${INDEX_URL}?x=1`, fileLocation)).toBe(true);
    expect(isAllowedNavigation(fileUrl(RENDERER_DIR, 'other.html'), fileLocation)).toBe(false);
    expect(isAllowedNavigation('https://example.com/', fileLocation)).toBe(false);
    expect(isAllowedNavigation('http://localhost:5173/', devLocation)).toBe(true);
    expect(isAllowedNavigation('https://example.com/', devLocation)).toBe(false);
  });
});

describe('guardNavigation', () => {
  function guarded() {
    const contents = new FakeWebContents();
    const openExternal = vi.fn<(url: string) => Promise<void>>(() => Promise.resolve());
    const warn = vi.fn<(message: string) => void>();
    guardNavigation(contents, { location: fileLocation, openExternal, warn });
    return { contents, openExternal, warn };
  }

  it('denies every new window and hands only https links to the browser', () => {
    const { contents, openExternal, warn } = guarded();
    expect(contents.openWindow('https://pubmed.ncbi.nlm.nih.gov/123')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://pubmed.ncbi.nlm.nih.gov/123');

    for (const url of ['http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'ms-settings:', INDEX_URL]) {
      expect(contents.openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('prevents navigation away from the renderer and opens https targets outside', () => {
    const { contents, openExternal } = guarded();
    expect(contents.navigate('https://evil.example/phish')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://evil.example/phish');
    expect(contents.navigate(fileUrl('/tmp', 'x.html'))).toBe(true);
    expect(contents.navigate('http://example.com/')).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('lets the renderer reload itself', () => {
    const { contents, openExternal } = guarded();
    expect(contents.navigate(INDEX_URL)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses <webview> attachment', () => {
    const { contents } = guarded();
    const event = new FakeNavigationEvent();
    contents.listeners.get('will-attach-webview')?.(event, '');
    expect(event.prevented).toBe(true);
  });

  it('reports a browser that cannot be opened instead of leaving a rejected promise', async () => {
    const contents = new FakeWebContents();
    const warn = vi.fn<(message: string) => void>();
    guardNavigation(contents, { location: fileLocation, openExternal: () => Promise.reject(new Error('no browser')), warn });
    contents.openWindow('https://example.com/');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('no browser')));
  });
});

describe('installContentSecurityPolicy', () => {
  function fakeSession() {
    const registered: Parameters<HeaderHookSession['webRequest']['onHeadersReceived']>[0][] = [];
    const session: HeaderHookSession = { webRequest: { onHeadersReceived: (listener) => registered.push(listener) } };
    return { session, registered };
  }

  it('adds the policy to every response and keeps the other headers', () => {
    const { session, registered } = fakeSession();
    installContentSecurityPolicy(session, PRODUCTION_CSP);
    const listener = registered[0];
    if (!listener) throw new Error('no header hook registered');
    const callback = vi.fn();
    listener({ responseHeaders: { 'X-Test': ['1'] } }, callback);
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'X-Test': ['1'], 'Content-Security-Policy': [PRODUCTION_CSP] },
    });
  });

  it('removes its hook when released', () => {
    const { session, registered } = fakeSession();
    installContentSecurityPolicy(session, PRODUCTION_CSP)();
    expect(registered).toHaveLength(2);
    expect(registered[1]).toBeNull();
  });

  it('is strict: no inline or eval script, no plugins, no framing', () => {
    const directives = new Map(PRODUCTION_CSP.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives.get('default-src')).toBe("default-src 'none'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(PRODUCTION_CSP).not.toMatch(/unsafe-(inline|eval)/);
  });
});
