// Choosing hypotheses by checkbox where a checkpoint's edit asks for a list of their ids (the final
// report's `top_hypothesis_ids`): the checkpoint's own hypotheses, each by number, short title and
// id, instead of ids typed as text. The value is the same list of ids the server validates,
// in the order the checkpoint lists them (the report's ranked order).
import type { CheckpointView } from '../../../src-shared/routes/index';
import type { FieldSpec } from '../../features/checkpoints/schemaForm/jsonSchema';
import { hypothesisTitle } from '../../common/hypothesisTitle';

export interface PickableHypothesis {
  id: string;
  label: string;
}

type Payload = Record<string, unknown>;
const records = (value: unknown): Payload[] => (Array.isArray(value) ? value.filter((v): v is Payload => typeof v === 'object' && v !== null) : []);

/** A list of text whose entries name hypotheses: the edit schemas call such a field `…hypothesis_ids`. */
export function isHypothesisIdList(field: FieldSpec): boolean {
  return field.kind === 'stringList' && field.key.endsWith('hypothesis_ids');
}

/** The hypotheses a checkpoint shows (a batch's, a report's top), each once, in its order. */
export function pickableHypotheses(checkpoint: Pick<CheckpointView, 'payload'>): PickableHypothesis[] {
  const shown = [...records(checkpoint.payload.top_hypotheses), ...records(checkpoint.payload.hypotheses)];
  const seen = new Set<string>();
  const picks: PickableHypothesis[] = [];
  for (const h of shown) {
    if (typeof h.id !== 'string' || seen.has(h.id)) continue;
    seen.add(h.id);
    picks.push({ id: h.id, label: typeof h.summary === 'string' ? pickLabel(typeof h.seq === 'number' ? h.seq : undefined, h.summary) : h.id });
  }
  return picks;
}

/** How the chat names a hypothesis it offers: "H3 · its title" (its number where known). */
export function pickLabel(number: number | undefined, summary: string): string {
  const title = hypothesisTitle({ summary });
  return number === undefined ? title : `H${number} · ${title}`;
}

export function HypothesisPicker({ field, choices, value, onChange, error, idPrefix }: { field: FieldSpec; choices: readonly PickableHypothesis[]; value: unknown; onChange: (next: string[]) => void; error: string | undefined; idPrefix: string }) {
  const picked = new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  // An id the value holds that the checkpoint does not show stays choosable (nothing is dropped unseen).
  const all = [...choices, ...[...picked].filter((id) => !choices.some((c) => c.id === id)).map((id) => ({ id, label: id }))];
  const errorId = `${idPrefix}-${field.key}-error`;
  return (
    <fieldset className="field cv-picker" data-testid={`field-${field.key}`} aria-describedby={error === undefined ? undefined : errorId}>
      <legend>{field.label}</legend>
      {field.description === undefined ? null : <p className="cv-meta">{field.description}</p>}
      {all.map((choice) => (
        <label key={choice.id} className="cv-pick" data-testid="hypothesis-pick" data-id={choice.id}>
          <input
            type="checkbox"
            checked={picked.has(choice.id)}
            onChange={(event) => {
              const next = new Set(picked);
              if (event.target.checked) next.add(choice.id);
              else next.delete(choice.id);
              onChange(all.filter((c) => next.has(c.id)).map((c) => c.id));
            }}
          />
          {` ${choice.label} `}
          <code>{choice.id}</code>
        </label>
      ))}
      {error === undefined ? null : (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
