// Identifiers: a readable prefix per kind of record and 48 random bits.
import { randomHex } from '../../src-shared/node/randomHex.js';

export type IdPrefix = 'res' | 'hyp' | 'rev' | 'mat' | 'chk' | 'tsk' | 'dec';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomHex(6)}`;
}
