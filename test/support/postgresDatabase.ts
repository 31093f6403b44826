// Each PostgreSQL test file gets a database of its own on the run's cluster (postgresCluster.ts):
// created with a random name before its tests, dropped after them, whatever they left in it.
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, dropTestDatabase } from './postgresAdmin.js';

export { createTestDatabase, dropTestDatabase, postgresUnavailableReason, withDatabase } from './postgresAdmin.js';

/**
 * This file's own database, made before its tests and dropped after them; every database
 * `another()` made for it goes too. Call at the top of a describe that runs only with PostgreSQL.
 */
export function usePostgresDatabase(label: string): { url: () => string; another: (what: string) => Promise<string> } {
  let url: string | undefined;
  const made: string[] = [];
  beforeAll(async () => {
    url = await createTestDatabase(label);
    made.push(url);
  });
  afterAll(async () => {
    for (const each of made.splice(0)) await dropTestDatabase(each);
  });
  return {
    url: () => {
      if (url === undefined) throw new Error('The test database exists only while the tests run.');
      return url;
    },
    another: async (what) => {
      const extra = await createTestDatabase(`${label}_${what}`);
      made.push(extra);
      return extra;
    },
  };
}
