// The run's PostgreSQL cluster as a test administers it: a database per test file or data folder,
// created with a random name and dropped afterwards (postgresCluster.ts starts the cluster). No
// vitest here: Playwright specs and benchmarks start servers through test/support/server.ts too.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { REQUIRE_POSTGRES_ENV, TEST_POSTGRES_URL_ENV } from './postgresCluster.js';

/** Why this run has no PostgreSQL, or undefined when it has one. Throws where one is required (CI). */
export function postgresUnavailableReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env[TEST_POSTGRES_URL_ENV] !== undefined) return undefined;
  const reason = `no PostgreSQL for this run: ${TEST_POSTGRES_URL_ENV} is not set and no cluster was started (install Debian's postgresql, or run through .ci/run)`;
  if (env[REQUIRE_POSTGRES_ENV] === '1') throw new Error(`${reason}; ${REQUIRE_POSTGRES_ENV}=1 requires one.`);
  return reason;
}

/** `url` with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env[TEST_POSTGRES_URL_ENV] });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database on the cluster (empty, or a copy of `template`'s, which nobody may be connected to); returns its URL. Drop it with dropTestDatabase. */
export async function createTestDatabase(label = 'test', template?: string): Promise<string> {
  const name = `cosci_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(6).toString('hex')}`;
  const from = template === undefined ? '' : ` TEMPLATE ${new URL(template).pathname.slice(1)}`;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}${from}`));
  return withDatabase(process.env[TEST_POSTGRES_URL_ENV] as string, name);
}

/** Drops the database, ending any connection a test left open to it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Puts a copy back under `url`'s own name: the database is dropped and created again from `copy` (which nobody may be connected to). */
export async function restoreTestDatabase(url: string, copy: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(copy).pathname.slice(1)}`);
  });
}
