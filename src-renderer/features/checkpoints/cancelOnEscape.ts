// Esc anywhere in a decision form leaves it, through the form's own cancel (which asks first when
// the form holds edits): one handler for the desktop's edit and reject panels and the chat's forms.
import type { KeyboardEvent } from 'react';

export function cancelOnEscape(onCancel: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    // A field that handled Esc itself (a select's list, a confirm) keeps it.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onCancel();
  };
}
