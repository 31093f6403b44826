// Renders an edit form from the checkpoint's edit schema (see jsonSchema.ts): every field labelled
// and keyboard-reachable, limits shown, problems under the field they concern. Entries of a list
// that refer to existing records (a batch's hypotheses) are edited in place; other lists can
// gain, lose and reorder entries within the schema's limits.
import type { ReactNode } from 'react';
import type { FieldSpec } from './jsonSchema';
import { ChoiceSelect, FieldName, StringList, type Choice } from './ListFields';
import { pathKey, setIn, type FormValue, type Path } from './values';

export type { Choice } from './ListFields';

export interface SchemaFormProps {
  fields: readonly FieldSpec[];
  value: FormValue;
  onChange: (next: FormValue) => void;
  errors: ReadonlyMap<string, string>;
  /** Names an entry of an object list (e.g. "H3"); "#n" otherwise. */
  itemLabel?: (field: FieldSpec, item: Record<string, unknown>, index: number) => string;
  /** Known values for a text field (e.g. the project's hypotheses for a hypothesis id): shown as a choice. */
  choices?: (key: string) => readonly Choice[] | undefined;
  idPrefix: string;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function SchemaForm(props: SchemaFormProps) {
  const update = (path: Path, next: unknown) => props.onChange(setIn(props.value, path, next) as FormValue);
  return <div className="schema-form">{props.fields.map((field) => renderField(props, field, props.value[field.key], [field.key], update, false))}</div>;
}

function renderField(props: SchemaFormProps, field: FieldSpec, value: unknown, path: Path, update: (path: Path, next: unknown) => void, disabled: boolean): ReactNode {
  const key = pathKey(path);
  const id = `${props.idPrefix}-${key}`;
  const error = props.errors.get(key);
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;
  const errorLine = error ? (
    <p id={errorId} className="field-error" role="alert">
      {error}
    </p>
  ) : null;

  switch (field.kind) {
    case 'string': {
      if (field.identifier) {
        return (
          <div key={key} className="field field-static">
            <span className="field-label">{field.label}</span>
            <code data-testid={`field-${key}`}>{String(value ?? '')}</code>
          </div>
        );
      }
      const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
      const choices = props.choices?.(field.key);
      if (choices !== undefined) {
        return (
          <div key={key} className="field">
            <label htmlFor={id}>
              <FieldName field={field} />
            </label>
            <ChoiceSelect id={id} testId={`field-${key}`} value={text} choices={choices} required={field.required} disabled={disabled} onChange={(next) => update(path, next)} />
            {errorLine}
          </div>
        );
      }
      const common = {
        id,
        'data-testid': `field-${key}`,
        value: text,
        disabled,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        onChange: (event: { target: { value: string } }) => update(path, event.target.value),
      };
      return (
        <div key={key} className="field">
          <label htmlFor={id}>
            <FieldName field={field} />
          </label>
          {field.multiline ? <textarea {...common} rows={text.length > 240 ? 5 : 3} /> : <input {...common} />}
          {field.maxLength !== undefined ? (
            <p className="hint">
              {text.trim().length} / {field.maxLength} characters{field.minLength ? `, at least ${field.minLength}` : ''}
            </p>
          ) : null}
          {errorLine}
        </div>
      );
    }
    case 'number':
      return (
        <div key={key} className="field field-narrow-input">
          <label htmlFor={id}>{field.label}</label>
          <input
            id={id}
            data-testid={`field-${key}`}
            type="number"
            inputMode="numeric"
            step={field.integer ? 1 : 'any'}
            min={field.minimum}
            max={field.maximum}
            value={value === undefined || value === null ? '' : String(value)}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => update(path, event.target.value === '' ? '' : Number.isNaN(event.target.valueAsNumber) ? event.target.value : event.target.valueAsNumber)}
          />
          {errorLine}
        </div>
      );
    case 'boolean':
      return (
        <div key={key} className="field field-check">
          <label htmlFor={id}>
            <input id={id} data-testid={`field-${key}`} type="checkbox" checked={value === true} disabled={disabled} onChange={(event) => update(path, event.target.checked)} />
            {field.label}
          </label>
          {errorLine}
        </div>
      );
    case 'enum':
      return (
        <div key={key} className="field">
          <label htmlFor={id}>{field.label}</label>
          <select id={id} data-testid={`field-${key}`} value={String(value ?? '')} disabled={disabled} onChange={(event) => update(path, event.target.value)}>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          {errorLine}
        </div>
      );
    case 'stringList':
      return <StringList key={key} {...{ props, field, value, path, update, disabled, errorLine }} />;
    case 'objectList': {
      const items = Array.isArray(value) ? value : [];
      const canAdd = !field.fixed && (field.maxItems === undefined || items.length < field.maxItems);
      return (
        <fieldset key={key} className="field-group" data-testid={`field-${key}`}>
          <legend>{field.label}</legend>
          {errorLine}
          {items.map((item, index) => {
            const record = asRecord(item);
            const label = props.itemLabel?.(field, record, index) ?? `#${index + 1}`;
            // An entry the scientist chose to drop keeps only its id and the choice itself editable.
            const dropped = record.keep === false;
            return (
              <fieldset key={typeof record.id === 'string' ? record.id : index} className={`field-item${dropped ? ' is-dropped' : ''}`} data-testid={`field-${key}.${index}`}>
                <legend>
                  {label}
                  {dropped ? <span className="badge badge-paused">dropped</span> : null}
                </legend>
                {field.fields.map((sub) => renderField(props, sub, record[sub.key], [...path, index, sub.key], update, disabled || (dropped && sub.key !== 'keep' && sub.key !== 'id')))}
                {!field.fixed ? (
                  <button type="button" className="button button-secondary button-small" onClick={() => update(path, items.filter((_, i) => i !== index))} disabled={disabled}>
                    Remove {label}
                  </button>
                ) : null}
              </fieldset>
            );
          })}
          {canAdd ? (
            <button type="button" className="button button-secondary button-small" onClick={() => update(path, [...items, {}])} disabled={disabled}>
              Add to {field.label.toLowerCase()}
            </button>
          ) : null}
        </fieldset>
      );
    }
    case 'object':
      return (
        <fieldset key={key} className="field-group">
          <legend>{field.label}</legend>
          {field.fields.map((sub) => renderField(props, sub, asRecord(value)[sub.key], [...path, sub.key], update, disabled))}
        </fieldset>
      );
    case 'readonly':
      return (
        <div key={key} className="field field-static">
          <span className="field-label">{field.label}</span>
          <pre className="notice-detail">{JSON.stringify(value, null, 2)}</pre>
        </div>
      );
  }
}
