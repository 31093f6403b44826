// One way to show a failed call: what went wrong in the host's words, optional supporting
// text (e.g. a diff), and a retry when retrying can help.
import type { ReactNode } from 'react';
import { errorMessage, HostError } from '../api/cosci';

export function ErrorNotice({
  error,
  title,
  onRetry,
  testId,
  children,
}: {
  error: unknown;
  title: string;
  onRetry?: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  const detail = error instanceof HostError ? error.detail : undefined;
  return (
    <div className="notice notice-error" role="alert" data-testid={testId}>
      <p className="notice-title">{title}</p>
      <p className="notice-body" data-testid={testId ? `${testId}-message` : undefined}>
        {errorMessage(error)}
      </p>
      {detail ? <pre className="notice-detail">{detail}</pre> : null}
      {children}
      {onRetry ? (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
