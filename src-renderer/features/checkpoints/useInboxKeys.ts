// Inbox keyboard shortcuts: j / k move through the waiting checkpoints, a approves (after a few
// seconds in which u takes it back), e edits, r rejects. A shortcut never fires while a form is
// open, a dialog is up or the focus sits in a field or a form: a decision is never made by
// accident (issue 33 item 1). Esc belongs to the open form, which asks before dropping edits.
import { useEffect, useRef } from 'react';

export type InboxAction = 'next' | 'previous' | 'approve' | 'edit' | 'reject' | 'undo';

export type InboxKeyHandlers = Record<InboxAction, () => void>;

const KEYS: Readonly<Record<string, InboxAction>> = { j: 'next', k: 'previous', a: 'approve', e: 'edit', r: 'reject', u: 'undo' };

/** What the key press means to the inbox, as far as a guard needs to know. */
export interface KeyPress {
  key: string;
  modified: boolean;
  defaultPrevented: boolean;
  /** The focus is in a text field, a select or anything inside a form. */
  inForm: boolean;
  /** A modal dialog is open. */
  dialogOpen: boolean;
  /** The decision panel shows a form (edit or reject), with or without edits. */
  formOpen: boolean;
}

/** The inbox action a key press asks for, or null when the press is not a shortcut here. */
export function inboxShortcut(press: KeyPress): InboxAction | null {
  if (press.defaultPrevented || press.modified || press.inForm || press.dialogOpen || press.formOpen) return null;
  return KEYS[press.key] ?? null;
}

function inForm(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('form') !== null;
}

export function useInboxKeys(enabled: boolean, formOpen: boolean, handlers: InboxKeyHandlers): void {
  // The latest handlers and form state, without re-subscribing on every render.
  const current = useRef({ handlers, formOpen });
  useEffect(() => {
    current.current = { handlers, formOpen };
  });

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent): void => {
      const action = inboxShortcut({
        key: event.key,
        modified: event.ctrlKey || event.metaKey || event.altKey,
        defaultPrevented: event.defaultPrevented,
        inForm: inForm(event.target),
        dialogOpen: document.querySelector('dialog[open]') !== null,
        formOpen: current.current.formOpen,
      });
      if (action === null) return;
      event.preventDefault();
      current.current.handlers[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
