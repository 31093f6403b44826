// The second pass of `npm test` (docs/architecture.md, *PostgreSQL engine*, "Tests"): the store,
// engine, knowledge, reasoner and MCP suites again — the same files — with every store on
// PostgreSQL (COSCI_TEST_ENGINE=postgres, test/support/testEngine.ts). Unit suites open their
// stores through openTestStore; servers the integration suites start get their data folder's
// database (test/support/server.ts). Suites about one engine's internals skip themselves with the
// reason. Where the run can have no PostgreSQL at all (no Debian binaries, none given, none
// required), the pass says so and runs nothing; CI requires it (COSCI_REQUIRE_POSTGRES=1).
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { findPostgresBinDir, REQUIRE_POSTGRES_ENV, TEST_POSTGRES_URL_ENV } from './test/support/postgresCluster.js';
import { TEST_ENGINE_ENV } from './test/support/testEngine.js';

// Set before the global setup runs (it starts the cluster for a PostgreSQL run); workers inherit it.
process.env[TEST_ENGINE_ENV] = 'postgres';

const possible = process.env[TEST_POSTGRES_URL_ENV] !== undefined || findPostgresBinDir() !== undefined || process.env[REQUIRE_POSTGRES_ENV] === '1';
if (!possible) console.error(`[tests] the PostgreSQL pass runs nothing: no ${TEST_POSTGRES_URL_ENV}, no Debian PostgreSQL binaries, and ${REQUIRE_POSTGRES_ENV} is not 1.`);

/** The suites whose subject runs on the store (the "store, engine and MCP suites"). */
const ON_THE_STORE = [
  'test/unit/src-mcp/**/*.test.ts',
  'test/integration/*.test.ts',
  'test/integration/team-server/**/*.test.ts',
];

// Spread, not mergeConfig: merging would add these files to the SQLite pass's list instead of replacing it.
export default defineConfig({
  ...base,
  // A file's stores are dropped in one afterAll (storeEngine.ts, closeTestStores): a property suite
  // makes dozens of databases, each DROP a checkpoint of the cluster, so the hooks get more time.
  test: { ...base.test, hookTimeout: 120_000, include: possible ? ON_THE_STORE : [], passWithNoTests: !possible },
});
