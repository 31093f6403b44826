// Record ids: a readable prefix per kind of record (research, hypotheses, reviews, matches,
// checkpoints, tasks, decisions; knowledge collections and documents) and 48 random bits.
import { randomHex } from '../../src-shared/node/randomHex.js';

export type IdPrefix = 'res' | 'hyp' | 'rev' | 'mat' | 'chk' | 'tsk' | 'dec' | 'col' | 'doc';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomHex(6)}`;
}
