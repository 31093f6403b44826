// Which checkpoints pause a project for the scientist's decision. Safety reviews always do; that
// box is shown ticked and cannot be cleared, so the policy reads completely.
import type { DesktopSettings } from '../../src-shared/routes/index';
import './pausePolicy.css';

export type PausableKind = DesktopSettings['default_pause_at'][number];

export const PAUSABLE: { kind: PausableKind; label: string; hint: string }[] = [
  { kind: 'research_plan', label: 'Research plan', hint: 'before any hypothesis is generated' },
  { kind: 'hypothesis_batch', label: 'New hypotheses', hint: 'each batch, before it is reviewed' },
  { kind: 'evolution_plan', label: 'Evolution plan', hint: 'which hypotheses to evolve, and how' },
  { kind: 'final_report', label: 'Final report', hint: 'before the project completes' },
];

export function PausePolicyFields({
  idPrefix,
  value,
  onChange,
  legend,
  testIdPrefix,
}: {
  idPrefix: string;
  /** null while the default is still loading: the boxes wait rather than show a guess. */
  value: readonly PausableKind[] | null;
  onChange: (next: PausableKind[]) => void;
  legend: string;
  testIdPrefix: string;
}) {
  return (
    <fieldset className="pause-policy" data-testid={testIdPrefix} aria-busy={value === null}>
      <legend>{legend}</legend>
      {PAUSABLE.map(({ kind, label, hint }) => (
        <label key={kind} htmlFor={`${idPrefix}-${kind}`} className="pause-option">
          <input
            id={`${idPrefix}-${kind}`}
            type="checkbox"
            data-testid={`${testIdPrefix}-${kind}`}
            checked={value?.includes(kind) ?? false}
            disabled={value === null}
            onChange={(event) => {
              const current = value ?? [];
              onChange(event.target.checked ? PAUSABLE.map((p) => p.kind).filter((k) => k === kind || current.includes(k)) : current.filter((k) => k !== kind));
            }}
          />
          <span>
            {label} <span className="muted">— {hint}</span>
          </span>
        </label>
      ))}
      <label className="pause-option" htmlFor={`${idPrefix}-safety`}>
        <input id={`${idPrefix}-safety`} type="checkbox" checked disabled />
        <span>
          Safety review <span className="muted">— always; only you decide these, in this app</span>
        </span>
      </label>
    </fieldset>
  );
}
