// Texts read by a model or a person (prompts, reports) are tested by the passages they must carry.
import { expect } from 'vitest';

/** The text carries every one of these passages (each checked on its own, so a failure names the missing one). */
export function expectPassages(text: string, passages: readonly string[]): void {
  for (const passage of passages) expect(text).toContain(passage);
}
