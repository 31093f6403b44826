// One menu of a filter toolbar (the leaderboard's, the audit log's): a labelled select whose first
// option means "no filter", then one option per choice, named by `nameOf`.
export function FilterSelect<Choice extends string, Any extends string>({
  id,
  label,
  value,
  anyValue,
  anyLabel,
  choices,
  nameOf,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: Choice | Any;
  /** The value that filters nothing ('' or 'all'), shown first as `anyLabel`. */
  anyValue: Any;
  anyLabel: string;
  choices: readonly Choice[];
  nameOf: (choice: Choice) => string;
  onChange: (next: Choice | Any) => void;
  testId: string;
}) {
  return (
    <div className="lb-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Choice | Any)} data-testid={testId}>
        <option value={anyValue}>{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {nameOf(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
