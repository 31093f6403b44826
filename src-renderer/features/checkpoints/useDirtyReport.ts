// A decision panel tells the inbox whether it holds something not yet sent (so leaving it asks
// first), and that it holds nothing once it closes: one hook for the edit and the reject panel.
import { useEffect } from 'react';

export function useDirtyReport(dirty: boolean, onDirtyChange: (dirty: boolean) => void): void {
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
}
