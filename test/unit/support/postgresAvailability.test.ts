// Whether a run's PostgreSQL tests run, skip or fail: skipped with the reason on a machine without
// a cluster, but a failure where CI (.ci/run) requires one, so that a CI run can never pass by
// skipping them.
import { describe, expect, it } from 'vitest';
import { postgresUnavailableReason } from '../../support/postgresDatabase.js';
import { findPostgresBinDir } from '../../support/postgresCluster.js';
import { makeTempDir } from '../../support/tempDirs.js';
import fs from 'node:fs';
import path from 'node:path';

describe('postgresUnavailableReason', () => {
  it('is undefined when the run has a cluster URL', () => {
    expect(postgresUnavailableReason({ COSCI_TEST_POSTGRES_URL: 'postgres://postgres@127.0.0.1:5/postgres' })).toBeUndefined();
  });

  it('gives the reason to skip without one, and throws when COSCI_REQUIRE_POSTGRES=1', () => {
    expect(postgresUnavailableReason({})).toMatch(/^no PostgreSQL for this run: COSCI_TEST_POSTGRES_URL is not set/);
    expect(() => postgresUnavailableReason({ COSCI_REQUIRE_POSTGRES: '1' })).toThrow(/COSCI_REQUIRE_POSTGRES=1 requires one/);
  });
});

describe('findPostgresBinDir', () => {
  it('picks the newest Debian major version that has pg_ctl, and none where there is none', () => {
    const root = makeTempDir('cosci-pg-root-');
    expect(findPostgresBinDir(root)).toBeUndefined();
    for (const major of ['9', '15', '16']) fs.mkdirSync(path.join(root, major, 'bin'), { recursive: true });
    for (const major of ['9', '15']) fs.writeFileSync(path.join(root, major, 'bin', 'pg_ctl'), '');
    expect(findPostgresBinDir(root)).toBe(path.join(root, '15', 'bin'));
    expect(findPostgresBinDir(path.join(root, 'missing'))).toBeUndefined();
  });
});
