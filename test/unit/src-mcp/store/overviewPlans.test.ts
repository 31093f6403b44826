// The desktop overview's reads over tasks (store/desktopOverview.ts) on a real store (either
// engine): with thousands of finished work items, as a lab-scale project leaves, the open work is
// read from the open tasks alone and each project's latest reasoner from one index step (migration
// 0018), never by scanning or sorting the project's tasks; and the answers are the ones a scan gives.
import { describe, expect, it } from 'vitest';
import { closeDatabase, writeTransaction, type Db } from '../../../../src-mcp/store/database.js';
import { execute, rows, scalar } from '../../../../src-mcp/store/sql.js';
import { insertRows } from '../../../../src-mcp/store/bulkInsert.js';
import { insertProject } from '../../../../src-mcp/store/projects.js';
import { OPEN_WORK, PROJECT_FLAGS, openWorkByProject, projectFlags } from '../../../../src-mcp/store/desktopOverview.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';

const AT = Date.parse('2026-11-01T00:00:00.000Z');
const iso = (second: number): string => new Date(AT + second * 1000).toISOString();
const FINISHED = 4_000;
const COLUMNS = ['id', 'project_id', 'kind', 'payload', 'status', 'reasoner', 'created_at', 'updated_at', 'completed_at'];

async function seeded(): Promise<Db> {
  const db = await openTestStore('cosci-overview-');
  for (const [index, id] of ['res_big', 'res_small'].entries()) {
    await insertProject(db, { id, goal: `Goal of ${id}`, domain: 'biology', domainInferred: false, status: 'active', hypothesisBudget: 20, progress: 0, createdBy: 'test', createdAt: iso(index), updatedAt: iso(index) });
  }
  const finished = Array.from({ length: FINISHED }, (_, i) => [
    `tsk_done_${i}`, 'res_big', i % 10 === 0 ? 'generate' : 'compare', '{}', 'done', i % 2 === 0 ? 'delegated:claude-code' : 'provider:anthropic', iso(i), iso(i), iso(i),
  ]);
  const open = [
    ['tsk_open_1', 'res_big', 'compare', '{}', 'queued', null, iso(FINISHED), iso(FINISHED), null],
    ['tsk_open_2', 'res_big', 'compare', '{}', 'leased', null, iso(FINISHED + 1), iso(FINISHED + 1), null],
    ['tsk_open_3', 'res_small', 'review', '{}', 'queued', null, iso(FINISHED + 2), iso(FINISHED + 2), null],
    // Failed and cancelled work is neither open nor anyone's latest.
    ['tsk_failed', 'res_small', 'review', '{}', 'failed', null, iso(FINISHED + 3), iso(FINISHED + 3), null],
    ['tsk_cancelled', 'res_small', 'generate', '{}', 'cancelled', null, iso(FINISHED + 4), iso(FINISHED + 4), null],
  ];
  await writeTransaction(db, async () => {
    await insertRows(db, 'tasks', COLUMNS, [...finished, ...open]);
  });
  // The planner's statistics, as either engine gathers them on its own before long (ANALYZE).
  await execute(db, 'ANALYZE');
  return db;
}

/** The plan of one statement, flattened to text: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's node types and the indexes they use. */
async function plan(db: Db, sql: { sqlite: string; postgres: string }, limit?: number): Promise<string> {
  if (testEngine() === 'sqlite') {
    const params = limit === undefined ? [] : [limit];
    return (sqlite(db).prepare(`EXPLAIN QUERY PLAN ${sql.sqlite}`).all(...params) as Array<{ detail: string }>).map((step) => step.detail).join(' | ');
  }
  const text = limit === undefined ? sql.postgres : sql.postgres.replace('LIMIT ?', `LIMIT ${limit}`);
  const [explained] = await rows<{ 'QUERY PLAN': unknown }>(db, `EXPLAIN (FORMAT JSON) ${text}`);
  const nodes: string[] = [];
  const walk = (node: Record<string, unknown>): void => {
    nodes.push([node['Node Type'], node['Relation Name'], node['Index Name']].filter((part) => part !== undefined).join(' '));
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
  };
  const document = explained?.['QUERY PLAN'];
  walk(((typeof document === 'string' ? JSON.parse(document) : document) as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  return nodes.join(' | ');
}

describe('the desktop overview over many finished work items (migration 0018)', () => {
  it('reads the open work from the open tasks alone and the latest reasoner from one index step', async () => {
    const db = await seeded();
    try {
      const flags = await plan(db, PROJECT_FLAGS, 10);
      const open = await plan(db, { sqlite: OPEN_WORK, postgres: OPEN_WORK });
      if (testEngine() === 'sqlite') {
        expect(flags).toContain('SEARCH t USING INDEX tasks_latest_reasoner (project_id=?)');
        expect(open).toContain('USING INDEX tasks_open_work');
        for (const text of [flags, open]) {
          expect(text).not.toMatch(/SCAN t(?! USING INDEX tasks_open_work)/);
          expect(text).not.toContain('TEMP B-TREE FOR ORDER BY');
        }
      } else {
        expect(flags).toContain('tasks_latest_reasoner');
        expect(open).toContain('tasks_open_work');
        for (const text of [flags, open]) expect(text).not.toContain('Seq Scan tasks');
      }
    } finally {
      await closeDatabase(db);
    }
  });

  it('answers what a scan of the tasks answers', async () => {
    const db = await seeded();
    try {
      expect(await openWorkByProject(db)).toEqual([
        { projectId: 'res_big', kind: 'compare', count: 2 },
        { projectId: 'res_small', kind: 'review', count: 1 },
      ]);
      const latest = await scalar<string>(db, "SELECT reasoner FROM tasks WHERE project_id = 'res_big' AND completed_at = (SELECT MAX(completed_at) FROM tasks WHERE project_id = 'res_big')");
      expect(latest).toBe('provider:anthropic');
      expect((await projectFlags(db, 10)).map((project) => [project.id, project.lastReasoner])).toEqual([
        ['res_small', null],
        ['res_big', latest],
      ]);
    } finally {
      await closeDatabase(db);
    }
  });
});
