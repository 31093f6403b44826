// Identifier recognition and normalisation: citations resolve only if both sides normalise alike.
import { describe, expect, it } from 'vitest';
import { identifiersFromSource, identifiersInText, normalizeArxivId, normalizeDoi, normalizePmid, normalizeUrl } from '../../../../src-mcp/engine/scholarlyIdentifiers.js';

describe('identifiers', () => {
  it.each([
    ['10.1038/S41586-020-2649-2', '10.1038/s41586-020-2649-2'],
    ['https://doi.org/10.1038/s41586-020-2649-2', '10.1038/s41586-020-2649-2'],
    ['doi: 10.1038/s41586-020-2649-2).', '10.1038/s41586-020-2649-2'],
    ['no identifier here', null],
  ])('normalises DOI %s', (raw, expected) => expect(normalizeDoi(raw)).toBe(expected));

  it('normalises PMIDs, arXiv ids (versions dropped) and URLs', () => {
    expect(normalizePmid('PMID: 00123')).toBe('123');
    expect(normalizePmid('https://pubmed.ncbi.nlm.nih.gov/31452104/')).toBe('31452104');
    expect(normalizeArxivId('arXiv:2301.01234v4')).toBe('2301.01234');
    expect(normalizeArxivId('https://arxiv.org/pdf/hep-th/9901001v1')).toBe('hep-th/9901001');
    expect(normalizeUrl('HTTPS://Example.org/Paper/#section')).toBe('https://example.org/Paper');
    expect(normalizeUrl('ftp://example.org/x')).toBeNull();
  });

  it('reads identifiers from a source and labelled ones from text only', () => {
    expect(identifiersFromSource('https://doi.org/10.1126/science.abc123')).toEqual({
      doi: '10.1126/science.abc123',
      pmid: null,
      arxivId: null,
      url: 'https://doi.org/10.1126/science.abc123',
    });
    expect(identifiersFromSource('PMID:18471545')).toMatchObject({ pmid: '18471545', url: null });
    expect(identifiersInText('Cohort of 18471545 cells. See arXiv:2101.00001 and doi 10.1000/xyz.')).toEqual({
      doi: '10.1000/xyz',
      pmid: null,
      arxivId: '2101.00001',
      url: null,
    });
  });
});
