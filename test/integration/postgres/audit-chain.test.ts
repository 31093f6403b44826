// The audit chain on PostgreSQL is verified by the same check as on SQLite (AuditChainWalk): the
// rows a real SQLite store appended, copied verbatim into a migrated PostgreSQL database, get the
// same verdict on both engines — intact, and after the same edit or deletion, broken at the same
// row for the same reason — across several of the verifier's pages.
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditRows, verifyAuditChain, type AuditEntry } from '../../../src-mcp/store/audit.js';
import { closeDatabase, inspectPostgresDatabase, openDatabase, type Db } from '../../../src-mcp/store/database.js';
import { connectPostgres } from '../../../src-mcp/store/postgres/connection.js';
import { migratePostgres } from '../../../src-mcp/store/postgres/migrate.js';
import { databasePath } from '../../../src-shared/node/dataDir.js';
import { makeTempDir } from '../../support/tempDirs.js';
import { postgresUnavailableReason, usePostgresDatabase } from '../../support/postgresDatabase.js';

const unavailable = postgresUnavailableReason();
const ROWS = 2_345; // three pages of the verifier (1,000 rows each)
const COLUMNS = ['id', 'at', 'client_id', 'action', 'target', 'arguments', 'outcome', 'error_code', 'duration_ms', 'prev_hash', 'hash'] as const;

describe.skipIf(unavailable !== undefined)(`audit chain on PostgreSQL${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  const databases = usePostgresDatabase('audit');
  let dataDir: string;
  let sqliteDb: Db;
  let client: pg.Client;
  let postgresDb: Db;

  beforeAll(async () => {
    dataDir = makeTempDir('cosci-audit-pg-');
    sqliteDb = await openDatabase(dataDir);
    const entries: AuditEntry[] = Array.from({ length: ROWS }, (_, i) => ({
      at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      clientId: i % 3 === 0 ? 'claude-code' : 'desktop',
      action: 'tool:get_research_status',
      target: i % 5 === 0 ? null : `research://projects/res_${i % 7}`,
      arguments: JSON.stringify({ project_id: `res_${i % 7}`, detail: 'concise' }),
      outcome: i % 11 === 0 ? 'error' : 'success',
      errorCode: i % 11 === 0 ? 'not_found' : null,
      durationMs: (i % 97) / 7,
    }));
    await appendAuditRows(sqliteDb, entries);
    client = await connectPostgres(databases.url());
    await migratePostgres(client, 'audit');
    // Verbatim, ids included (the identity column is BY DEFAULT for imports like this one).
    const reader = new Database(databasePath(dataDir), { readonly: true });
    const rows = reader.prepare(`SELECT ${COLUMNS.join(', ')} FROM audit_log ORDER BY id`).all() as Array<Record<string, unknown>>;
    reader.close();
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      const values = batch.map((_, r) => `(${COLUMNS.map((__, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ');
      await client.query(`INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES ${values}`, batch.flatMap((row) => COLUMNS.map((c) => row[c])));
    }
    await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
    postgresDb = inspectPostgresDatabase(databases.url());
  });

  afterAll(async () => {
    await client?.end();
    if (postgresDb !== undefined) await closeDatabase(postgresDb);
    if (sqliteDb !== undefined) await closeDatabase(sqliteDb);
  });

  /** Runs the same statement on both engines around their append-only triggers. */
  function tamperSqlite(statement: string): void {
    const raw = new Database(databasePath(dataDir));
    raw.exec('DROP TRIGGER IF EXISTS audit_log_is_append_only_update; DROP TRIGGER IF EXISTS audit_log_is_append_only_delete');
    raw.exec(statement);
    raw.close();
  }

  it('gives an intact chain the same verdict as SQLite', async () => {
    const verdict = await verifyAuditChain(postgresDb);
    expect(verdict).toEqual({ ok: true, rows: ROWS });
    expect(verdict).toEqual(await verifyAuditChain(sqliteDb));
  });

  it('names the same first broken row, for the same reason, after an edit on the third page', async () => {
    const statement = `UPDATE audit_log SET duration_ms = duration_ms + 1 WHERE id = 2101`;
    await client.query(statement);
    tamperSqlite(statement);
    const verdict = await verifyAuditChain(postgresDb);
    expect(verdict).toEqual({ ok: false, rows: 2101, firstBrokenId: 2101, reason: 'content does not match its hash (the row was edited)' });
    expect(verdict).toEqual(await verifyAuditChain(sqliteDb));
  });

  it('names the row after a deleted one, for the same reason, on the first page', async () => {
    const statement = 'DELETE FROM audit_log WHERE id = 1000';
    await client.query(statement);
    tamperSqlite(statement);
    const verdict = await verifyAuditChain(postgresDb);
    expect(verdict).toMatchObject({ ok: false, firstBrokenId: 1001, reason: 'link to the previous row does not match (a row was removed or inserted before it)' });
    expect(verdict).toEqual(await verifyAuditChain(sqliteDb));
  });
});
