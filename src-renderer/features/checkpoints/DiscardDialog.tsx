// Asked before a form with unsent edits is left (Esc, Cancel, another checkpoint, the history
// tab): nothing the scientist wrote is dropped by a stray key. "Keep editing" has the focus, so
// Enter or Esc keeps the work.
import { useEffect, useRef } from 'react';
import { Modal } from '../../app/Modal';

export function DiscardDialog({ what, onKeep, onDiscard }: { what: string; onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  // After the dialog opens (its own effect runs after this one and focuses its first button).
  useEffect(() => {
    const frame = requestAnimationFrame(() => keep.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Modal title="Discard your changes?" onClose={onKeep} testId="discard-dialog">
      <p>{what} has not been sent. Leaving the form drops it.</p>
      <div className="form-actions">
        <button type="button" className="button button-secondary button-danger-text" data-testid="discard-confirm" onClick={onDiscard}>
          Discard changes
        </button>
        <button ref={keep} type="button" className="button button-primary" data-testid="discard-keep" onClick={onKeep}>
          Keep editing
        </button>
      </div>
    </Modal>
  );
}
