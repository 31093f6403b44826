// The inbox's shortcut guard (issue 33 item 1): a key decides nothing while a form is open, the
// focus is in a field or a form, a dialog is up, or a modifier is held.
import { describe, expect, it } from 'vitest';
import { inboxShortcut, type KeyPress } from '../../../../../src-renderer/features/checkpoints/useInboxKeys.js';

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({ key, modified: false, defaultPrevented: false, inForm: false, dialogOpen: false, formOpen: false, ...over });

describe('inboxShortcut', () => {
  it('maps the listed keys in view mode', () => {
    expect(['j', 'k', 'a', 'e', 'r', 'u', 'x', 'Escape'].map((key) => inboxShortcut(press(key)))).toEqual(['next', 'previous', 'approve', 'edit', 'reject', 'undo', null, null]);
  });

  it('fires nothing while a form is open, the focus is in a form, a dialog is up or a modifier is held', () => {
    for (const guard of [{ formOpen: true }, { inForm: true }, { dialogOpen: true }, { modified: true }, { defaultPrevented: true }]) {
      expect(['j', 'k', 'a', 'e', 'r', 'u'].map((key) => inboxShortcut(press(key, guard)))).toEqual([null, null, null, null, null, null]);
    }
  });
});
