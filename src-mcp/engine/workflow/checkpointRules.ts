// What a valid decision looks like, and who may make it (architecture.md, *Workflow, tasks and checkpoints*).
import type { z } from 'zod';
import { DomainError } from '../errors.js';
import {
  ChangeRequestEditSchema,
  EvolutionPlanSchema,
  FinalReportEditSchema,
  HypothesisBatchEditSchema,
  ResearchPlanSchema,
  SafetyReviewEditSchema,
  type CheckpointKind,
  type DecisionAction,
} from '../schemas.js';
import type { ProjectSettings } from '../types.js';

export const EDIT_SCHEMAS: Record<CheckpointKind, z.ZodType> = {
  research_plan: ResearchPlanSchema,
  hypothesis_batch: HypothesisBatchEditSchema,
  evolution_plan: EvolutionPlanSchema,
  final_report: FinalReportEditSchema,
  safety_review: SafetyReviewEditSchema,
  change_request: ChangeRequestEditSchema,
};

const NOTE_MIN_CHARS = 15;
const NOTE_MIN_WORDS = 3;
// Notes that say "no" without saying why give the next generation nothing to work with.
const EMPTY_NOTES = new Set(['ok', 'okay', 'no', 'nope', 'bad', 'reject', 'rejected', 'not good', 'try again', 'redo', 'wrong', 'n/a', 'na', 'none']);

/** Checks a decision's shape; returns the validated edit data (or null). Throws `invalid_input` with what to fix. */
export function validateDecision(kind: CheckpointKind, action: DecisionAction, data: unknown, note: string | undefined): Record<string, unknown> | null {
  if (action === 'reject') {
    const text = (note ?? '').trim();
    const words = text.split(/\s+/).filter(Boolean).length;
    if (text.length < NOTE_MIN_CHARS || words < NOTE_MIN_WORDS || EMPTY_NOTES.has(text.toLowerCase().replace(/[.!]+$/, ''))) {
      throw new DomainError(
        'invalid_input',
        `A rejection needs a note that says what is wrong and what to do instead (at least ${NOTE_MIN_WORDS} words and ${NOTE_MIN_CHARS} characters); it is fed to the next attempt. Example: "Too close to known TGF-beta biology; focus on epigenetic regulators instead."`,
        { field: 'note' },
      );
    }
  }
  if (action === 'edit') {
    if (data === undefined || data === null) {
      throw new DomainError('invalid_input', `An edit of a ${kind} checkpoint needs \`data\`: the edited content. See the checkpoint's edit_schema.`, { field: 'data' });
    }
    const parsed = EDIT_SCHEMAS[kind].safeParse(data);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ');
      throw new DomainError('invalid_input', `The edited ${kind} is not valid: ${issues}. Nothing was changed.`, { field: 'data' });
    }
    return parsed.data as Record<string, unknown>;
  }
  if (data !== undefined && data !== null) {
    throw new DomainError('invalid_input', `\`data\` is only used with action "edit"; use edit to change the ${kind}, or omit data to ${action}.`, { field: 'data' });
  }
  return null;
}

export interface Decider {
  clientId: string;
  isDesktop: boolean;
  /** The client's policy allows it to decide checkpoints at all. */
  mayDecideCheckpoints: boolean;
}

/** Throws `insufficient_permissions` unless this client may decide this kind of checkpoint of this project. */
export function assertMayDecide(kind: CheckpointKind, decider: Decider, settings: ProjectSettings): void {
  if (decider.isDesktop) return;
  if (kind === 'safety_review') {
    throw new DomainError(
      'insufficient_permissions',
      'Safety reviews are decided by the scientist in the Co-Scientist desktop app, never in chat. Tell the user a safety review is waiting there, and explain why the content was flagged.',
      { kind },
    );
  }
  if (kind === 'change_request') {
    // An assistant granting its own request would make the request an effect (issue 15 item 1).
    throw new DomainError(
      'insufficient_permissions',
      'Budget and reopen requests are decided by the scientist in the Co-Scientist desktop app, never in chat. Tell the user the request is waiting there.',
      { kind },
    );
  }
  const allowedHere = settings.chatDeciders.includes('*') || settings.chatDeciders.includes(decider.clientId);
  if (!decider.mayDecideCheckpoints || !allowedHere) {
    throw new DomainError(
      'insufficient_permissions',
      `${decider.clientId} may not decide checkpoints for this project. Ask the user to approve, edit or reject it in the Co-Scientist app (or to allow decisions from this assistant under Assistants).`,
      { kind },
    );
  }
}
