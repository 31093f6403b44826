// The row that ends a form: Cancel, then the submit button, whose label says what is under way
// while the request runs (and which is disabled meanwhile, so a second click sends nothing twice).
export function FormActions({
  onCancel,
  label,
  pendingLabel,
  pending,
  disabled = false,
  testId,
  cancelKey,
  danger = false,
  describedBy,
}: {
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** Further reasons the form cannot be sent yet (nothing changed, a required note is empty). */
  disabled?: boolean;
  testId: string;
  /** The key that also cancels, shown on the button. */
  cancelKey?: string;
  /** The submit button warns: the action discards work. */
  danger?: boolean;
  /** The id of what the submit button sets off, said beside it. */
  describedBy?: string;
}) {
  return (
    <div className="form-actions">
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel{cancelKey !== undefined ? <> <kbd>{cancelKey}</kbd></> : null}
      </button>
      <button type="submit" className={`button ${danger ? 'button-danger' : 'button-primary'}`} data-testid={testId} disabled={pending || disabled} aria-describedby={describedBy}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
