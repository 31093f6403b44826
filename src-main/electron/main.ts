// Electron main process (bundled to dist/main/main.js). Thin glue: the host (src-main/host) does
// the work; this file hands it Electron's objects and ties their lifetimes together.
//
//   single-instance lock → host (spawns the research server) → IPC bridge → window
//   quit → bridge, CSP hook and host released before the process exits
import { app, BrowserWindow, dialog, ipcMain, Notification, session, shell } from 'electron';
import * as electron from 'electron';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataDir } from '../../src-shared/node/dataDir.js';
import { createHost, type Host } from '../host/hostCore.js';
import { startupDatabaseOption } from '../host/databaseChoice.js';
import { createStderrLogger, describeError } from '../host/log.js';
import { bridgeHost } from './ipc.js';
import { startCheckpointAlerts } from './checkpointAlerts.js';
import { createFolderPicker } from './folderPicker.js';
import {
  dataDirFlag,
  resolveAppLayout,
  resolveRendererLocation,
  type AppLayout,
  type RendererLocation,
} from './paths.js';
import { installContentSecurityPolicy, isTrustedSender, PRODUCTION_CSP } from './security.js';
import { resolveServerLaunch } from './serverLaunch.js';
import { createSafeStorageSecretStore, safeStorageOf } from './secretStore.js';
import { createLabCipher } from './labCipher.js';
import { createLabSessionStore } from '../host/lab/labSessionStore.js';
import { labClientIdentityFrom } from '../host/lab/labOAuth.js';
import { startAutoUpdates } from './updates.js';
import { createMainWindow } from './window.js';

const log = createStderrLogger('electron');
/** How long quitting waits for the research server to shut down before exiting anyway. */
const STOP_TIMEOUT_MS = 5_000;

const layout = resolveAppLayout(fileURLToPath(import.meta.url));
const explicitDataDir = dataDirFlag(process.argv) ?? nonEmpty(process.env.COSCI_DATA_DIR);
const dataDir = resolveDataDir({ flag: explicitDataDir });
if (explicitDataDir !== undefined) {
  // Chromium's profile and the single-instance lock follow an explicit data dir, so a test run
  // or a second workspace is isolated from (and not blocked by) the scientist's running app.
  app.setPath('userData', path.join(dataDir, 'electron-profile'));
}

if (!app.requestSingleInstanceLock()) {
  // Another window on the same data is already open; it is brought forward by 'second-instance'.
  app.quit();
} else {
  runDesktopApp().catch((error: unknown) => {
    log.error('Co-Scientist could not start', error);
    app.exit(1);
  });
}

async function runDesktopApp(): Promise<void> {
  const location = resolveRendererLocation({
    layout,
    isPackaged: app.isPackaged,
    devServerUrl: process.env.VITE_DEV_SERVER_URL,
  });
  const launch = resolveServerLaunch({
    layout,
    isPackaged: app.isPackaged,
    electronExecPath: process.execPath,
    env: process.env,
    platform: process.platform,
  });
  const host = createHost({
    dataDir,
    ...startupDatabaseOption(process.env, dataDir, (message) => log.error(message)),
    serverCommand: launch,
    hostKind: 'electron',
    appVersion: readAppVersion(layout, app.getVersion()),
    registrationContext: { home: os.homedir(), platform: process.platform, env: process.env, launch },
    log: log.child('host'),
    // Provider API keys, encrypted with the OS keychain; the host hands them to its own server in memory only.
    secrets: createSafeStorageSecretStore({ safeStorage: safeStorageOf(electron), dataDir, platform: process.platform, warn: (message) => log.warn(message) }),
    // "Choose folder…" in the knowledge view; the chosen folder is still subject to the allowed folders.
    pickFolder: createFolderPicker({ dialog, parentWindow: () => BrowserWindow.getFocusedWindow() ?? liveWindows()[0] }),
    // Settings → Lab server: the sign-in kept with the OS keychain. The renderer opens the authorization URL with
    // window.open, which guardNavigation hands to the system browser (https only, security.ts).
    lab: { store: createLabSessionStore(dataDir, createLabCipher({ safeStorage: safeStorageOf(electron), dataDir, platform: process.platform })), client: labClientIdentityFrom(process.env) },
  });

  await app.whenReady();
  // Production only: the Vite dev server needs inline scripts and a socket for hot reload.
  const releaseCsp =
    location.kind === 'file' ? installContentSecurityPolicy(session.defaultSession, PRODUCTION_CSP) : noop;
  // The handler must exist before the first page loads, or its first call would find no one listening.
  const releaseBridge = bridgeHost({
    ipcMain,
    host,
    isTrustedSender: (frame) => isTrustedSender(frame, location),
    eventTargets: () => liveWindows().map((window) => window.webContents),
    warn: (message) => log.warn(message),
  });
  // Dock/taskbar badge and OS notifications for checkpoints waiting for the scientist.
  const releaseAlerts = startCheckpointAlerts({ host, Notification, app, focusWindow: () => liveWindows()[0]?.focus() });
  // Spawning the server and loading the page overlap; the renderer learns the server's state from events.
  host.start().catch((error: unknown) => log.error('The research server did not start', error));
  openWindow(location);
  void startAutoUpdates({ isPackaged: app.isPackaged, log: log.child('updates') });

  app.on('second-instance', () => {
    const [window] = liveWindows();
    if (window === undefined) return openWindow(location);
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  // macOS keeps apps alive without windows and reopens one from the dock.
  app.on('activate', () => {
    if (liveWindows().length === 0) openWindow(location);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  releaseOnQuit(host, () => {
    releaseBridge();
    releaseCsp();
    releaseAlerts();
  });
}

function openWindow(location: RendererLocation): void {
  const { loaded } = createMainWindow({
    BrowserWindow,
    layout,
    location,
    openExternal: (url) => shell.openExternal(url),
    warn: (message) => log.warn(message),
    confirmDiscardEdits: () =>
      dialog.showMessageBoxSync({
        type: 'question',
        buttons: ['Keep editing', 'Discard your changes'],
        defaultId: 0,
        cancelId: 0,
        message: 'Discard your changes?',
        detail: 'A form holds edits that were not sent. Closing or reloading the window drops them.',
      }) === 1,
  });
  loaded.catch((error: unknown) => {
    log.error(`The window could not load the interface (${describeLocation(location)})`, error);
  });
}

/**
 * Electron does not wait for asynchronous work in quit handlers, so the first 'will-quit' is
 * held back until the server child has been stopped, then quitting resumes.
 */
function releaseOnQuit(host: Host, releaseElectron: () => void): void {
  let phase: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('will-quit', (event) => {
    if (phase === 'stopped') return;
    event.preventDefault();
    if (phase === 'stopping') return;
    phase = 'stopping';
    releaseElectron();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
    // stop() also cancels a start still in its handshake.
    const stopped = host
      .stop()
      .catch((error: unknown) => log.error('Stopping the research server failed', error));
    void Promise.race([stopped, timeout]).then(() => {
      phase = 'stopped';
      app.quit();
    });
  });
}

function liveWindows(): BrowserWindow[] {
  return BrowserWindow.getAllWindows().filter((window) => !window.isDestroyed());
}

/** The version in our package.json; Electron's own answer is its version when started on a bare script. */
function readAppVersion(appLayout: AppLayout, fallback: string): string {
  try {
    const text = fs.readFileSync(path.join(appLayout.appRoot, 'package.json'), 'utf8');
    const manifest = JSON.parse(text) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : fallback;
  } catch (error) {
    log.warn(`Could not read the app version from package.json: ${describeError(error)}`);
    return fallback;
  }
}

function describeLocation(location: RendererLocation): string {
  return location.kind === 'file' ? location.index : location.url;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function noop(): void {}
