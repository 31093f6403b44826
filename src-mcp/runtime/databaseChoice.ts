// Which database a server entry may serve from. The PostgreSQL schema and migrator exist (store/
// postgres/), but every store function still speaks SQLite: until the store is ported, a server
// given a PostgreSQL URL refuses to start with this coded error instead of pretending to work.
import type { DatabaseLocation } from '../../src-shared/node/databaseUrl.js';

export const POSTGRES_STORE_NOT_READY = 'POSTGRES_STORE_NOT_READY';

export class DatabaseNotServableError extends Error {
  readonly code = POSTGRES_STORE_NOT_READY;
  constructor(location: Extract<DatabaseLocation, { engine: 'postgres' }>) {
    super(
      `${POSTGRES_STORE_NOT_READY}: this version of Co-Scientist cannot serve from PostgreSQL yet (${location.display}); ` +
        'its store still runs on SQLite only. "co-scientist db migrate --database <URL>" and "co-scientist doctor --database <URL>" work on PostgreSQL today. ' +
        'To serve, leave out --database and COSCI_DATABASE_URL (the SQLite file in the data folder).',
    );
    this.name = 'DatabaseNotServableError';
  }
}

/** Throws unless a server of this version can serve from `location`. */
export function requireServableDatabase(location: DatabaseLocation | undefined): void {
  if (location?.engine === 'postgres') throw new DatabaseNotServableError(location);
}
