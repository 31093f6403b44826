// A compact select over a label table (REVIEW_TYPE_LABELS, STRATEGY_LABELS…): one option per key,
// shown by its label, in the table's order. Its own label is for screen readers: the row it sits
// in (a button beside it) already shows what it chooses.
export function LabelSelect<Choice extends string>({
  id,
  label,
  value,
  labels,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: Choice;
  labels: Readonly<Record<Choice, string>>;
  onChange: (next: Choice) => void;
  testId: string;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Choice)} data-testid={testId}>
        {(Object.keys(labels) as Choice[]).map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </>
  );
}
