// Where the desktop app finds its own files, in development and when packaged.
//
// Everything is derived from the location of the running main bundle (`<appRoot>/dist/main/main.js`)
// rather than from `app.getAppPath()`: the latter is the folder of the script Electron was started
// on, which differs between `electron .`, `electron dist/main/main.js` (Playwright) and a packaged
// app, while the bundle's own position inside `dist/` is the same in all three.
import path from 'node:path';

export interface AppLayout {
  /** Folder holding `dist/` and `package.json`; `…/resources/app.asar` when packaged. */
  appRoot: string;
  /** Sandboxed preload, CommonJS (see scripts/build.mjs). */
  preload: string;
  /** Built renderer; the only folder whose pages may call the host. */
  rendererDir: string;
  rendererIndex: string;
  /**
   * The MCP server entry. When packaged it lives in `app.asar.unpacked`: a process started with
   * ELECTRON_RUN_AS_NODE (ours, and every assistant we register) needs a real file path.
   */
  serverEntry: string;
}

export function resolveAppLayout(mainBundleFile: string): AppLayout {
  const appRoot = path.resolve(path.dirname(mainBundleFile), '..', '..');
  const unpackedRoot =
    path.basename(appRoot) === 'app.asar' ? path.join(path.dirname(appRoot), 'app.asar.unpacked') : appRoot;
  const rendererDir = path.join(appRoot, 'dist', 'renderer');
  return {
    appRoot,
    preload: path.join(appRoot, 'dist', 'main', 'preload.cjs'),
    rendererDir,
    rendererIndex: path.join(rendererDir, 'index.html'),
    serverEntry: path.join(unpackedRoot, 'dist', 'mcp', 'server.js'),
  };
}

/** Where the window's page comes from. */
export type RendererLocation =
  | { kind: 'file'; rendererDir: string; index: string }
  | { kind: 'dev-server'; origin: string; url: string };

/**
 * The built renderer, or the Vite dev server named by VITE_DEV_SERVER_URL. The variable is
 * ignored in a packaged app and must name a loopback http(s) origin: an environment variable
 * must never be able to point the trusted window (which can call the host) at a remote site.
 */
export function resolveRendererLocation(inputs: {
  layout: AppLayout;
  isPackaged: boolean;
  devServerUrl: string | undefined;
}): RendererLocation {
  const fileLocation: RendererLocation = {
    kind: 'file',
    rendererDir: inputs.layout.rendererDir,
    index: inputs.layout.rendererIndex,
  };
  if (inputs.isPackaged || inputs.devServerUrl === undefined || inputs.devServerUrl === '') return fileLocation;
  let url: URL;
  try {
    url = new URL(inputs.devServerUrl);
  } catch {
    throw new Error(`VITE_DEV_SERVER_URL is not a URL: ${inputs.devServerUrl}`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (!(url.protocol === 'http:' || url.protocol === 'https:') || !loopback) {
    throw new Error(
      `VITE_DEV_SERVER_URL must be an http(s) URL on this machine (localhost), got ${inputs.devServerUrl}`,
    );
  }
  return { kind: 'dev-server', origin: url.origin, url: url.href };
}

/** `--data-dir <dir>` or `--data-dir=<dir>` from the app's command line, if present. */
export function dataDirFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--data-dir') return argv[i + 1];
    if (arg?.startsWith('--data-dir=')) return arg.slice('--data-dir='.length);
  }
  return undefined;
}
