// Deciding a checkpoint: validated, permitted, applied exactly once (idempotent by decision id),
// and durable — the decision and its effects commit in one transaction.
import type { Db } from '../../store/database.js';
import { writeTransaction } from '../../store/database.js';
import { findCheckpointByDecision, recordDecision } from '../../store/checkpoints.js';
import type { Actor } from '../changes.js';
import { assertMayDecide, validateDecision, type Decider } from './checkpointRules.js';
import { getCheckpoint } from './checkpoints.js';
import { applyDecisionEffects } from './decisionEffects.js';
import { DomainError } from '../errors.js';
import { newId } from '../recordIds.js';
import { loadResearch } from '../projectRecord.js';
import type { DecisionAction } from '../schemas.js';
import { advance } from './supervisor.js';
import type { Checkpoint } from '../types.js';

export interface DecideInput {
  checkpointId: string;
  action: DecisionAction;
  data?: unknown;
  note?: string | undefined;
  /** Makes retries safe: the same id applied twice is one decision. */
  decisionId?: string | undefined;
}

export interface DecideOutcome {
  checkpoint: Checkpoint;
  /** False when this exact decision had been applied before (a retry). */
  applied: boolean;
}

export async function decide(db: Db, actor: Actor, input: DecideInput, decider: Decider): Promise<DecideOutcome> {
  const decisionId = input.decisionId ?? newId('dec');
  return await writeTransaction(db, async () => {
    const previous = await findCheckpointByDecision(db, decisionId);
    if (previous !== undefined) {
      if (previous.id !== input.checkpointId) {
        throw new DomainError('conflict', `Decision id ${decisionId} was already used for checkpoint ${previous.id}. Use a new decision_id for a new decision.`);
      }
      return { checkpoint: await getCheckpoint(db, previous.id), applied: false };
    }
    const checkpoint = await getCheckpoint(db, input.checkpointId);
    const project = await loadResearch(db, checkpoint.projectId);
    if (checkpoint.withdrawal !== null) {
      throw new DomainError('conflict', `Checkpoint ${checkpoint.id} was withdrawn at ${checkpoint.withdrawal.at}, so it takes no decision. ${checkpoint.withdrawal.reason} Call list_checkpoints for the ones still pending.`, {
        status: 'withdrawn',
      });
    }
    if (checkpoint.decision !== null) {
      throw new DomainError(
        'conflict',
        `Checkpoint ${checkpoint.id} was already decided (${checkpoint.decision.action} by ${checkpoint.decision.decidedBy} at ${checkpoint.decision.decidedAt}). Call list_checkpoints for the ones still pending.`,
        { decided_by: checkpoint.decision.decidedBy },
      );
    }
    assertMayDecide(checkpoint.kind, decider, project.settings);
    const data = validateDecision(checkpoint.kind, input.action, input.data, input.note);
    const note = input.note?.trim() || null;
    const recorded = await recordDecision(db, {
      checkpointId: checkpoint.id,
      decisionId,
      action: input.action,
      data,
      note,
      decidedBy: decider.clientId,
      decidedAt: actor.now().toISOString(),
    });
    if (!recorded) throw new DomainError('conflict', `Checkpoint ${checkpoint.id} was decided by someone else a moment ago.`);
    await applyDecisionEffects(db, actor, project, checkpoint, { action: input.action, data, note });
    await advance(db, actor, checkpoint.projectId);
    return { checkpoint: await getCheckpoint(db, checkpoint.id), applied: true };
  });
}
