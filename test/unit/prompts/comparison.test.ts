import { describe, expect, it } from 'vitest';
import { ComparisonResultSchema } from '../../../src-mcp/engine/schemas.js';
import { comparisonInstructions, type ComparisonPair, type PromptHypothesis } from '../../../src-mcp/reasoners/prompts/index.js';
import { INJECTION, expectContract, expectSize, hypotheses, project } from './promptFixture.js';

const side = (h: PromptHypothesis) => ({ id: h.id, summary: h.summary, rationale: h.rationale, protocol: h.experimental_protocol });
const [h4, h1, h2, h3] = hypotheses as [PromptHypothesis, PromptHypothesis, PromptHypothesis, PromptHypothesis];
const pairs: ComparisonPair[] = [
  { pair_id: 'pair_top', first: { ...side(h4), review_scores: { plausibility: 0.7, novelty: 0.6, testability: 0.8, safety: 0.9, overall: 0.69 } }, second: side(h1), debate: true },
  { pair_id: 'pair_swiss', first: side(h2), second: { ...side(h3), rationale: INJECTION }, debate: false },
];

describe('comparison instructions', () => {
  const text = comparisonInstructions({ project, pairs, topK: 3 });

  it('carries criteria, fairness rules, pair ids to echo and the contract', () => {
    expectContract(text, ComparisonResultSchema, ['pair_top', 'pair_swiss']);
    for (const criterion of ['**Plausibility**', '**Novelty**', '**Testability**', '**Expected impact**', '**Safety**']) expect(text).toContain(criterion);
    expect(text).toContain('**Judge the science, not the writing.**');
    expect(text).toContain('**Slot order must not matter.**');
    expect(text).toContain('order within each pair is randomised and the system measures position bias');
    expect(text).toContain('mentally swap the two hypotheses');
    expect(text).toContain('**No ties.**');
    expect(text).toContain('`confidence` is between 0.5 and 1');
    expect(text).toContain('identify the top 3 reliably');
    expectSize(text, 900, 16_000);
  });

  it('asks for a debate only on the pairs that need one', () => {
    expect(text).toContain('## Debate pairs');
    expect(text).toContain('three to six turns between an **advocate of the first**, an **advocate of the second** and a **neutral expert in biology**');
    expect(text).toContain('`debate` holds three to six turns for `pair_top` and is empty for the other pairs.');
    expect(text).toContain('### Pair `pair_top` (debate="true")');
    expect(text).toContain('### Pair `pair_swiss`\n');
    const calm = comparisonInstructions({ project, pairs: [{ ...pairs[1]!, debate: false }], topK: 3 });
    expect(calm).not.toContain('## Debate pairs');
    expect(calm).toContain('`debate` stays empty.');
  });

  it('shows slots and review scores but not hypothesis ids, which leak age and lineage', () => {
    expect(text).toContain('<untrusted_data kind="hypothesis" slot="first">');
    expect(text).toContain('<untrusted_data kind="hypothesis" slot="second">');
    expect(text).toContain('Review scores: plausibility 0.7, novelty 0.6, testability 0.8, safety 0.9, overall 0.69');
    for (const h of [h4, h1, h2, h3]) expect(text).not.toContain(h.id);
  });
});
