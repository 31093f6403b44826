// A tournament match's verdict as every output names it — the JSON export and the desktop's match
// list — so that the two never disagree on what a field is called.
import type { MatchRow } from '../store/matches.js';

/** The verdict of a match as the store keeps it (camelCase). */
export type MatchVerdict = Pick<MatchRow, 'firstId' | 'secondId' | 'winnerId' | 'judge' | 'confidence' | 'rationale'>;

export interface MatchVerdictFields {
  first_id: string;
  second_id: string;
  winner_id: string;
  judge: 'model' | 'human';
  confidence: number | null;
  rationale: string;
}

export function matchVerdictFields(m: MatchVerdict): MatchVerdictFields {
  return { first_id: m.firstId, second_id: m.secondId, winner_id: m.winnerId, judge: m.judge, confidence: m.confidence, rationale: m.rationale };
}
