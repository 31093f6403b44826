import { describe, expect, it } from 'vitest';
import { exportMarkdown, UNVERIFIED_MARK } from '../../../../../src-mcp/engine/exports/markdown.js';
import { exportJson, reportDocument, REPORT_FORMAT_VERSION } from '../../../../../src-mcp/engine/exports/json.js';
import { fixtureReport } from './reportFixture.js';
import { expectPassages } from '../../../../support/passages.js';

describe('Markdown report', () => {
  const markdown = exportMarkdown(fixtureReport());

  it('states goal, plan, provenance and certification', () => {
    expect(markdown).toMatch(/^# Research report: Find novel therapeutic targets/);
    expectPassages(markdown, ['- **Objectives:** Identify cellular mechanisms that drive fibrosis regression; Prioritise targets', '- **Constraints:** No human interventional studies', '6 (5 generated, 1 evolved, 0 by the scientist); 3 reviewed in 4 reviews; 1 rejected', '4 matches (1 human vote, 3 model judgements); ranking certified', '## Meta-review']);
  });

  it('lists ranked hypotheses in rank order with Elo, BT score, CI, reviews and lineage', () => {
    const headings = [...markdown.matchAll(/^### (\d+)\. (H\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(headings).toEqual(['1:H4', '2:H1', '3:H2', '4:H3']);
    expectPassages(markdown, ['### 1. H4 — Elo 1061 · BT 1.84 (95% CI 1.21–2.6) · certified top-k', 'evolved (combine) from H1 + H2', 'generated (literature_based) in iteration 1; evolved into H4', '| full | 0.75 | 0.55 | 0.80 | 0.95 | **0.70** | model |', '1. Sirius Red positive area decreases by at least 30% versus vehicle at week ten.']);
  });

  it('lists rejected and unranked hypotheses with their reasons: nothing silently dropped', () => {
    const rejected = markdown.slice(markdown.indexOf('## Rejected hypotheses'));
    expect(rejected).toContain('**H5** (hyp_e5, rejected)');
    expect(rejected).toContain('safety screen: requires release of a modified hepatotropic virus; near-duplicate of H2; fundamental flaw found in full review');
    expect(markdown).toContain('## Not ranked\n\n- **H6** (hyp_f6, pending)');
    expect(markdown).toContain("Awaiting the scientist's approval in a hypothesis batch.");
    for (const h of fixtureReport().hypotheses) expect(markdown).toContain(h.id);
  });

  it('marks every unverified reference, in the references and next to the hypotheses', () => {
    const references = markdown.slice(markdown.indexOf('## References')).split('\n').filter((line) => line.startsWith('- ['));
    expect(references).toHaveLength(6);
    expect(references.filter((line) => line.includes(UNVERIFIED_MARK))).toHaveLength(4);
    expect(references.find((line) => line.startsWith('- [muller2019tgf]'))).toContain(UNVERIFIED_MARK);
    expect(references.find((line) => line.startsWith('- [krizhanovsky2008senescentb]'))).toContain('✓ verified');
    const h2 = markdown.slice(markdown.indexOf('### 3. H2'), markdown.indexOf('### 4. H3'));
    expect(h2).toContain(`[lee2021graph] Lee K, Zhang W (2021). Graph neural networks for $\\alpha$-SMA image quantification #2. · arXiv:2103.01234v2 · **${UNVERIFIED_MARK}**`);
  });

  it('keeps model-written headings from breaking the document structure', () => {
    const report = fixtureReport();
    const [first] = report.hypotheses;
    if (first === undefined) throw new Error('fixture has hypotheses');
    first.rationale = 'Line one.\n# Injected heading\nLine three.';
    expect(exportMarkdown(report)).toContain('Line one.\n\\# Injected heading');
  });
});

describe('JSON report', () => {
  it('round-trips and carries every hypothesis, rejected ones flagged', () => {
    const report = fixtureReport();
    const text = exportJson(report);
    const parsed = JSON.parse(text) as ReturnType<typeof reportDocument>;
    expect(parsed).toEqual(reportDocument(report));
    expect(JSON.stringify(parsed, null, 2) + '\n').toBe(text);
    expect(parsed.format_version).toBe(REPORT_FORMAT_VERSION);
    expect(parsed.hypotheses.map((h) => h.id)).toEqual(['hyp_d4', 'hyp_a1', 'hyp_b2', 'hyp_c3', 'hyp_f6', 'hyp_e5']);
    expect(parsed.hypotheses.find((h) => h.id === 'hyp_e5')).toMatchObject({ rejected: true, status: 'rejected', near_duplicate_of: 'hyp_b2' });
    expect(parsed.hypotheses[0]).toMatchObject({ rank: 1, bt_score: 1.84, ci95: [1.21, 2.6], certified_top_k: true, parents: ['hyp_a1', 'hyp_b2'], origin: 'evolved' });
  });

  it('includes plan, reviews, matches with their judge, leaderboard, meta-review and references', () => {
    const doc = reportDocument(fixtureReport());
    expect(doc.plan.objectives).toHaveLength(2);
    expect(doc.reviews).toHaveLength(4);
    expect(doc.reviews.find((r) => r.id === 'rev_3')?.assumption_checks).toHaveLength(1);
    expect(doc.matches.map((m) => m.judge)).toEqual(['model', 'model', 'human', 'model']);
    expect(doc.leaderboard.map((e) => e.hypothesis_id)).toEqual(['hyp_d4', 'hyp_a1', 'hyp_b2', 'hyp_c3']);
    expect(doc.meta_review?.recurring_critiques).toHaveLength(2);
    expect(doc.references).toHaveLength(6);
    expect(doc.project).toMatchObject({ id: 'res_fixture', top_k: 2, seed: 7 });
  });

  it('marks citations verified or not, field by field', () => {
    const doc = reportDocument(fixtureReport());
    const h1 = doc.hypotheses.find((h) => h.id === 'hyp_a1');
    expect(h1?.citations.map((c) => [c.key, c.verified])).toEqual([
      ['krizhanovsky2008senescentb', true],
      ['muller2019tgf', false],
    ]);
    expect(doc.references.filter((r) => !r.verified).map((r) => r.key)).toEqual(['anon2020untitled', 'lee2021graph', 'muller2019tgf', 'wells2013extracellular']);
    expect(doc.references.find((r) => r.key === 'krizhanovsky2008senescentb')?.cited_by).toEqual(['hyp_a1', 'hyp_c3', 'rev_3']);
  });
});
