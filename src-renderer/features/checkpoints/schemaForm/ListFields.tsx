// The field controls of the generated edit form that hold several values: a list of texts (add,
// remove, reorder) and a choice among known values (e.g. the project's hypotheses); and the
// field name every control of the form is labelled with.
import type { ReactNode } from 'react';
import type { FieldSpec } from './jsonSchema';
import { pathKey, type Path } from './values';

/** What the list controls need of the form (SchemaForm passes its own props). */
interface FormContext {
  idPrefix: string;
  errors: ReadonlyMap<string, string>;
  choices?: ((key: string) => readonly Choice[] | undefined) | undefined;
}

/** A field's name as its label or legend shows it, marked when it may be left empty. */
export function FieldName({ field }: { field: Pick<FieldSpec, 'label' | 'required'> }) {
  return (
    <>
      {field.label}
      {field.required ? null : <span className="muted"> (optional)</span>}
    </>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function StringList({
  props,
  field,
  value,
  path,
  update,
  disabled,
  errorLine,
}: {
  props: FormContext;
  field: FieldSpec & { kind: 'stringList' };
  value: unknown;
  path: Path;
  update: (path: Path, next: unknown) => void;
  disabled: boolean;
  errorLine: ReactNode;
}) {
  const items = Array.isArray(value) ? value.map(String) : [];
  const canAdd = field.maxItems === undefined || items.length < field.maxItems;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as string);
    update(path, next);
  };
  const key = pathKey(path);
  return (
    <fieldset className="field-group" data-testid={`field-${key}`}>
      <legend>
        <FieldName field={field} />
      </legend>
      {errorLine}
      {items.map((item, index) => {
        const itemKey = pathKey([...path, index]);
        const id = `${props.idPrefix}-${itemKey}`;
        const error = props.errors.get(itemKey);
        const Input = field.item.multiline ? 'textarea' : 'input';
        const choices = props.choices?.(field.key);
        return (
          <div key={index} className="list-entry">
            <label htmlFor={id} className="visually-hidden">
              {field.label} {index + 1}
            </label>
            {choices !== undefined ? (
              <ChoiceSelect id={id} testId={`field-${itemKey}`} value={item} choices={choices} required disabled={disabled} onChange={(next) => update([...path, index], next)} />
            ) : (
              <Input
                id={id}
                data-testid={`field-${itemKey}`}
                value={item}
                disabled={disabled}
                {...(field.item.multiline ? { rows: 2 } : {})}
                aria-invalid={error ? true : undefined}
                onChange={(event: { target: { value: string } }) => update([...path, index], event.target.value)}
              />
            )}
            <div className="list-entry-actions">
              <button type="button" className="icon-button" aria-label={`Move ${field.label.toLowerCase()} ${index + 1} up`} disabled={disabled || index === 0} onClick={() => move(index, index - 1)}>
                ↑
              </button>
              <button type="button" className="icon-button" aria-label={`Move ${field.label.toLowerCase()} ${index + 1} down`} disabled={disabled || index === items.length - 1} onClick={() => move(index, index + 1)}>
                ↓
              </button>
              <button type="button" className="icon-button" aria-label={`Remove ${field.label.toLowerCase()} ${index + 1}`} disabled={disabled} onClick={() => update(path, items.filter((_, i) => i !== index))}>
                ×
              </button>
            </div>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {canAdd ? (
        <button type="button" className="button button-secondary button-small" disabled={disabled} onClick={() => update(path, [...items, ''])}>
          Add to {field.label.toLowerCase()}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A choice among known values; a value not among them (typed elsewhere) stays selectable. */
export function ChoiceSelect({
  id,
  testId,
  value,
  choices,
  required,
  disabled,
  onChange,
}: {
  id: string;
  testId: string;
  value: string;
  choices: readonly Choice[];
  required: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const known = choices.some((choice) => choice.value === value);
  return (
    <select id={id} data-testid={testId} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
      {!required || value === '' ? <option value="">{required ? 'Choose…' : 'None'}</option> : null}
      {!known && value !== '' ? <option value={value}>{value}</option> : null}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
