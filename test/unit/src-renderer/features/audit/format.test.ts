// How the audit view names who acted and labels its count (issue 33 item 14).
import { describe, expect, it } from 'vitest';
import { actorName, shownRowsSuffix } from '../../../../../src-renderer/features/audit/format.js';

describe('audit labels', () => {
  it('name the scientist in the app and the assistants by their product names', () => {
    expect(actorName('desktop')).toBe('You (in the app)');
    expect(actorName('claude-desktop')).toBe('Claude Desktop');
    expect(actorName('some-new-client')).toBe('some-new-client');
  });

  it('say what the count is a part of when the filters show less than the whole log', () => {
    expect(shownRowsSuffix(70, 132)).toBe('rows shown of 132 in the log');
    expect(shownRowsSuffix(132, 132)).toBe('rows');
    expect(shownRowsSuffix(1, null)).toBe('row');
  });
});
