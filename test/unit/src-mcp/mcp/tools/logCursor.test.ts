import { describe, expect, it } from 'vitest';
import { logPage, positionBefore } from '../../../../../src-mcp/mcp/tools/logCursor.js';

describe('log paging', () => {
  it('keeps the rows asked for, and only when one more was fetched gives a cursor that reads back as the last row kept', () => {
    const fetched = [{ n: 9 }, { n: 7 }, { n: 4 }];
    const page = logPage(fetched, 2, (row) => row.n);
    expect(page.rows).toEqual([{ n: 9 }, { n: 7 }]);
    expect(positionBefore(page.nextCursor ?? undefined, 'list_matches')).toBe(7);
    expect(logPage(fetched, 3, (row) => row.n).nextCursor).toBeNull();
  });

  it('starts at the newest row without a cursor and refuses one it did not issue, naming the tool to page', () => {
    expect(positionBefore(undefined, 'list_matches')).toBeUndefined();
    for (const cursor of ['!!', Buffer.from('0').toString('base64url'), Buffer.from('2.5').toString('base64url')]) {
      expect(() => positionBefore(cursor, 'query_audit_log')).toThrow(/next_cursor from the previous query_audit_log result/);
    }
  });
});
