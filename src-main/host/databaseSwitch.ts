// Switching this computer's research servers between the SQLite file and a PostgreSQL database
// (Settings → Research database, issue 30). The choice is the data folder's (databaseChoice.ts):
// the host writes it and restarts its server, which reads it; if that server does not come up
// (unreachable, refused, wrong schema), the old choice is written back, the server started on it
// again, and nothing has changed. Assistants' servers read it when their assistant next starts them. A
// database given when the app started (`--database`, COSCI_DATABASE_URL) wins and cannot be changed
// here. One switch at a time.
import path from 'node:path';
import { databasePath } from '../../src-shared/node/dataDir.js';
import { DatabaseUrlError, redactDatabaseUrl } from '../../src-shared/node/databaseUrl.js';
import type { DatabaseChoice } from '../../src-shared/routes/database.js';
import { checkChosenDatabase, type DatabaseChoiceFile } from './databaseChoice.js';
import { describeError } from './log.js';

export class DatabaseSwitchError extends Error {
  constructor(
    readonly code: 'INVALID_INPUT' | 'CONFLICT' | 'SERVER_UNAVAILABLE' | 'INTERNAL',
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseSwitchError';
  }
}

export interface DatabaseSwitchDeps {
  dataDir: string;
  /** The URL the app was started with, if any. */
  startupUrl: string | undefined;
  file: DatabaseChoiceFile;
  /** Stops and starts the research server (it reads the folder's choice as it starts); resolves with why it failed, or null once it answered. */
  restartServer(): Promise<string | null>;
  warn(message: string): void;
}

export interface DatabaseSwitch {
  /** Reads the stored choice; call before the server first starts. */
  load(): Promise<void>;
  current(): DatabaseChoice;
  choose(url: string | null): Promise<DatabaseChoice>;
}

export function createDatabaseSwitch(deps: DatabaseSwitchDeps): DatabaseSwitch {
  let chosen: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const url = (): string | undefined => deps.startupUrl ?? chosen ?? undefined;

  const current = (): DatabaseChoice => {
    const active = url();
    if (active === undefined) return { engine: 'sqlite', location: databasePath(path.resolve(deps.dataDir)), source: 'default' };
    return { engine: 'postgres', location: redactDatabaseUrl(active), source: deps.startupUrl === undefined ? 'settings' : 'startup' };
  };

  const choose = async (next: string | null): Promise<DatabaseChoice> => {
    if (deps.startupUrl !== undefined) {
      throw new DatabaseSwitchError('CONFLICT', `Co-Scientist was started with ${current().location} (--database or COSCI_DATABASE_URL), which Settings cannot change: start it without them to choose here.`);
    }
    let wanted: string | null = null;
    if (next !== null) {
      try {
        wanted = checkChosenDatabase(next, deps.dataDir).url;
      } catch (error) {
        if (error instanceof DatabaseUrlError) throw new DatabaseSwitchError('INVALID_INPUT', error.message);
        throw error;
      }
    }
    if (wanted === chosen) return current();
    const before = chosen;
    const beforeDescribed = current().location;
    // The file is what every server on the folder reads, this app's included: written first, put
    // back if the server cannot use what it names.
    try {
      await deps.file.write(wanted);
    } catch (error) {
      throw new DatabaseSwitchError('INTERNAL', `The choice could not be saved (${describeError(error)}), so nothing changed: the research stays in ${beforeDescribed}.`);
    }
    chosen = wanted;
    const failure = await deps.restartServer();
    if (failure === null) return current();
    const tried = current().location;
    chosen = before;
    await deps.file.write(before);
    await deps.restartServer();
    throw new DatabaseSwitchError('SERVER_UNAVAILABLE', `The research server could not use ${tried}: ${/[.!?]$/.test(failure) ? failure : `${failure}.`} Nothing changed: the research stays in ${beforeDescribed}.`);
  };

  return {
    async load() {
      const stored = await deps.file.read();
      if (stored === null) return;
      // A file edited by hand is checked like a typed URL; one that fails is left for Settings to replace.
      try {
        chosen = checkChosenDatabase(stored, deps.dataDir).url;
      } catch (error) {
        deps.warn(`the database chosen in Settings is not usable (${describeError(error)}); using the SQLite file until another is chosen`);
        chosen = null;
      }
    },
    current,
    choose(next) {
      const run = queue.then(() => choose(next));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
