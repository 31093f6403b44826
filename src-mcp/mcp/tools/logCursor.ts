// Paging over a log whose rows are numbered 1, 2, 3… (the audit log's ids, a project's match seq),
// newest first. The cursor is the number of the last row shown, base64url so that clients treat it
// as opaque; the next page is everything below it.
import { DomainError } from '../../engine/errors.js';

/** The row number a cursor stands for; undefined (the first page) when there is none. */
export function positionBefore(cursor: string | undefined, tool: string): number | undefined {
  if (cursor === undefined) return undefined;
  const position = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(position) || position < 1) {
    throw new DomainError('invalid_input', `The cursor is not one this server issued. Pass next_cursor from the previous ${tool} result unchanged.`, { field: 'cursor' });
  }
  return position;
}

/**
 * The page to return from rows fetched with a limit one higher than asked: that one more row says
 * whether another page exists, and the cursor points below the last row kept.
 */
export function logPage<T>(fetched: readonly T[], limit: number, positionOf: (row: T) => number): { rows: T[]; nextCursor: string | null } {
  const rows = fetched.slice(0, limit);
  const last = rows[rows.length - 1];
  const nextCursor = fetched.length > limit && last !== undefined ? Buffer.from(String(positionOf(last))).toString('base64url') : null;
  return { rows, nextCursor };
}
