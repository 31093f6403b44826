import { describe, expect, it } from 'vitest';
import { resultsDetailed, resultsSummary } from '../../../../../src-mcp/engine/exports/results.js';
import { NIH_AIMS_MAX_WORDS, goalAsInfinitive, nihSpecificAims } from '../../../../../src-mcp/engine/exports/nihAims.js';
import { DomainError } from '../../../../../src-mcp/engine/errors.js';
import { wordCount } from '../../../../../src-mcp/engine/schemas.js';
import type { ResearchReport } from '../../../../../src-mcp/engine/exports/report.js';
import { fixtureReport } from './reportFixture.js';

function withHypotheses(report: ResearchReport, ids: string[]): ResearchReport {
  return { ...report, hypotheses: report.hypotheses.filter((h) => ids.includes(h.id)), leaderboard: report.leaderboard.filter((e) => ids.includes(e.hypothesisId)) };
}

describe('get_results summary and detailed', () => {
  it('returns the seed shape: executive_summary and top_hypotheses in rank order', () => {
    const summary = resultsSummary(fixtureReport(), 3);
    expect(summary.top_hypotheses.map((h) => [h.id, h.rank, h.elo_score])).toEqual([
      ['hyp_d4', 1, 1061],
      ['hyp_a1', 2, 1032],
      ['hyp_b2', 3, 1010],
    ]);
    expect(summary.top_hypotheses[0]).toMatchObject({ bt_score: 1.84, ci95: [1.21, 2.6], status: 'in_tournament' });
    expect(summary.executive_summary).toContain('Leading hypothesis H4 (Elo 1061, Bradley–Terry 1.84, 95% CI 1.21–2.6)');
    expect(summary.executive_summary).toContain('4 matches (1 judged by humans)');
    expect(summary.executive_summary).toContain('certified');
  });

  it('never lists rejected hypotheses among the top, and fills with unranked ones', () => {
    const ids = resultsSummary(fixtureReport(), 10).top_hypotheses.map((h) => h.id);
    expect(ids).toEqual(['hyp_d4', 'hyp_a1', 'hyp_b2', 'hyp_c3', 'hyp_f6']);
  });

  it('adds protocols, predictions, mean review scores, lineage and verified flags in detailed form', () => {
    const detailed = resultsDetailed(fixtureReport(), 2);
    const [top, second] = detailed.top_hypotheses;
    expect(top?.lineage).toBe('evolved (combine) from H1 + H2');
    expect(second?.mean_scores).toEqual({ plausibility: 0.73, novelty: 0.58, testability: 0.8, safety: 0.93, overall: 0.7 });
    expect(second?.citations.map((c) => c.verified)).toEqual([true, false]);
    expect(detailed.not_shown).toEqual({ ranked: 2, unranked: 1, rejected: 1 });
    expect(detailed.research_overview).toContain('stellate-cell senescence');
  });
});

describe('NIH Specific Aims', () => {
  it('has every section, 2–3 aims from the top hypotheses, and fits one page', () => {
    const page = nihSpecificAims(fixtureReport());
    for (const section of ['**Background.**', '**Gap.**', '**Long-term goal and objective.**', '**Central hypothesis.**', '**Rationale.**', '**Expected outcomes and impact.**']) {
      expect(page.markdown).toContain(section);
    }
    expect(page.markdown).toMatch(/^> \*\*Draft for the scientist to edit\.\*\*/);
    expect(page.markdown).toContain('⚠ 4 of 6 references behind these hypotheses are unverified');
    expect(page.central_hypothesis_id).toBe('hyp_d4');
    expect(page.aims.map((aim) => aim.hypothesis_id)).toEqual(['hyp_d4', 'hyp_a1', 'hyp_b2']);
    expect(page.markdown.match(/\*\*Specific Aim \d\./g)).toHaveLength(3);
    expect(page.markdown).toContain('*Working hypothesis:*');
    expect(page.markdown).toContain('*Approach:*');
    expect(page.word_count).toBeLessThanOrEqual(NIH_AIMS_MAX_WORDS);
    expect(wordCount(page.markdown)).toBeLessThanOrEqual(NIH_AIMS_MAX_WORDS);
    expect(page.word_count).toBeGreaterThan(350);
  });

  it('is deterministic', () => {
    expect(nihSpecificAims(fixtureReport())).toEqual(nihSpecificAims(fixtureReport()));
  });

  it('stays within one page however long the hypotheses are', () => {
    const report = fixtureReport();
    const long = (seed: string) => Array.from({ length: 60 }, (_, i) => `${seed} sentence ${i} adds a further mechanistic detail about the stellate cell niche.`).join(' ');
    // Each keeps its own idea (identical texts would rightly collapse into one aim), only longer.
    for (const h of report.hypotheses) {
      h.rationale = Array.from({ length: 10 }, () => h.rationale).join(' ');
      h.experimentalProtocol = long('Protocol');
      h.summary = Array.from({ length: 6 }, () => h.summary).join(' ').slice(0, 1100);
      h.testablePredictions = [long('Prediction').slice(0, 900)];
    }
    const page = nihSpecificAims(report);
    expect(page.aims).toHaveLength(3);
    expect(wordCount(page.markdown)).toBeLessThanOrEqual(NIH_AIMS_MAX_WORDS);
  });

  it('draws the second aim from the lead hypothesis when it is the only contender', () => {
    const page = nihSpecificAims(withHypotheses(fixtureReport(), ['hyp_d4']));
    expect(page.aims.map((aim) => aim.title)).toEqual([
      expect.stringMatching(/^Test the central hypothesis: Inducing senescence/),
      'Test prediction 2 of the central hypothesis',
    ]);
  });

  it('draws each aim from a different idea, never the same hypothesis reworded (issue 15 item 6)', () => {
    const report = fixtureReport();
    // H-a1 becomes a rewording of the lead: it must not take an aim of its own.
    const lead = report.hypotheses.find((h) => h.id === 'hyp_d4');
    const copy = report.hypotheses.find((h) => h.id === 'hyp_a1');
    if (lead === undefined || copy === undefined) throw new Error('fixture changed');
    copy.summary = lead.summary;
    copy.rationale = lead.rationale;
    const page = nihSpecificAims(report);
    // H-c3 states the lead's idea in the fixture too, so the third aim tests another prediction of the lead.
    expect(page.aims.map((aim) => aim.hypothesis_id)).toEqual(['hyp_d4', 'hyp_b2', 'hyp_d4']);
    expect(page.aims[2]?.title).toBe('Test prediction 2 of the central hypothesis');
  });

  it('cites documents by reference key in the prose, never by internal id, and lists the references', () => {
    const report = fixtureReport();
    const lead = report.hypotheses.find((h) => h.id === 'hyp_d4');
    if (lead === undefined) throw new Error('fixture changed');
    lead.citations = [...lead.citations, { title: 'Senescent hepatic stellate cells & fibrosis regression', doi: '10.1016/j.cell.2008.06.049', document_id: 'doc_1', verified: true }];
    lead.experimentalProtocol = `Following the senescence induction protocol of doc_1, treat CCl4 mice for six weeks and compare with hyp_b2. ${lead.experimentalProtocol}`;
    const page = nihSpecificAims(report);
    expect(page.markdown).not.toMatch(/\b(doc|hyp)_[0-9a-z]+\b/);
    expect(page.markdown).toMatch(/protocol of \[krizhanovsky2008senescent[ab]?\]/);
    expect(page.markdown).toContain('compare with H2');
    expect(page.markdown).toMatch(/## References\n\n- \[krizhanovsky2008senescent[ab]?\] Krizhanovsky V/);
  });

  it('refuses, with a fix, when there is nothing to build on', () => {
    const report = withHypotheses(fixtureReport(), ['hyp_e5']);
    expect(() => nihSpecificAims(report)).toThrow(DomainError);
    expect(() => nihSpecificAims(report)).toThrow(/no hypotheses to build Specific Aims from/);
  });

  it('turns goals into grammatical infinitives without lower-casing proper nouns', () => {
    expect(goalAsInfinitive('Identify drivers of fibrosis.')).toBe('identify drivers of fibrosis');
    expect(goalAsInfinitive('To find targets')).toBe('find targets');
    expect(goalAsInfinitive('Why do stellate cells re-activate?')).toBe('answer the question "Why do stellate cells re-activate?"');
    expect(goalAsInfinitive('Alzheimer disease treatments')).toBe('advance this goal: Alzheimer disease treatments');
  });
});
