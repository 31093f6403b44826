// Named statements for projects the scientist deleted but may still restore (engine/projectTrash.ts).
// The mark lives in the project's settings JSON, like archivedAt: a trashed project keeps every row
// it owns until it is purged, and findProject/listProjects treat it as gone.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { onConnection } from './unitOfWork.js';

/** SQL condition: the project row aliased `alias` is not in the trash. */
export function notTrashed(alias?: string): string {
  return `json_extract(${alias === undefined ? '' : `${alias}.`}settings, '$.trashedAt') IS NULL`;
}

export interface TrashedProjectRow {
  id: string;
  goal: string;
  trashedAt: string;
  purgeAfter: string;
}

export function markTrashed(db: Db, projectId: string, trashedAt: string, purgeAfter: string): Promise<boolean> {
  return onConnection(db, () => {
    return (
      cached(db, `UPDATE projects SET settings = json_set(settings, '$.trashedAt', ?, '$.purgeAfter', ?) WHERE id = ? AND ${notTrashed()}`).run(
        trashedAt,
        purgeAfter,
        projectId,
      ).changes > 0
    );
  }, 'writes');
}

export function unmarkTrashed(db: Db, projectId: string): Promise<boolean> {
  return onConnection(db, () => {
    return (
      cached(db, `UPDATE projects SET settings = json_remove(settings, '$.trashedAt', '$.purgeAfter') WHERE id = ? AND NOT (${notTrashed()})`).run(projectId)
        .changes > 0
    );
  }, 'writes');
}

/** Every trashed project, the soonest to be purged first. */
export function trashedProjects(db: Db): Promise<TrashedProjectRow[]> {
  return onConnection(db, () => {
    return cached(
      db,
      `SELECT id, goal, json_extract(settings, '$.trashedAt') AS trashedAt, json_extract(settings, '$.purgeAfter') AS purgeAfter
         FROM projects WHERE NOT (${notTrashed()}) ORDER BY purgeAfter, id`,
    ).all() as TrashedProjectRow[];
  });
}

/** Whether a project row exists at all, trashed or not. */
export function projectExists(db: Db, projectId: string): Promise<boolean> {
  return onConnection(db, () => {
    return cached(db, 'SELECT 1 FROM projects WHERE id = ?').get(projectId) !== undefined;
  });
}
