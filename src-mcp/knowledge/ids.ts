// Identifiers of knowledge records: a readable prefix and 48 random bits, like research ids.
import { randomBytes } from 'node:crypto';

export function newCollectionId(): string {
  return `col_${randomBytes(6).toString('hex')}`;
}

export function newDocumentId(): string {
  return `doc_${randomBytes(6).toString('hex')}`;
}
