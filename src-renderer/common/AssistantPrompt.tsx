// The words to give the assistant so a project moves on, whole (never cut mid-word) and with a
// Copy button (issue 33 item 7): the scientist pastes them into Claude or another assistant.
import { useState } from 'react';

/** What to ask the assistant to continue a project. */
export function continuePrompt(goal: string): string {
  return `Continue the Co-Scientist research on “${goal}”`;
}

export function AssistantPrompt({ goal }: { goal: string }) {
  const prompt = continuePrompt(goal);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = (): void => {
    navigator.clipboard.writeText(prompt).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div className="assistant-prompt" data-testid="assistant-prompt">
      <span className="assistant-prompt-label">Ask your assistant:</span>
      <q className="assistant-prompt-text" data-testid="assistant-prompt-text">
        {prompt}
      </q>
      <button type="button" className="button button-secondary button-small" data-testid="assistant-prompt-copy" onClick={copy}>
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'yes' ? 'The prompt is copied.' : copied === 'failed' ? 'Could not copy: select the prompt and copy it by hand.' : ''}
      </span>
    </div>
  );
}
