// The store's one SQL text for both engines (store/sql.ts, statementText.ts, dialect.ts) and its
// units of work on each engine: the same tests on SQLite and, with COSCI_TEST_ENGINE=postgres, on
// the run's PostgreSQL cluster.
import { describe, expect, it } from 'vitest';
import { execute, row, rows, scalar, scalars, tuples, writeReturning } from '../../../../src-mcp/store/sql.js';
import { perEngine } from '../../../../src-mcp/store/dialect.js';
import { readTransaction, writeTransaction, openPostgresDatabase, closeDatabase } from '../../../../src-mcp/store/database.js';
import { outsideUnits } from '../../../../src-mcp/store/unitOfWork.js';
import { LIMIT_VARIANTS, postgresQuery, postgresStatement, postgresValues } from '../../../../src-mcp/store/postgres/statementText.js';
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

// PostgreSQL reuses a plan (its generic plan) only when that plan is priced no higher than one made
// for the values; a `LIMIT $n` it cannot price, so the value is written into the text (statementText.ts).
describe('LIMIT values PostgreSQL plans with', () => {
  it('writes a positional LIMIT value into the text and binds the rest, OFFSET included', () => {
    const query = postgresQuery('SELECT * FROM t WHERE a = ? ORDER BY b LIMIT ? OFFSET ?', ['x', 50, 100]);
    expect(query.statement.text).toBe('SELECT * FROM t WHERE a = $1 ORDER BY b LIMIT 50 OFFSET $2');
    expect(query.values).toEqual(['x', 100]);
    // The same value is the same prepared statement; another is another.
    expect(postgresQuery('SELECT * FROM t WHERE a = ? ORDER BY b LIMIT ? OFFSET ?', ['y', 50, 0]).statement.name).toBe(query.statement.name);
    expect(postgresQuery('SELECT * FROM t WHERE a = ? ORDER BY b LIMIT ? OFFSET ?', ['y', 51, 0]).statement.name).not.toBe(query.statement.name);
  });

  it('writes a named LIMIT value in where it follows LIMIT and binds it by name elsewhere, in subqueries too', () => {
    const query = postgresQuery('SELECT (SELECT x FROM u ORDER BY x LIMIT @top) AS best, @top AS asked FROM t WHERE id = @id', { id: 'p', top: 5 });
    expect(query.statement.text).toBe('SELECT (SELECT x FROM u ORDER BY x LIMIT 5) AS best, $1 AS asked FROM t WHERE id = $2');
    expect(query.values).toEqual([5, 'p']);
  });

  it('keeps the parameter for a value that is not a plain count, and leaves LIMIT in literals and comments alone', () => {
    const sql = "SELECT 'LIMIT ?' AS x FROM t -- LIMIT ?\n WHERE a = ? LIMIT ?";
    for (const value of [-1, 2.5, '7', null, 1e7, 2n]) {
      const query = postgresQuery(sql, ['a', value]);
      expect(query.statement.text).toBe("SELECT 'LIMIT ?' AS x FROM t -- LIMIT ?\n WHERE a = $1 LIMIT $2");
      expect(query.values).toEqual(['a', value]);
    }
    expect(postgresQuery(sql, ['a', 3]).statement.text).toBe("SELECT 'LIMIT ?' AS x FROM t -- LIMIT ?\n WHERE a = $1 LIMIT 3");
  });

  it('keeps the parameter in a text with numbered parameters, which dropping one would renumber', () => {
    const query = postgresQuery('SELECT * FROM t WHERE a = ?1 OR b = ?1 LIMIT ?2', ['x', 10]);
    expect(query.statement.text).toBe('SELECT * FROM t WHERE a = $1 OR b = $1 LIMIT $2');
    expect(query.values).toEqual(['x', 10]);
  });

  it(`makes at most ${LIMIT_VARIANTS} statements of one text; further values are bound as parameters`, () => {
    const sql = 'SELECT id FROM many_pages ORDER BY id LIMIT ?';
    const texts = Array.from({ length: LIMIT_VARIANTS + 3 }, (_, n) => postgresQuery(sql, [n + 1]).statement.text);
    expect(texts.slice(0, LIMIT_VARIANTS)).toEqual(Array.from({ length: LIMIT_VARIANTS }, (_, n) => `SELECT id FROM many_pages ORDER BY id LIMIT ${n + 1}`));
    expect(new Set(texts.slice(LIMIT_VARIANTS))).toEqual(new Set(['SELECT id FROM many_pages ORDER BY id LIMIT $1']));
    // A value seen before still has its own statement.
    expect(postgresQuery(sql, [1]).statement.text).toBe('SELECT id FROM many_pages ORDER BY id LIMIT 1');
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

  it('reads a LIMIT page alike, and on PostgreSQL with one reused plan after the first five runs', async () => {
    const db = await tableStore();
    // Enough rows that a plan for any LIMIT (priced at a tenth of them) costs more than one for 3.
    await execute(db, "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) INSERT INTO scratch (id, goal) SELECT 'q' || i, 'another goal' FROM n");
    const page = 'SELECT id FROM scratch WHERE status = ? ORDER BY id LIMIT ?';
    // One unit of work: one connection, whose prepared statements pg_prepared_statements shows.
    const plans = await readTransaction(db, async () => {
      for (let run = 0; run < 8; run += 1) expect(await scalars(db, page, ['active', 3])).toEqual(['p1', 'q10', 'q100']);
      if (testEngine() === 'sqlite') return undefined;
      return row<{ generic_plans: number; custom_plans: number }>(db, "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%FROM scratch WHERE status = $1 ORDER BY id LIMIT %' AND statement NOT LIKE '%pg_prepared_statements%'");
    });
    if (testEngine() === 'postgres') expect(plans).toMatchObject({ custom_plans: 5, generic_plans: 3 });
  });

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
