// Named statements for projects the scientist deleted but may still restore (engine/projectTrash.ts).
// The mark lives in the project's settings JSON, like archivedAt: a trashed project keeps every row
// it owns until it is purged, and findProject/listProjects treat it as gone.
import type { Db } from './database.js';
import { perEngine, type Dialect } from './dialect.js';
import { execute, row, rows } from './sql.js';

/** SQL condition: the project row aliased `alias` is not in the trash. */
export function notTrashed(dialect: Dialect, alias?: string): string {
  return `${dialect.jsonText(`${alias === undefined ? '' : `${alias}.`}settings`, 'trashedAt')} IS NULL`;
}

export interface TrashedProjectRow {
  id: string;
  goal: string;
  trashedAt: string;
  purgeAfter: string;
}

const MARK = perEngine(
  (d) => `UPDATE projects SET settings = ${d.jsonWithTexts('settings', [['trashedAt', '?'], ['purgeAfter', '?']])} WHERE id = ? AND ${notTrashed(d)}`,
);

export async function markTrashed(db: Db, projectId: string, trashedAt: string, purgeAfter: string): Promise<boolean> {
  return (await execute(db, MARK, [trashedAt, purgeAfter, projectId])) > 0;
}

const UNMARK = perEngine((d) => `UPDATE projects SET settings = ${d.jsonWithout('settings', ['trashedAt', 'purgeAfter'])} WHERE id = ? AND NOT (${notTrashed(d)})`);

export async function unmarkTrashed(db: Db, projectId: string): Promise<boolean> {
  return (await execute(db, UNMARK, [projectId])) > 0;
}

const TRASHED = perEngine(
  (d) => `SELECT id, goal, ${d.jsonText('settings', 'trashedAt')} AS trashedAt, ${d.jsonText('settings', 'purgeAfter')} AS purgeAfter
            FROM projects WHERE NOT (${notTrashed(d)}) ORDER BY purgeAfter, id`,
);

/** Every trashed project, the soonest to be purged first. */
export async function trashedProjects(db: Db): Promise<TrashedProjectRow[]> {
  return rows<TrashedProjectRow>(db, TRASHED);
}

/** Whether a project row exists at all, trashed or not. */
export async function projectExists(db: Db, projectId: string): Promise<boolean> {
  return (await row(db, 'SELECT 1 FROM projects WHERE id = ?', [projectId])) !== undefined;
}
