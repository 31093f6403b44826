// vitest globalSetup: a PostgreSQL cluster for the run's PostgreSQL tests when none is given.
// CI (.ci/run) starts one and sets COSCI_TEST_POSTGRES_URL; a local run without it starts its own
// here when Debian's binaries are installed, and stops it at the end. It runs before tempDirCheck,
// so the cluster's folder is in the system temp directory, which the postgres user can enter.
//
// Starting a cluster costs ~2 s: a local run of chosen files starts one only when one of them is a
// PostgreSQL test (its path names postgres) or the run's store engine is PostgreSQL
// (COSCI_TEST_ENGINE, testEngine.ts), and a run of the whole suite always does.
import { testEngine } from './testEngine.js';
import { findPostgresBinDir, startPostgresCluster, stopPostgresCluster, TEST_POSTGRES_URL_ENV } from './postgresCluster.js';

function runMayNeedPostgres(argv: readonly string[]): boolean {
  if (testEngine() === 'postgres') return true;
  const filters = argv.slice(2).filter((arg) => !arg.startsWith('-') && arg !== 'run' && !/^\d+$/.test(arg));
  return filters.length === 0 || filters.some((filter) => /postgres/i.test(filter));
}

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env[TEST_POSTGRES_URL_ENV] !== undefined) return undefined;
  const binDir = findPostgresBinDir();
  if (binDir === undefined || !runMayNeedPostgres(process.argv)) return undefined;
  const cluster = await startPostgresCluster(binDir);
  // Test files (forked workers) inherit the environment of this process.
  process.env[TEST_POSTGRES_URL_ENV] = cluster.url;
  return () => {
    delete process.env[TEST_POSTGRES_URL_ENV];
    stopPostgresCluster(cluster.dir, binDir);
  };
}
