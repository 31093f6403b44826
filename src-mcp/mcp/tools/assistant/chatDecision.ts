// Approval in chat: where the client can ask its user (elicitation) and this client may decide the
// pending checkpoint, continue_research offers the decision inline instead of "approve in the app".
import { assertMayDecide } from '../../../engine/workflow/checkpointRules.js';
import { decide } from '../../../engine/workflow/decisions.js';
import { DomainError } from '../../../engine/errors.js';
import { getCheckpoint } from '../../../engine/workflow/checkpoints.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import type { Checkpoint } from '../../../engine/types.js';
import type { Question } from '../../askUser.js';
import type { ServerContext } from '../../context.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';
import type { ToolCall } from '../../toolkit.js';
import { beforeWaitingOutside } from '../../../store/writeObserver.js';

async function mayDecideHere(ctx: ServerContext, checkpoint: Checkpoint): Promise<boolean> {
  try {
    assertMayDecide(checkpoint.kind, { clientId: ctx.clientId, isDesktop: ctx.clientId === DESKTOP_CLIENT, mayDecideCheckpoints: (await ctx.policy()).mayDecideCheckpoints }, (await loadResearch(ctx.db, checkpoint.projectId)).settings);
    return true;
  } catch {
    return false;
  }
}

function describe(checkpoint: Checkpoint): string {
  const payload = checkpoint.payload;
  switch (checkpoint.kind) {
    case 'research_plan': {
      const plan = payload.plan as { goal?: string; objectives?: string[]; hypothesis_budget?: number } | undefined;
      return `Research plan: "${plan?.goal ?? ''}" — ${plan?.objectives?.length ?? 0} objective(s), ${plan?.hypothesis_budget ?? '?'} hypotheses.`;
    }
    case 'hypothesis_batch': {
      const hypotheses = (payload.hypotheses as Array<{ seq: number; summary: string }> | undefined) ?? [];
      return `A batch of ${hypotheses.length} new hypotheses:\n${hypotheses.map((h) => `H${h.seq}: ${h.summary.slice(0, 160)}`).join('\n')}`;
    }
    case 'evolution_plan':
      return `Evolution plan: ${((payload.proposals as Array<{ strategy: string; hypothesis_id: string }> | undefined) ?? []).map((p) => `${p.strategy} ${p.hypothesis_id}`).join(', ')}.`;
    case 'final_report':
      return `Final report: ${(typeof payload.overview === 'string' ? payload.overview : '').slice(0, 400)}`;
    case 'safety_review':
      return 'Safety review.';
    case 'change_request':
      return 'Assistant request.';
  }
}

/**
 * Offers the first pending checkpoint this client may decide to the user. Returns true when a
 * decision was made (the caller then recomputes the next step), false when nothing was decided.
 */
export async function offerInlineDecision(ctx: ServerContext, call: ToolCall, checkpointIds: string[]): Promise<boolean> {
  let checkpoint: Checkpoint | undefined;
  for (const id of checkpointIds) {
    const candidate = await getCheckpoint(ctx.db, id);
    if (candidate.status === 'pending' && (await mayDecideHere(ctx, candidate))) {
      checkpoint = candidate;
      break;
    }
  }
  if (checkpoint === undefined) return false;
  const question: Question = {
    key: `decide:${checkpoint.id}`,
    message: `Co-Scientist needs your decision on ${checkpoint.kind.replace('_', ' ')} ${checkpoint.id} of project ${checkpoint.projectId}.\n\n${describe(checkpoint)}\n\nTo edit instead, use the Co-Scientist app.`,
    requestedSchema: {
      type: 'object',
      properties: {
        decision: { type: 'string', title: 'Decision', enum: ['approve', 'reject'], description: 'Approve, or reject with a note' },
        note: { type: 'string', title: 'Note (required to reject): what is wrong and what to do instead' },
      },
      required: ['decision'],
    },
  };
  // The user may take minutes to answer: what this call wrote commits first (CallAudit).
  await beforeWaitingOutside();
  const answer = await call.askUser(question);
  if (answer === 'unsupported' || answer.action !== 'accept') return false;
  const action = answer.content?.decision === 'reject' ? 'reject' : answer.content?.decision === 'approve' ? 'approve' : null;
  if (action === null) return false;
  const note = typeof answer.content?.note === 'string' ? answer.content.note : undefined;
  try {
    await decide(
      ctx.db,
      { clientId: ctx.clientId, now: () => ctx.now() },
      // One decision per question: a retried 2026-era call re-submits the same answer, applied once.
      { checkpointId: checkpoint.id, action, note, decisionId: `chat:${checkpoint.id}` },
      { clientId: ctx.clientId, isDesktop: ctx.clientId === DESKTOP_CLIENT, mayDecideCheckpoints: (await ctx.policy()).mayDecideCheckpoints },
    );
    ctx.feed.poke();
    return true;
  } catch (error) {
    // A reject without a usable note: leave the checkpoint pending, the message says what happened.
    if (error instanceof DomainError) return false;
    throw error;
  }
}
