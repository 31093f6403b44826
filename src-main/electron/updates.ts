// Auto-update through electron-updater, which reads the `publish` block of electron-builder.yml
// (shipped as app-update.yml). electron-updater is loaded only when present, so builds and
// development runs without it keep working: they log one line and carry on without updates.
import type { Logger } from '../host/log.js';

interface AutoUpdater {
  checkForUpdatesAndNotify(): Promise<unknown>;
}

/** A variable specifier, so the bundler leaves the import for Node to resolve at run time. */
const UPDATER_MODULE = 'electron-updater';

function updaterOf(loaded: unknown): AutoUpdater | undefined {
  const mod = loaded as { autoUpdater?: AutoUpdater; default?: { autoUpdater?: AutoUpdater } } | undefined;
  const updater = mod?.autoUpdater ?? mod?.default?.autoUpdater;
  return typeof updater?.checkForUpdatesAndNotify === 'function' ? updater : undefined;
}

export interface AutoUpdateOptions {
  /** Electron's `app.isPackaged`: a development run has nothing to update. */
  isPackaged: boolean;
  log: Logger;
  /** Loads electron-updater (tests substitute it). */
  load?: () => Promise<unknown>;
}

/** Checks for an update once and lets electron-updater download it and notify; never throws. */
export async function startAutoUpdates(options: AutoUpdateOptions): Promise<'checked' | 'unavailable' | 'development' | 'failed'> {
  const { log } = options;
  if (!options.isPackaged) return 'development';
  let loaded: unknown;
  try {
    loaded = await (options.load ?? (() => import(UPDATER_MODULE)))();
  } catch {
    log.info('automatic updates are off: electron-updater is not installed in this build');
    return 'unavailable';
  }
  const updater = updaterOf(loaded);
  if (!updater) {
    log.warn('automatic updates are off: electron-updater did not provide autoUpdater');
    return 'unavailable';
  }
  try {
    await updater.checkForUpdatesAndNotify();
    return 'checked';
  } catch (error) {
    log.warn(`checking for updates failed: ${error instanceof Error ? error.message : String(error)}`);
    return 'failed';
  }
}
