// The migration runner on real SQLite files: a current database opens without the write lock,
// an older one is brought up to date from where it stands.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { closeDatabase, openDatabase, schemaVersion } from '../../../../src-mcp/store/database.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../../src-mcp/store/migrations/index.js';
import { databasePath } from '../../../../src-mcp/store/dataDir.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';

function tempDir(): string {
  return makeTempDir('cosci-migrate-');
}

describe('migrate', () => {
  it('opens a current database while another process holds the write lock (no lock is needed)', () => {
    const dir = tempDir();
    closeDatabase(openDatabase(dir));
    const writer = new Database(databasePath(dir));
    writer.exec('BEGIN IMMEDIATE');
    try {
      // With a write lock to wait for, this would fail with SQLITE_BUSY after 50 ms.
      const db = openDatabase(dir, { busyTimeoutMs: 50 });
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      closeDatabase(db);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it('applies only the migrations after the version a database already has', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    const old = new Database(databasePath(dir));
    for (const migration of MIGRATIONS.slice(0, 2)) old.exec(migration.sql);
    old.pragma('user_version = 2');
    old.prepare("INSERT INTO events (at, client_id, kind, subject_uri) VALUES ('t', 'c', 'k', 'u')").run();
    old.close();

    const db = openDatabase(dir);
    try {
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      // Data written at version 2 survives: nothing before version 3 ran again.
      expect(sqlite(db).prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(1);
    } finally {
      closeDatabase(db);
    }
  });

  it('0011 keeps the renames made before it, from the change feed, and they go with their project', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    const old = new Database(databasePath(dir));
    for (const migration of MIGRATIONS.slice(0, 10)) old.exec(migration.sql);
    old.pragma('user_version = 10');
    old.prepare("INSERT INTO projects (id, goal, domain, status, hypothesis_budget, created_by, created_at, updated_at) VALUES ('res_1', 'g', 'd', 'active', 3, 'desktop', 't', 't')").run();
    const hypothesis = old.prepare(
      "INSERT INTO hypotheses (id, project_id, seq, summary, rationale, experimental_protocol, method, origin, status, iteration, created_by, created_at, updated_at) VALUES (?, 'res_1', ?, 's', 'r', 'p', 'm', 'generated', 'pending', 1, 'desktop', 't', 't')",
    );
    hypothesis.run('hyp_1', 1);
    const event = old.prepare("INSERT INTO events (at, client_id, kind, subject_uri, data) VALUES (?, ?, 'hypothesis.retitled', 'research://projects/res_1', ?)");
    event.run('2026-01-01T00:00:00.000Z', 'desktop', JSON.stringify({ project_id: 'res_1', hypothesis_id: 'hyp_1', from: null, to: 'First' }));
    event.run('2026-01-02T00:00:00.000Z', 'desktop', JSON.stringify({ project_id: 'res_1', hypothesis_id: 'hyp_1', from: 'First', to: 'Second' }));
    // A rename of a hypothesis that is gone is not carried over.
    event.run('2026-01-03T00:00:00.000Z', 'desktop', JSON.stringify({ project_id: 'res_1', hypothesis_id: 'hyp_gone', from: null, to: 'Lost' }));
    old.close();

    const db = openDatabase(dir);
    try {
      const edits = () => sqlite(db).prepare('SELECT hypothesis_id, at, client_id, from_title, to_title FROM hypothesis_title_edits ORDER BY id').all();
      expect(edits()).toEqual([
        { hypothesis_id: 'hyp_1', at: '2026-01-01T00:00:00.000Z', client_id: 'desktop', from_title: null, to_title: 'First' },
        { hypothesis_id: 'hyp_1', at: '2026-01-02T00:00:00.000Z', client_id: 'desktop', from_title: 'First', to_title: 'Second' },
      ]);
      sqlite(db).prepare("DELETE FROM projects WHERE id = 'res_1'").run();
      expect(edits()).toEqual([]);
    } finally {
      closeDatabase(db);
    }
  });

  it('0012 counts the unverified citations of the rows already there, keeps counting new ones, and lists them from the index', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    const old = new Database(databasePath(dir));
    for (const migration of MIGRATIONS.slice(0, 11)) old.exec(migration.sql);
    old.pragma('user_version = 11');
    old.prepare("INSERT INTO projects (id, goal, domain, status, hypothesis_budget, created_by, created_at, updated_at) VALUES ('res_1', 'g', 'd', 'active', 3, 'desktop', 't', 't')").run();
    const hypothesis = old.prepare(
      "INSERT INTO hypotheses (id, project_id, seq, summary, rationale, experimental_protocol, citations, method, origin, status, iteration, created_by, created_at, updated_at) VALUES (?, 'res_1', ?, 's', 'r', 'p', ?, 'm', 'generated', 'pending', 1, 'desktop', 't', 't')",
    );
    hypothesis.run('hyp_1', 1, JSON.stringify([{ title: 'a', verified: true }, { title: 'b', verified: false }, { title: 'c' }]));
    hypothesis.run('hyp_2', 2, '[]');
    hypothesis.run('hyp_3', 3, 'not json');
    old.close();

    const db = openDatabase(dir);
    try {
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      const counts = () => sqlite(db).prepare('SELECT id, unverified_citations AS n FROM hypotheses ORDER BY seq').all();
      expect(counts()).toEqual([{ id: 'hyp_1', n: 2 }, { id: 'hyp_2', n: 0 }, { id: 'hyp_3', n: 0 }]);
      sqlite(db)
        .prepare(
          "INSERT INTO hypotheses (id, project_id, seq, summary, rationale, experimental_protocol, citations, method, origin, status, iteration, created_by, created_at, updated_at) VALUES ('hyp_4', 'res_1', 4, 's', 'r', 'p', ?, 'm', 'generated', 'pending', 1, 'desktop', 't', 't')",
        )
        .run(JSON.stringify(['bare', { verified: 1 }, { verified: 0 }]));
      sqlite(db).prepare("UPDATE hypotheses SET citations = '[{\"verified\":true}]' WHERE id = 'hyp_1'").run();
      expect(counts()).toEqual([{ id: 'hyp_1', n: 0 }, { id: 'hyp_2', n: 0 }, { id: 'hyp_3', n: 0 }, { id: 'hyp_4', n: 2 }]);
      const plan = sqlite(db).prepare('EXPLAIN QUERY PLAN SELECT id, summary, unverified_citations, parents, elo, rank FROM hypotheses WHERE project_id = ? ORDER BY CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END, seq').all('res_1') as Array<{ detail: string }>;
      expect(plan.map((row) => row.detail).join(' | ')).toContain('USING COVERING INDEX hypotheses_in_list_order');
    } finally {
      closeDatabase(db);
    }
  });
});
