// Delete with undo that survives a closed window or a restarted app (issue 18, item 10). Deleting a
// project from the app first moves it to the trash: from then on every tool, list and inbox treats
// it as gone, but all its rows stay. Restoring inside the undo window brings it back exactly as it
// was. After the window the app purges it; if the app was closed first, the next server start does
// (purgeExpiredTrash), so what the scientist left deleted stays deleted and nothing comes back.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { markTrashed, projectExists, trashedProjects, unmarkTrashed, type TrashedProjectRow } from '../store/projectTrash.js';
import { recordChange, type Actor } from './changes.js';
import { DomainError, notFound } from './errors.js';
import { loadResearch } from './projectRecord.js';
import { deleteResearch } from './workflow/requests.js';

/** How long a deleted project can be restored, unless the server was started with another window. The app times its undo toast by purge_after. */
export const TRASH_UNDO_WINDOW_MS = 8000;

export interface TrashState {
  trashedAt: string;
  purgeAfter: string;
}

export async function trashResearch(db: Db, actor: Actor, projectId: string, undoWindowMs = TRASH_UNDO_WINDOW_MS): Promise<TrashState> {
  return await writeTransaction(db, async () => {
    await loadResearch(db, projectId);
    const now = actor.now();
    const state = { trashedAt: now.toISOString(), purgeAfter: new Date(now.getTime() + undoWindowMs).toISOString() };
    await markTrashed(db, projectId, state.trashedAt, state.purgeAfter);
    await recordChange(db, actor, 'project.trashed', projectId, { purge_after: state.purgeAfter });
    return state;
  });
}

/** Takes a project back out of the trash; an error says when it is no longer there to restore. */
export async function restoreResearch(db: Db, actor: Actor, projectId: string): Promise<void> {
  await writeTransaction(db, async () => {
    if (await unmarkTrashed(db, projectId)) {
      await recordChange(db, actor, 'project.restored', projectId);
      return;
    }
    if (!await projectExists(db, projectId)) {
      throw notFound('Research project', projectId, 'It was deleted for good when its undo window ran out; it cannot be restored.');
    }
    throw new DomainError('conflict', `Research project ${projectId} is not deleted; there is nothing to restore.`, { field: 'research_id' });
  });
}


export async function listTrash(db: Db): Promise<TrashedProjectRow[]> {
  return await trashedProjects(db);
}

/** Purges every trashed project whose undo window has run out; returns their ids. */
export async function purgeExpiredTrash(db: Db, actor: Actor): Promise<string[]> {
  const now = actor.now().toISOString();
  const due = (await trashedProjects(db)).filter((row) => row.purgeAfter <= now);
  for (const row of due) await deleteResearch(db, actor, row.id);
  return due.map((row) => row.id);
}
