// A decision panel tells the inbox whether it holds something not yet sent (so leaving it asks
// first), and that it holds nothing once it closes: one hook for the edit and the reject panel.
//
// A layout effect, not a passive one: React runs an update made in a layout effect before the
// event that caused the render returns, so the inbox (and its leave guard) know of the first edit
// before the next key or click is handled. From a passive effect the update waited for a later
// task, and an Esc or a click in the same instant as the keystroke dropped the edit unasked.
import { useLayoutEffect } from 'react';

export function useDirtyReport(dirty: boolean, onDirtyChange: (dirty: boolean) => void): void {
  useLayoutEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useLayoutEffect(() => () => onDirtyChange(false), [onDirtyChange]);
}
