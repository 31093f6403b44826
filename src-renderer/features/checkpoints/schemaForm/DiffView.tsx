// What an edit changes, before it is sent: one line per change, texts word by word.
import { wordDiff, type Change } from './diff';
import '../../../common/stackList.css';

function show(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (Array.isArray(value)) return value.join(', ');
  return String(value ?? '');
}

/** Texts of several words read best word by word; single values (a strategy, an id) as before → after. */
function isProse(value: unknown): value is string {
  return typeof value === 'string' && /\s/.test(value.trim());
}

export function DiffView({ changes }: { changes: readonly Change[] }) {
  if (changes.length === 0) {
    return (
      <p className="muted" data-testid="edit-diff-empty">
        No changes yet. Edit a field above; what you change is listed here before you submit.
      </p>
    );
  }
  return (
    <ul className="diff stack-list" data-testid="edit-diff" aria-label="Your changes">
      {changes.map((change) => (
        <li key={change.key} className={`diff-change diff-${change.kind}`} data-testid="diff-change" data-kind={change.kind}>
          <span className="diff-label">{change.label}</span>
          {change.kind === 'changed' && isProse(change.before) && isProse(change.after) ? (
            <p className="diff-text">
              {wordDiff(change.before, change.after).map((segment, index) =>
                segment.op === 'same' ? (
                  <span key={index}>{segment.text} </span>
                ) : segment.op === 'added' ? (
                  <ins key={index}>{segment.text} </ins>
                ) : (
                  <del key={index}>{segment.text} </del>
                ),
              )}
            </p>
          ) : change.kind === 'changed' ? (
            <p className="diff-text">
              <del>{show(change.before)}</del> → <ins>{show(change.after)}</ins>
            </p>
          ) : change.kind === 'added' ? (
            <p className="diff-text">
              <ins>+ {show(change.after)}</ins>
            </p>
          ) : (
            <p className="diff-text">
              <del>− {show(change.before)}</del>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
