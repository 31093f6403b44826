// The statement cache (src-mcp/store/statements.ts) hides equality parameters from SQLite's planner
// (`col = ?` → `col = +?`, `LIMIT ?` → `LIMIT +?`), because a statement whose planner read a
// parameter was parsed and planned again at every run. The rewrite must change nothing a
// statement answers or how it finds its rows, and the re-preparing must stay gone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { closeDatabase, type Db, openDatabase } from '../../../../src-mcp/store/database.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';
import { boardPageSql } from '../../../../src-mcp/store/boardQueries.js';
import { cached, cachedPluck, withoutPlannerPeeks } from '../../../../src-mcp/store/statements.js';
import { makeTempDir } from '../../../support/tempDirs.js';

describe('withoutPlannerPeeks', () => {
  it.each([
    ['SELECT * FROM t WHERE project_id = ? ORDER BY seq', 'SELECT * FROM t WHERE project_id = +? ORDER BY seq'],
    ['SELECT * FROM t WHERE a == ?2 AND b IS @b GROUP BY c', 'SELECT * FROM t WHERE a == +?2 AND b IS +@b GROUP BY c'],
    ['SELECT * FROM t WHERE a=:a AND b= $b', 'SELECT * FROM t WHERE a=+:a AND b= +$b'],
    ['UPDATE t SET a = @a WHERE id = ?', 'UPDATE t SET a = +@a WHERE id = +?'],
    ['SELECT * FROM t WHERE a > ? ORDER BY a LIMIT ? OFFSET ?', 'SELECT * FROM t WHERE a > ? ORDER BY a LIMIT +? OFFSET ?'],
    ['SELECT * FROM t limit @limit', 'SELECT * FROM t limit +@limit'],
  ])('hides the parameters of %s', (sql, expected) => {
    expect(withoutPlannerPeeks(sql)).toBe(expected);
  });

  it.each([
    "SELECT * FROM t WHERE kind = '?' AND path = '$.a'",
    'SELECT * FROM t WHERE (@x IS NULL OR a < @x) AND b LIKE ? LIMIT 5',
    'SELECT * FROM t WHERE a IN (?, ?) AND b IS NOT NULL',
    'INSERT INTO t (a, b) VALUES (?, @b)',
  ])('leaves %s as it is', (sql) => {
    expect(withoutPlannerPeeks(sql)).toBe(sql);
  });
});

describe('statements prepared without planner peeks, on the real schema', () => {
  let dir: string;
  let db: Db;

  beforeEach(async () => {
    dir = makeTempDir('cosci-statements-');
    db = await openDatabase(dir);
    sqlite(db).exec(`CREATE TABLE affinity_probe (t TEXT, i INTEGER, n NUMERIC, b BLOB);
      INSERT INTO affinity_probe VALUES ('5', 5, 5, '5'), ('05', 7, 7.0, x'05'), ('x', NULL, NULL, NULL);`);
  });

  afterEach(async () => {
    await closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compares values as before: the column affinity still applies to the parameter', () => {
    const cases: Array<[string, unknown]> = [
      ['t = ?', 5],
      ['t = ?', '5'],
      ['i = ?', '5'],
      ['i = ?', 5.0],
      ['n = ?', '7'],
      ['n = ?', 7],
      ['b = ?', '5'],
      ['b = ?', Buffer.from([5])],
      ['i IS ?', null],
      ['t == ?', '05'],
    ];
    for (const [term, value] of cases) {
      const sql = `SELECT t FROM affinity_probe WHERE ${term} ORDER BY rowid`;
      const plain = sqlite(db).prepare(sql).pluck().all(value);
      expect(cachedPluck(db, sql).all(value), `${term} with ${JSON.stringify(value)}`).toEqual(plain);
    }
  });

  it('plans the hot statements exactly as before (the same indexes, no new sort)', () => {
    const hot = [
      "SELECT * FROM hypotheses WHERE project_id = ? AND rank IS NOT NULL AND status <> 'rejected' ORDER BY rank, seq LIMIT ?",
      "SELECT * FROM checkpoints WHERE project_id = ? AND status = 'pending' ORDER BY created_at, id LIMIT 100",
      boardPageSql(false),
      boardPageSql(true),
      'SELECT role, COUNT(*) FROM reasoning_usage WHERE project_id = ? GROUP BY role ORDER BY role',
      'SELECT * FROM hypotheses WHERE id = ?',
      'SELECT * FROM audit_log WHERE id = ?',
    ];
    const plan = (sql: string): string[] => {
      const count = sql.split('?').length - 1;
      const values = ['p', ...Array.from({ length: count - 2 }, () => 0), 5].slice(0, count);
      return (sqlite(db).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as Array<{ detail: string }>).map((row) => row.detail);
    };
    for (const sql of hot) expect(plan(withoutPlannerPeeks(sql)), sql).toEqual(plan(sql));
  });

  it.each([
    ['an ordered statement with an equality parameter', 'WHERE t = ? ORDER BY i', 'WHERE t = ?'],
    ['a statement with LIMIT ?', 'WHERE t = ? LIMIT ?', 'WHERE t = ? LIMIT 5'],
  ])('runs %s without preparing it again (generous guard)', (_label, peeked, plain) => {
    // Preparing costs in proportion to the SQL's length, running an empty result does not: a long
    // constant expression in the select list makes a re-prepared statement ~20× dearer than its
    // twin that the planner does not read a parameter of. The guard allows 4×.
    const longExpression = Array.from({ length: 300 }, (_, i) => String(i)).join('+');
    const select = `SELECT t, (${longExpression}) FROM affinity_probe`;
    const [first, second] = [cached(db, `${select} ${peeked}`), cached(db, `${select} ${plain}`)];
    const args = (sql: string, i: number): unknown[] => (sql.includes('LIMIT ?') ? [`absent-${i}`, 5] : [`absent-${i}`]);
    const costOf = (statement: ReturnType<typeof cached>, sql: string): number => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 400; i += 1) statement.all(...args(sql, i));
      return Number(process.hrtime.bigint() - start);
    };
    const ratios: number[] = [];
    for (let round = 0; round < 5; round += 1) ratios.push(costOf(first, peeked) / costOf(second, plain));
    ratios.sort((a, b) => a - b);
    expect(ratios[2]).toBeLessThan(4);
  });
});
