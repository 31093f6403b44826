// The migration runner on real SQLite files: a current database opens without the write lock,
// an older one is brought up to date from where it stands.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { closeDatabase, openDatabase, schemaVersion, type Db } from '../../../../src-mcp/store/database.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../../src-mcp/store/migrations/index.js';
import { databasePath } from '../../../../src-shared/node/dataDir.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';
import { boardPageParams, boardPageSql } from '../../../../src-mcp/store/boardQueries.js';

function tempDir(): string {
  return makeTempDir('cosci-migrate-');
}

/** A database file in `dir` as a Co-Scientist at schema `version` left it: its migrations only, that version recorded. */
function databaseAt(dir: string, version: number): Database.Database {
  fs.mkdirSync(dir, { recursive: true });
  const old = new Database(databasePath(dir));
  for (const migration of MIGRATIONS.slice(0, version)) old.exec(migration.sql);
  old.pragma(`user_version = ${version}`);
  return old;
}

/** Opens the database in `dir` (migrating it from where it stands), runs `check` on it and closes it, whatever `check` does. */
async function withOpened(dir: string, check: (db: Db) => Promise<void>): Promise<void> {
  const db = await openDatabase(dir);
  try {
    await check(db);
  } finally {
    await closeDatabase(db);
  }
}

/** `databaseAt` with one project in it, res_1, for the hypotheses a test writes before migrating. */
function databaseWithProjectAt(dir: string, version: number): Database.Database {
  const old = databaseAt(dir, version);
  old.prepare("INSERT INTO projects (id, goal, domain, status, hypothesis_budget, created_by, created_at, updated_at) VALUES ('res_1', 'g', 'd', 'active', 3, 'desktop', 't', 't')").run();
  return old;
}

type Column = string | number | null;

/**
 * A hypothesis of res_1 with filler text; `columns` names the ones a test is about (always id and
 * seq). Only the columns given and the filler are written, so it works at every schema version.
 */
function insertHypothesis(db: Database.Database, columns: { id: string; seq: number } & Record<string, Column>): void {
  const row: Record<string, Column> = { project_id: 'res_1', summary: 's', rationale: 'r', experimental_protocol: 'p', method: 'm', origin: 'generated', status: 'pending', iteration: 1, created_by: 'desktop', created_at: 't', updated_at: 't', ...columns };
  const names = Object.keys(row);
  db.prepare(`INSERT INTO hypotheses (${names.join(', ')}) VALUES (${names.map((name) => `@${name}`).join(', ')})`).run(row);
}

describe('migrate', () => {
  it('opens a current database while another process holds the write lock (no lock is needed)', async () => {
    const dir = tempDir();
    await closeDatabase(await openDatabase(dir));
    const writer = new Database(databasePath(dir));
    writer.exec('BEGIN IMMEDIATE');
    try {
      // With a write lock to wait for, this would fail with SQLITE_BUSY after 50 ms.
      const db = await openDatabase(dir, { busyTimeoutMs: 50 });
      expect(await schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      await closeDatabase(db);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it('applies only the migrations after the version a database already has', async () => {
    const dir = tempDir();
    const old = databaseAt(dir, 2);
    old.prepare("INSERT INTO events (at, client_id, kind, subject_uri) VALUES ('t', 'c', 'k', 'u')").run();
    old.close();

    await withOpened(dir, async (db) => {
    expect(await schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    // Data written at version 2 survives: nothing before version 3 ran again.
    expect(sqlite(db).prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(1);
    });
  });

  it('0011 keeps the renames made before it, from the change feed, and they go with their project', async () => {
    const dir = tempDir();
    const old = databaseWithProjectAt(dir, 10);
    insertHypothesis(old, { id: 'hyp_1', seq: 1 });
    const event = old.prepare("INSERT INTO events (at, client_id, kind, subject_uri, data) VALUES (?, ?, 'hypothesis.retitled', 'research://projects/res_1', ?)");
    event.run('2026-01-01T00:00:00.000Z', 'desktop', JSON.stringify({ project_id: 'res_1', hypothesis_id: 'hyp_1', from: null, to: 'First' }));
    event.run('2026-01-02T00:00:00.000Z', 'desktop', JSON.stringify({ project_id: 'res_1', hypothesis_id: 'hyp_1', from: 'First', to: 'Second' }));
    // A rename of a hypothesis that is gone is not carried over.
    event.run('2026-01-03T00:00:00.000Z', 'desktop', JSON.stringify({ project_id: 'res_1', hypothesis_id: 'hyp_gone', from: null, to: 'Lost' }));
    old.close();

    await withOpened(dir, async (db) => {
    const edits = () => sqlite(db).prepare('SELECT hypothesis_id, at, client_id, from_title, to_title FROM hypothesis_title_edits ORDER BY id').all();
    expect(edits()).toEqual([
      { hypothesis_id: 'hyp_1', at: '2026-01-01T00:00:00.000Z', client_id: 'desktop', from_title: null, to_title: 'First' },
      { hypothesis_id: 'hyp_1', at: '2026-01-02T00:00:00.000Z', client_id: 'desktop', from_title: 'First', to_title: 'Second' },
    ]);
    sqlite(db).prepare("DELETE FROM projects WHERE id = 'res_1'").run();
    expect(edits()).toEqual([]);
    });
  });

  it('0012 counts the unverified citations of the rows already there, keeps counting new ones, and lists them from the index', async () => {
    const dir = tempDir();
    const old = databaseWithProjectAt(dir, 11);
    insertHypothesis(old, { id: 'hyp_1', seq: 1, citations: JSON.stringify([{ title: 'a', verified: true }, { title: 'b', verified: false }, { title: 'c' }]) });
    insertHypothesis(old, { id: 'hyp_2', seq: 2, citations: '[]' });
    insertHypothesis(old, { id: 'hyp_3', seq: 3, citations: 'not json' });
    old.close();

    await withOpened(dir, async (db) => {
    expect(await schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    const counts = () => sqlite(db).prepare('SELECT id, unverified_citations AS n FROM hypotheses ORDER BY seq').all();
    expect(counts()).toEqual([{ id: 'hyp_1', n: 2 }, { id: 'hyp_2', n: 0 }, { id: 'hyp_3', n: 0 }]);
    insertHypothesis(sqlite(db), { id: 'hyp_4', seq: 4, citations: JSON.stringify(['bare', { verified: 1 }, { verified: 0 }]) });
    sqlite(db).prepare("UPDATE hypotheses SET citations = '[{\"verified\":true}]' WHERE id = 'hyp_1'").run();
    expect(counts()).toEqual([{ id: 'hyp_1', n: 0 }, { id: 'hyp_2', n: 0 }, { id: 'hyp_3', n: 0 }, { id: 'hyp_4', n: 2 }]);
    const plan = sqlite(db).prepare('EXPLAIN QUERY PLAN SELECT id, summary, unverified_citations, parents, elo, rank FROM hypotheses WHERE project_id = ? ORDER BY CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END, seq').all('res_1') as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' | ')).toContain('USING COVERING INDEX hypotheses_in_list_order');
    });
  });

  it('0013 stores the board key of the rows already there, keeps it through changes, and reads a board page from the index', async () => {
    const dir = tempDir();
    const old = databaseWithProjectAt(dir, 12);
    insertHypothesis(old, { id: 'hyp_1', seq: 1, status: 'in_tournament', gate: 'approved', elo: 1250, rank: 2 });
    insertHypothesis(old, { id: 'hyp_2', seq: 2, status: 'in_tournament', gate: 'approved', elo: 1300, rank: 1 });
    insertHypothesis(old, { id: 'hyp_3', seq: 3, status: 'pending', gate: 'approved', elo: 1200, rank: null });
    insertHypothesis(old, { id: 'hyp_4', seq: 4, status: 'rejected', gate: 'approved', elo: 1400, rank: 3 });
    old.close();

    await withOpened(dir, async (db) => {
    expect(await schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    const keys = () => sqlite(db).prepare('SELECT id, board_bucket AS bucket, board_value AS value FROM hypotheses ORDER BY seq').all();
    const page = () => (sqlite(db).prepare(boardPageSql(false)).raw().all(...boardPageParams('res_1', null, 10)) as unknown[][]).map((row) => row[0]);
    expect(keys()).toEqual([
      { id: 'hyp_1', bucket: 0, value: 2 },
      { id: 'hyp_2', bucket: 0, value: 1 },
      { id: 'hyp_3', bucket: 1, value: -1200 },
      { id: 'hyp_4', bucket: 1, value: -1400 },
    ]);
    expect(page()).toEqual(['hyp_2', 'hyp_1', 'hyp_4', 'hyp_3']);
    // A flag, a new row and a re-rating written without the key: the triggers keep it.
    sqlite(db).prepare("UPDATE hypotheses SET safety_flag = 'dual_use' WHERE id = 'hyp_2'").run();
    sqlite(db).prepare("UPDATE hypotheses SET elo = 1500 WHERE id = 'hyp_3'").run();
    insertHypothesis(sqlite(db), { id: 'hyp_5', seq: 5, status: 'reviewed', gate: 'approved', elo: 1100, rank: 1 });
    expect(page()).toEqual(['hyp_5', 'hyp_1', 'hyp_3', 'hyp_4', 'hyp_2']);
    for (const afterCursor of [false, true]) {
      const args = boardPageParams('res_1', afterCursor ? [0, 1, 5] : null, 10);
      const plan = sqlite(db).prepare(`EXPLAIN QUERY PLAN ${boardPageSql(afterCursor)}`).all(...args) as Array<{ detail: string }>;
      expect(plan.map((row) => row.detail).join(' | ')).toContain('USING COVERING INDEX hypotheses_in_board_order');
    }
    });
  });
});
