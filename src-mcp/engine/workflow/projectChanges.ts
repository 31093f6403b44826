// Changes to a project's limits: more reasoning calls, more hypotheses, a completed project reopened.
// They are the scientist's decisions (issue 15 item 1). The desktop app applies them directly; from
// an assistant they become a `change_request` checkpoint that only the desktop app decides, so an
// assistant can ask for a bigger budget but never give itself one.
import type { Db } from '../../store/database.js';
import { writeTransaction } from '../../store/database.js';
import type { Actor } from '../changes.js';
import { openCheckpoint, pendingCheckpointsOf } from './checkpoints.js';
import { applyProjectChange, assertApplicable, type ProjectChange } from './projectChangeEffects.js';
import { loadResearch } from '../projectRecord.js';
import { advance } from './supervisor.js';
import type { Checkpoint } from '../types.js';

export { PROJECT_CHANGES, type ProjectChange, type ProjectChangeKind } from './projectChangeEffects.js';

/** The scientist's own change, from the desktop app: applied at once. */
export async function changeProject(db: Db, actor: Actor, projectId: string, change: ProjectChange): Promise<void> {
  await writeTransaction(db, async () => {
    await applyProjectChange(db, actor, await loadResearch(db, projectId), change);
    await advance(db, actor, projectId);
  });
}

/**
 * An assistant's request for a change: checked now (so an impossible request fails at once) and
 * held in a change_request checkpoint for the scientist. A second identical pending request is not
 * opened twice; the pending one is returned.
 */
export async function requestProjectChange(db: Db, actor: Actor, projectId: string, change: ProjectChange, reason: string | null): Promise<Checkpoint> {
  return await writeTransaction(db, async () => {
    const project = await loadResearch(db, projectId);
    assertApplicable(project, change);
    const payload = { change: change.change, add_reasoning_calls: change.addReasoningCalls, add_hypotheses: change.addHypotheses, reason, requested_by: actor.clientId };
    const same = (await pendingCheckpointsOf(db, projectId)).find((c) => c.kind === 'change_request' && c.payload.change === change.change && c.payload.requested_by === actor.clientId);
    if (same !== undefined) return same;
    return await openCheckpoint(db, actor, { projectId, kind: 'change_request', payload, iteration: project.iteration });
  });
}
