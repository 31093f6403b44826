import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { dataDirFlag, resolveAppLayout, resolveRendererLocation } from '../../../../src-main/electron/paths.js';

describe('resolveAppLayout', () => {
  it('finds everything next to the main bundle in a checkout', () => {
    const root = path.resolve('/work/repo');
    const layout = resolveAppLayout(path.join(root, 'dist', 'main', 'main.js'));
    expect(layout).toEqual({
      appRoot: root,
      preload: path.join(root, 'dist', 'main', 'preload.cjs'),
      rendererDir: path.join(root, 'dist', 'renderer'),
      rendererIndex: path.join(root, 'dist', 'renderer', 'index.html'),
      serverEntry: path.join(root, 'dist', 'mcp', 'server.js'),
    });
  });

  it('takes the server entry from app.asar.unpacked when packaged', () => {
    const resources = path.resolve('/Applications/Co-Scientist.app/Contents/Resources');
    const layout = resolveAppLayout(path.join(resources, 'app.asar', 'dist', 'main', 'main.js'));
    expect(layout.appRoot).toBe(path.join(resources, 'app.asar'));
    // The window's files may stay in the archive (Electron reads asar); the server's may not.
    expect(layout.rendererIndex).toBe(path.join(resources, 'app.asar', 'dist', 'renderer', 'index.html'));
    expect(layout.serverEntry).toBe(path.join(resources, 'app.asar.unpacked', 'dist', 'mcp', 'server.js'));
  });
});

describe('resolveRendererLocation', () => {
  const layout = resolveAppLayout(path.resolve('/repo/dist/main/main.js'));

  it('loads the built renderer when no dev server is named', () => {
    expect(resolveRendererLocation({ layout, isPackaged: false, devServerUrl: undefined })).toEqual({
      kind: 'file',
      rendererDir: layout.rendererDir,
      index: layout.rendererIndex,
    });
  });

  it('uses a local dev server in development', () => {
    expect(resolveRendererLocation({ layout, isPackaged: false, devServerUrl: 'http://localhost:5173' })).toEqual({
      kind: 'dev-server',
      origin: 'http://localhost:5173',
      url: 'http://localhost:5173/',
    });
  });

  it('ignores VITE_DEV_SERVER_URL in a packaged app', () => {
    const location = resolveRendererLocation({ layout, isPackaged: true, devServerUrl: 'http://localhost:5173' });
    expect(location.kind).toBe('file');
  });

  it('refuses a dev server that is not on this machine or not http', () => {
    for (const url of ['https://evil.example', 'file:///tmp/index.html', 'http://192.168.1.5:5173', 'nonsense']) {
      expect(() => resolveRendererLocation({ layout, isPackaged: false, devServerUrl: url })).toThrow(/VITE_DEV_SERVER_URL/);
    }
  });
});

describe('dataDirFlag', () => {
  it('reads both spellings and ignores everything else', () => {
    expect(dataDirFlag(['electron', 'main.js', '--data-dir', '/tmp/a'])).toBe('/tmp/a');
    expect(dataDirFlag(['electron', '--data-dir=/tmp/b'])).toBe('/tmp/b');
    expect(dataDirFlag(['electron', 'main.js', '--inspect=0'])).toBeUndefined();
  });
});
