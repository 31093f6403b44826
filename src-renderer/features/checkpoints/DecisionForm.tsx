// A form that decides a checkpoint: the desktop's edit and reject panels and the chat's edit and
// reject forms. Esc anywhere in it leaves it through its own cancel (which asks first when the form
// holds edits); sending it never reloads the page.
import type { FormHTMLAttributes, KeyboardEvent, ReactNode, Ref } from 'react';

export function DecisionForm({
  onCancel,
  onSend,
  ref,
  children,
  ...attributes
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onKeyDown'> & {
  onCancel: () => void;
  /** Submitted (a button or Enter): checks and sends what the form holds. */
  onSend: () => void;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
  'data-testid': string;
}) {
  return (
    <form
      ref={ref}
      {...attributes}
      onKeyDown={(event: KeyboardEvent) => {
        // A field that handled Esc itself (a select's list, a confirm) keeps it.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onCancel();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      {children}
    </form>
  );
}
