// What a project waits for, in the scientist's words (issue 18 item 5).
import { describe, expect, it } from 'vitest';
import { waitingFor, waitingSentence } from '../../../../src-renderer/common/waitingFor.js';

describe('waitingFor', () => {
  it('names the assistant doing the work and counts its open items', () => {
    const waiting = waitingFor([{ kind: 'compare', count: 3 }, { kind: 'review', count: 1 }], 'delegated:claude-desktop', null);
    expect(waitingSentence(waiting)).toBe('Claude Desktop has 3 comparison items and 1 review to do — ask it to continue the Co-Scientist research.');
  });

  it('falls back to who started the project before any work is done, and says when a provider works in the background', () => {
    expect(waitingSentence(waitingFor([{ kind: 'generate', count: 1 }], null, 'cursor'))).toBe('Cursor has 1 generation item to do — ask it to continue the Co-Scientist research.');
    expect(waitingSentence(waitingFor([], null, 'desktop'))).toBe('Your assistant has the next step to take — ask it to continue the Co-Scientist research.');
    const background = waitingFor([{ kind: 'meta_review', count: 1 }], 'provider:anthropic', 'claude-code');
    expect(background.background).toBe(true);
    expect(waitingSentence(background)).toMatch(/^Your model provider works on 1 meta-review in the background/);
  });
});
