// The PostgreSQL baseline (migrations/index.ts, POSTGRES_BASELINE) is what pg_dump writes for the
// steps up to its version (test/support/postgresBaseline.ts): this test fails when the file is
// anything else, and `-u` rewrites it. That a database made from it equals one migrated step by
// step is migrations.test.ts's first case.
import { describe, expect, it } from 'vitest';
import { POSTGRES_BASELINE } from '../../../src-mcp/store/migrations/index.js';
import { generateBaseline } from '../../support/postgresBaseline.js';
import { postgresUnavailableReason, usePostgresDatabase } from '../../support/postgresDatabase.js';

const unavailable = postgresUnavailableReason();

describe.skipIf(unavailable !== undefined)(`PostgreSQL baseline${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  const databases = usePostgresDatabase('baseline');

  it('is the schema pg_dump writes for the steps up to its version', async () => {
    const text = await generateBaseline(databases.url(), POSTGRES_BASELINE.version);
    expect(text).toMatch(/^CREATE TABLE projects \(/m);
    await expect(text).toMatchFileSnapshot('../../../src-mcp/store/migrations/postgres/baseline.sql');
  });
});
