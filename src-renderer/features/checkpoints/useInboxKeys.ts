// Inbox keyboard shortcuts: j / k move through the waiting checkpoints, a approves, e edits,
// r rejects, Esc backs out of editing or rejecting. Keys typed into a field are the field's.
import { useEffect, useRef } from 'react';

export interface InboxKeyHandlers {
  next(): void;
  previous(): void;
  approve(): void;
  edit(): void;
  reject(): void;
  cancel(): void;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useInboxKeys(enabled: boolean, handlers: InboxKeyHandlers): void {
  // The latest handlers, without re-subscribing on every render.
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') {
        current.current.cancel();
        return;
      }
      // A modal dialog elsewhere (or a field) owns the keyboard.
      if (isTyping(event.target) || document.querySelector('dialog[open]') !== null) return;
      const action = ({ j: 'next', k: 'previous', a: 'approve', e: 'edit', r: 'reject' } as const)[event.key];
      if (action === undefined) return;
      event.preventDefault();
      current.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
