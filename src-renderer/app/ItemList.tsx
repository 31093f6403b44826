// A list of short texts (predictions, objectives, a review's strengths), or one muted line when
// there are none: the hypothesis view and the project overview show their lists the same way.
export function ItemList({ items, empty = 'None.', testId }: { items: readonly string[]; empty?: string; testId?: string | undefined }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul data-testid={testId}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
