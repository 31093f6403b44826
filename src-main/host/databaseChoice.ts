// Which database this computer's research servers use, as the scientist chose it in Settings →
// Research database (issue 30): kept in `<dataDir>/database.json` as a PostgreSQL URL, or null for
// the SQLite file in the data folder; every server started on the folder reads it
// (src-shared/node/databaseUrl.ts), so the assistants' servers follow the app. The URL never carries a password: the server
// reads it from PostgreSQL's own password file (~/.pgpass, or the file PGPASSFILE names), so no
// secret sits in a settings file and none reaches the renderer.
import fs from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_CHOICE_FILE, DatabaseUrlError, describeDatabaseLocation, readDatabaseChoice, resolveDatabaseLocation, type DatabaseLocation } from '../../src-shared/node/databaseUrl.js';
import { writeFileAtomically } from './atomicFile.js';
import { describeError, type Logger } from './log.js';

export interface DatabaseChoiceFile {
  /** The chosen URL, or null for the SQLite file (nothing chosen, or a file that is no choice, set aside). */
  read(): Promise<string | null>;
  write(url: string | null): Promise<void>;
}

export function createDatabaseChoiceFile(dataDir: string, log: Logger): DatabaseChoiceFile {
  const file = path.join(dataDir, DATABASE_CHOICE_FILE);
  return {
    async read() {
      try {
        return readDatabaseChoice(dataDir);
      } catch (error) {
        // Set aside, never overwritten: the scientist may want what they wrote back.
        const aside = `${file}.unreadable-${Date.now()}`;
        log.warn(`${describeError(error)} Moved it to ${aside}; using the SQLite file.`);
        await fs.rename(file, aside).catch(() => undefined);
        return null;
      }
    },
    async write(url) {
      await writeFileAtomically(file, `${JSON.stringify({ url }, null, 2)}\n`, { createDirectory: true });
    },
  };
}

/**
 * The PostgreSQL database a URL typed in Settings names, checked as `--database` checks it, plus the
 * rule of this file: no password in it. Throws DatabaseUrlError with a message to show as it is.
 */
export function checkChosenDatabase(raw: string, dataDir: string): Extract<DatabaseLocation, { engine: 'postgres' }> {
  const location = resolveDatabaseLocation({ flag: raw, env: {}, dataDir, readChoice: false });
  if (location.engine !== 'postgres') throw new DatabaseUrlError('Give a PostgreSQL URL such as postgres://user@host:5432/database.');
  const url = new URL(location.url);
  if (url.password !== '' || [...url.searchParams.keys()].some((key) => key.toLowerCase() === 'password')) {
    throw new DatabaseUrlError(
      `${describeDatabaseLocation(location)} carries a password, and Co-Scientist keeps no database password in its settings: put it in PostgreSQL's password file (~/.pgpass, or the file PGPASSFILE names) and give the URL without it.`,
    );
  }
  return location;
}

/**
 * The desktop app's start: COSCI_DATABASE_URL, when set, is the database (as for every other entry),
 * and Settings cannot change it; a value that is not a usable URL is reported and left out.
 */
export function startupDatabaseOption(env: NodeJS.ProcessEnv, dataDir: string, report: (message: string) => void): { databaseUrl?: string } {
  try {
    const location = resolveDatabaseLocation({ env, dataDir, readChoice: false });
    return location.engine === 'postgres' ? { databaseUrl: location.url } : {};
  } catch (error) {
    report(`${describeError(error)}; using the database chosen in Settings instead`);
    return {};
  }
}
