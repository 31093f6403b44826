// Copies a text to the clipboard and says so, for sighted and screen-reader users alike; when the
// clipboard refuses, it says to copy by hand (the text is always shown next to the button).
import { useState } from 'react';

export function CopyButton({ text, what, testId }: { text: string; /** e.g. "The prompt" */ what: string; testId: string }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = (): void => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <>
      <button type="button" className="button button-secondary button-small" data-testid={testId} onClick={copy}>
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'yes' ? `${what} is copied.` : copied === 'failed' ? `Could not copy: select ${what.toLowerCase()} and copy it by hand.` : ''}
      </span>
    </>
  );
}
