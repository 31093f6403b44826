// Which hypotheses a checkpoint's payload names (CheckpointHypotheses.tsx opens them in the panel).
import type { CheckpointView } from '../../../src-shared/routes/index';

type Payload = Record<string, unknown>;

const records = (value: unknown): Payload[] => (Array.isArray(value) ? value.filter((v): v is Payload => typeof v === 'object' && v !== null) : []);
const id = (value: unknown): string[] => (typeof value === 'string' && value !== '' ? [value] : []);

/** Every hypothesis id the payload of a checkpoint names, in the order it names them, once each. */
export function namedHypothesisIds(checkpoint: Pick<CheckpointView, 'payload'>): string[] {
  const p = checkpoint.payload;
  const ids = [
    ...records(p.hypotheses).flatMap((h) => [...id(h.id), ...id(h.near_duplicate_of)]),
    ...records(p.proposals).flatMap((proposal) => [...id(proposal.hypothesis_id), ...id(proposal.partner_id)]),
    ...records(p.top_hypotheses).flatMap((h) => id(h.id)),
    ...id(p.hypothesis_id),
  ];
  return [...new Set(ids)];
}
