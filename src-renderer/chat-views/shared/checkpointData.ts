// The checkpoints a result carries, from whichever tool fed the checkpoint view: list_checkpoints,
// continue_research (its next step) or the view's own decision (decide_in_chat).
import type { CheckpointView } from '../../../src-shared/routes/index';
import { fail, isRecord, missingFields } from './parse';
import type { Parsed } from './viewApp';

export interface CheckpointScreen {
  checkpoints: CheckpointView[];
  /** continue_research's word on the project when it is not waiting for a decision. */
  message: string | null;
}

export function parseCheckpoint(value: unknown, where: string): Parsed<CheckpointView> {
  if (!isRecord(value)) return fail(`${where} is not an object.`);
  const missing = missingFields(value, { checkpoint_id: 'string', research_id: 'string', kind: 'string', status: 'string', payload: 'object', edit_schema: 'object', decision: 'object|null' });
  return missing.length > 0 ? fail(`${where} lacks ${missing.join(', ')}.`) : { ok: true, data: value as unknown as CheckpointView };
}

export function parseCheckpointScreen(structured: unknown): Parsed<CheckpointScreen> {
  if (!isRecord(structured)) return fail('it is not an object.');
  if (isRecord(structured.checkpoint)) {
    const one = parseCheckpoint(structured.checkpoint, 'the checkpoint');
    return one.ok ? { ok: true, data: { checkpoints: [one.data], message: null } } : one;
  }
  if (!Array.isArray(structured.checkpoints)) return fail('it carries no checkpoints.');
  const checkpoints: CheckpointView[] = [];
  for (const [index, item] of structured.checkpoints.entries()) {
    const one = parseCheckpoint(item, `checkpoint ${index + 1}`);
    if (!one.ok) return one;
    checkpoints.push(one.data);
  }
  const message = typeof structured.state === 'string' && structured.state !== 'awaiting_decision' && typeof structured.message === 'string' ? structured.message : null;
  return { ok: true, data: { checkpoints, message } };
}
