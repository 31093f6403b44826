// Identifiers of knowledge records: a readable prefix and 48 random bits, like research ids.
import { randomHex } from '../../src-shared/node/randomHex.js';

export function newCollectionId(): string {
  return `col_${randomHex(6)}`;
}

export function newDocumentId(): string {
  return `doc_${randomHex(6)}`;
}
