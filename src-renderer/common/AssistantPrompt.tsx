// The words to give the assistant so a project moves on, whole (never cut mid-word) and with a
// Copy button (issue 33 item 7): the scientist pastes them into Claude or another assistant.
import { CopyButton } from '../app/CopyButton';

/** What to ask the assistant to continue a project. */
export function continuePrompt(goal: string): string {
  return `Continue the Co-Scientist research on “${goal}”`;
}

export function AssistantPrompt({ goal }: { goal: string }) {
  const prompt = continuePrompt(goal);
  return (
    <div className="assistant-prompt" data-testid="assistant-prompt">
      <span className="assistant-prompt-label">Ask your assistant:</span>
      <q className="assistant-prompt-text" data-testid="assistant-prompt-text">
        {prompt}
      </q>
      <CopyButton text={prompt} what="The prompt" testId="assistant-prompt-copy" />
    </div>
  );
}
