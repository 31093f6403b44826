// The view's one way of saying something went wrong: announced, and next to what it concerns.
export function Notice({ text, testId = 'view-notice' }: { text: string; testId?: string }) {
  return (
    <p className="cv-notice" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
