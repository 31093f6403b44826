import { describe, expect, it } from 'vitest';
import { bibliographicFields } from '../../../../src-mcp/engine/bibliographicFields.js';

describe('bibliographicFields', () => {
  it('names every field, null where the source is silent, and drops what is not about the paper', () => {
    const citation = { title: 'Stellate cells', year: 2021, doi: '10.1000/x', verified: true, document_id: 'doc_1' };
    expect(bibliographicFields(citation)).toStrictEqual({ title: 'Stellate cells', authors: null, year: 2021, venue: null, doi: '10.1000/x', pmid: null, arxiv_id: null, url: null });
  });
});
