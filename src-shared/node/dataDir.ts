// The one function that decides where Co-Scientist keeps its data (architecture.md, *Data, change feed, live updates*).
// Every process (each assistant's server, the desktop host, the web host, the CLI) calls it,
// so that they all meet on the same database.
import path from 'node:path';
import os from 'node:os';

export const APP_DIR_NAME = 'Co-Scientist';
export const DATABASE_FILE = 'co-scientist.db';

export interface DataDirInputs {
  /** Value of `--data-dir`, if given on the command line. */
  flag?: string | undefined;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
}

export function resolveDataDir(inputs: DataDirInputs = {}): string {
  const env = inputs.env ?? process.env;
  const platform = inputs.platform ?? process.platform;
  const home = inputs.home ?? os.homedir();
  // An explicit choice always wins: tests and power users point every process at one folder.
  const explicit = inputs.flag ?? env.COSCI_DATA_DIR;
  if (explicit !== undefined && explicit.trim() !== '') return path.resolve(explicit);

  const p = platform === 'win32' ? path.win32 : path.posix;
  switch (platform) {
    case 'darwin':
      return p.join(home, 'Library', 'Application Support', APP_DIR_NAME);
    case 'win32':
      return p.join(env.APPDATA ?? p.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
    default: {
      const xdg = env.XDG_DATA_HOME;
      // The XDG spec says relative values are invalid and must be ignored.
      const base = xdg !== undefined && p.isAbsolute(xdg) ? xdg : p.join(home, '.local', 'share');
      return p.join(base, 'co-scientist');
    }
  }
}

/**
 * The folder a server opens when nothing names one (no `--data-dir`, no COSCI_DATA_DIR): what an
 * assistant's copy finds by itself. XDG_DATA_HOME is left out because an assistant does not pass
 * it on to the servers it starts (they get HOME, PATH, USER and the like); APPDATA stays, since
 * Windows gives it to every process.
 */
export function defaultDataDir(inputs: Omit<DataDirInputs, 'flag'> = {}): string {
  const appData = (inputs.platform ?? process.platform) === 'win32' ? (inputs.env ?? process.env).APPDATA : undefined;
  return resolveDataDir({ ...inputs, env: appData !== undefined ? { APPDATA: appData } : {} });
}

/** The server's first stderr line names the folder it opened; a test launch reads it back. */
export function dataDirAnnouncement(clientId: string, dataDir: string): string {
  return `[co-scientist] serving client "${clientId}" on stdio; data in ${dataDir}`;
}

/** The data folder a server's stderr announced, if it did. */
export function announcedDataDir(stderr: string): string | undefined {
  return /^\[co-scientist\] serving client ".*" on stdio; data in (.+)$/m.exec(stderr)?.[1];
}

export function databasePath(dataDir: string): string {
  return path.join(dataDir, DATABASE_FILE);
}
