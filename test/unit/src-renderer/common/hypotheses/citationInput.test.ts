// The Add hypothesis form's citation rows become the server's citation fields: the one identifier
// box is sorted into DOI, PMID, arXiv id or link; empty rows are dropped; the server checks the rest.
import { describe, expect, it } from 'vitest';
import { citationSource, citationsOf, EMPTY_CITATION } from '../../../../../src-renderer/common/hypotheses/citationInput.js';

describe('citation rows', () => {
  it('sorts the identifier into its field', () => {
    expect(citationSource('10.1038/nature12345')).toEqual({ doi: '10.1038/nature12345' });
    expect(citationSource('https://doi.org/10.1016/j.cell.2015.04.011')).toEqual({ doi: '10.1016/j.cell.2015.04.011' });
    expect(citationSource('doi: 10.1126/science.abc1234')).toEqual({ doi: '10.1126/science.abc1234' });
    expect(citationSource('PMID: 25959826')).toEqual({ pmid: '25959826' });
    expect(citationSource('25959826')).toEqual({ pmid: '25959826' });
    expect(citationSource('arXiv:2401.01234v2')).toEqual({ arxiv_id: '2401.01234v2' });
    expect(citationSource('https://example.org/paper')).toEqual({ url: 'https://example.org/paper' });
    expect(citationSource('  ')).toEqual({});
  });

  it('keeps rows with anything typed, trims them, and passes a year only when it is a whole number', () => {
    expect(
      citationsOf([
        EMPTY_CITATION,
        { title: ' BRD4 and fibrosis ', source: '10.1038/x1', year: '2015' },
        { title: '', source: 'PMID 123', year: 'soon' },
      ]),
    ).toEqual([{ title: 'BRD4 and fibrosis', doi: '10.1038/x1', year: 2015 }, { title: '', pmid: '123' }]);
  });
});
