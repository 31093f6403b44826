// get_leaderboard's summary cut and search matching (src-shared/leaderboardSearch.ts), at their edges.
import { describe, expect, it } from 'vitest';
import { CUT_MARK, matchesTerms, searchTerms, searchText, summaryPrefix } from '../../../src-shared/leaderboardSearch.js';

describe('summaryPrefix', () => {
  it('leaves a summary that fits unchanged, to the character', () => {
    expect(summaryPrefix('exactly twenty chars', 20)).toBe('exactly twenty chars');
  });

  it('cuts at a word boundary within the limit and marks the cut', () => {
    const cut = summaryPrefix('Inhibiting LOXL2 slows fibrosis by interrupting collagen crosslinking', 30);
    expect(cut).toBe('Inhibiting LOXL2 slows...');
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut.endsWith(CUT_MARK)).toBe(true);
  });

  it('cuts inside a single long word rather than dropping it', () => {
    const cut = summaryPrefix(`${'x'.repeat(50)} tail`, 20);
    expect(cut).toBe(`${'x'.repeat(17)}${CUT_MARK}`);
  });
});

describe('search matching', () => {
  const row = { number: 12, id: 'hyp_abc', summary: 'Stellate cells drive Collagen deposition' };
  it('needs every term, case-insensitively, in "h<number>", the id or the summary', () => {
    expect(matchesTerms(searchText(row), searchTerms('  COLLAGEN   stellate '))).toBe(true);
    expect(matchesTerms(searchText(row), searchTerms('h12 hyp_abc'))).toBe(true);
    expect(matchesTerms(searchText(row), searchTerms('collagen macrophage'))).toBe(false);
    expect(searchTerms('   ')).toEqual([]);
  });
});
