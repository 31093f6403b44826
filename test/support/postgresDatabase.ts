// Each PostgreSQL test file gets a database of its own on the run's cluster (postgresCluster.ts):
// created with a random name before its tests, dropped after them, whatever they left in it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
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

/** A new empty database on the cluster; returns its URL. Drop it with dropTestDatabase. */
export async function createTestDatabase(label = 'test'): Promise<string> {
  const name = `cosci_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(6).toString('hex')}`;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  return withDatabase(process.env[TEST_POSTGRES_URL_ENV] as string, name);
}

/** Drops the database, ending any connection a test left open to it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

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
