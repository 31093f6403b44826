// The store's one SQL text for both engines (store/sql.ts, statementText.ts, dialect.ts) and its
// units of work on each engine: the same tests on SQLite and, with COSCI_TEST_ENGINE=postgres, on
// the run's PostgreSQL cluster.
import { describe, expect, it } from 'vitest';
import { execute, row, rows, scalar, scalars, tuples, writeReturning } from '../../../../src-mcp/store/sql.js';
import { perEngine } from '../../../../src-mcp/store/dialect.js';
import { readTransaction, writeTransaction, openPostgresDatabase, closeDatabase } from '../../../../src-mcp/store/database.js';
import { outsideUnits } from '../../../../src-mcp/store/unitOfWork.js';
import { postgresStatement, postgresValues } from '../../../../src-mcp/store/postgres/statementText.js';
import { openTestStore, testEngine, testStoreUrl } from '../../../support/storeEngine.js';

describe('SQLite statement text as PostgreSQL reads it', () => {
  it('numbers positional parameters in order', () => {
    expect(postgresStatement('SELECT * FROM t WHERE a = ? AND b IN (?, ?) LIMIT ?').text).toBe('SELECT * FROM t WHERE a = $1 AND b IN ($2, $3) LIMIT $4');
  });

  it('gives a named parameter one number however often it appears, and binds by name', () => {
    const statement = postgresStatement('SELECT 1 WHERE (@status IS NULL OR status = @status) AND id = @id');
    expect(statement.text).toBe('SELECT 1 WHERE ($1 IS NULL OR status = $1) AND id = $2');
    expect(postgresValues(statement, { id: 'x', status: null })).toEqual([null, 'x']);
    expect(() => postgresValues(statement, { id: 'x' })).toThrow(/Missing named parameter 'status'/);
  });

  it('quotes camelCase names so rows keep SQLite keys, and leaves literals, quoted names, comments and casts alone', () => {
    const statement = postgresStatement(`SELECT MAX(at) AS lastSeen, 'a ? @b lastSeen' AS "x?", CAST(? AS text)::text -- ? here
      FROM audit_log /* @c */ ORDER BY lastSeen`);
    expect(statement.text).toBe(`SELECT MAX(at) AS "lastSeen", 'a ? @b lastSeen' AS "x?", CAST($1 AS text)::text -- ? here
      FROM audit_log /* @c */ ORDER BY "lastSeen"`);
  });

  it('refuses a text mixing named and positional parameters', () => {
    expect(() => postgresStatement('SELECT ? WHERE a = @a')).toThrow(/mixes named and positional/);
  });
});

describe(`store statements on ${testEngine()}`, () => {
  async function tableStore() {
    const db = await openTestStore('cosci-sql-');
    // A table of the test's own: the statements under test, not the schema's constraints.
    await execute(db, "CREATE TABLE scratch (id TEXT PRIMARY KEY, goal TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'active', settings TEXT NOT NULL DEFAULT '{}')");
    await writeTransaction(db, async () => {
      await execute(db, "INSERT INTO scratch (id, goal) VALUES ('p1', 'a goal')");
    });
    return db;
  }

  it('reads rows, one row, a value, a column and arrays alike', async () => {
    const db = await tableStore();
    expect(await rows(db, 'SELECT id, goal AS projectGoal FROM scratch WHERE id = ?', ['p1'])).toEqual([{ id: 'p1', projectGoal: 'a goal' }]);
    expect(await row(db, 'SELECT id FROM scratch WHERE id = @id', { id: 'none' })).toBeUndefined();
    expect(await scalar<number>(db, 'SELECT COUNT(*) FROM scratch')).toBe(1);
    expect(await scalars<string>(db, 'SELECT id FROM scratch ORDER BY id')).toEqual(['p1']);
    expect(await tuples(db, 'SELECT id, 1 + 1, id = ? FROM scratch', ['p1'])).toEqual([['p1', 2, 1]]);
  });

  it('builds a per-engine statement from one template (JSON in a text column)', async () => {
    const db = await tableStore();
    const set = perEngine((d) => `UPDATE scratch SET settings = ${d.jsonWithTexts('settings', [['trashedAt', '?']])} WHERE id = ?`);
    expect(await execute(db, set, ['2026-02-02', 'p1'])).toBe(1);
    const read = perEngine((d) => `SELECT ${d.jsonText('settings', 'trashedAt')} FROM scratch WHERE id = ?`);
    expect(await scalar(db, read, ['p1'])).toBe('2026-02-02');
    const unset = perEngine((d) => `UPDATE scratch SET settings = ${d.jsonWithout('settings', ['trashedAt'])} WHERE id = ?`);
    await execute(db, unset, ['p1']);
    expect(await scalar(db, read, ['p1'])).toBeNull();
    const inList = perEngine((d) => `SELECT id FROM scratch WHERE id IN (${d.jsonArrayValues('?')})`);
    expect(await scalars(db, inList, [JSON.stringify(['p1', 'p2'])])).toEqual(['p1']);
  });

  it('returns what a write returned, and counts what it changed', async () => {
    const db = await tableStore();
    expect(await writeReturning(db, "UPDATE scratch SET goal = 'b' WHERE id = ? RETURNING goal", ['p1'])).toEqual([{ goal: 'b' }]);
    expect(await execute(db, "UPDATE scratch SET goal = 'c' WHERE id = ?", ['none'])).toBe(0);
  });

  it('rolls a failed write transaction back whole, and a failed nested one alone', async () => {
    const db = await tableStore();
    await expect(
      writeTransaction(db, async () => {
        await execute(db, "UPDATE scratch SET goal = 'changed' WHERE id = 'p1'");
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await scalar(db, "SELECT goal FROM scratch WHERE id = 'p1'")).toBe('a goal');
    await writeTransaction(db, async () => {
      await execute(db, "UPDATE scratch SET goal = 'outer' WHERE id = 'p1'");
      await expect(
        writeTransaction(db, async () => {
          await execute(db, "UPDATE scratch SET status = 'paused' WHERE id = 'p1'");
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect(await row(db, "SELECT goal, status FROM scratch WHERE id = 'p1'")).toEqual({ goal: 'outer', status: 'active' });
  });

  it('keeps a statement of another call out of an open unit, and shows it no uncommitted row', async () => {
    const db = await tableStore();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = writeTransaction(db, async () => {
      await execute(db, "UPDATE scratch SET goal = 'uncommitted' WHERE id = 'p1'");
      await held;
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const seen = scalar(db, "SELECT goal FROM scratch WHERE id = 'p1'");
    release();
    await expect(writing).rejects.toThrow('rolled back');
    expect(await seen).toBe('a goal');
  });

  it('reads one snapshot in a read transaction', async () => {
    const db = await tableStore();
    const url = testStoreUrl(db);
    // Another process's connection writes between the two reads (on SQLite this process has one connection: the unit keeps it out).
    const other = url === undefined ? db : await openPostgresDatabase(url);
    try {
      const [first, second] = await readTransaction(db, async () => {
        const before = await scalar(db, "SELECT goal FROM scratch WHERE id = 'p1'");
        // Started outside the unit, as another call's statement would be.
        const writing = outsideUnits(() => execute(other, "UPDATE scratch SET goal = 'meanwhile' WHERE id = 'p1'"));
        if (url !== undefined) await writing;
        const after = await scalar(db, "SELECT goal FROM scratch WHERE id = 'p1'");
        return [before, after, writing] as const;
      }).then(async ([before, after, writing]) => {
        await writing;
        return [before, after];
      });
      expect(second).toBe(first);
      expect(await scalar(db, "SELECT goal FROM scratch WHERE id = 'p1'")).toBe('meanwhile');
    } finally {
      if (other !== db) await closeDatabase(other);
    }
  });
});
