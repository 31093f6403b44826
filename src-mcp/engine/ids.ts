// Identifiers: a readable prefix per kind of record and 48 random bits.
import { randomBytes } from 'node:crypto';

export type IdPrefix = 'res' | 'hyp' | 'rev' | 'mat' | 'chk' | 'tsk' | 'dec';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}
