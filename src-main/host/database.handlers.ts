// The research-database routes (src-shared/routes/database.ts) over the host's DatabaseSwitch
// (databaseSwitch.ts): a refused choice comes back as a value with its code and message.
import type { databaseRoutes } from '../../src-shared/routes/database.js';
import { DatabaseSwitchError, type DatabaseSwitch } from './databaseSwitch.js';
import type { RouteHandlers } from './routeHandlers.js';

export type DatabaseControl = Pick<DatabaseSwitch, 'current' | 'choose'>;

const NO_CHOICE = { ok: false as const, error: { code: 'UNAVAILABLE' as const, message: 'This host does not choose its research database.' } };

export function createDatabaseHandlers(database: DatabaseControl | undefined): RouteHandlers<typeof databaseRoutes> {
  return {
    'database.get': async () => (database === undefined ? NO_CHOICE : { ok: true, data: database.current() }),
    'database.set': async (input) => {
      if (database === undefined) return NO_CHOICE;
      try {
        return { ok: true, data: await database.choose(input.url) };
      } catch (error) {
        if (error instanceof DatabaseSwitchError) return { ok: false, error: { code: error.code, message: error.message } };
        throw error;
      }
    },
  };
}
