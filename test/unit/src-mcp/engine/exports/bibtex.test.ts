import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from '@retorquere/bibtex-parser';
import { exportBibtex, UNVERIFIED_NOTE, bibtexTitle, escapeBibtexText } from '../../../../../src-mcp/engine/exports/bibtex.js';
import { bibliography } from '../../../../../src-mcp/engine/exports/references.js';
import { parseAuthors } from '../../../../../src-mcp/engine/exports/authors.js';
import type { CitationRecord } from '../../../../../src-mcp/engine/types.js';
import { fixtureReport } from './reportFixture.js';

/** Parsed as written: no sentence-casing, so titles can be compared with what we exported. */
const parseExact = (text: string) => parse(text, { english: false });

function reportWith(citations: CitationRecord[]) {
  const report = fixtureReport();
  const [first] = report.hypotheses;
  if (first === undefined) throw new Error('fixture has hypotheses');
  return { ...report, hypotheses: [{ ...first, citations }], reviews: [] };
}

describe('BibTeX export', () => {
  it('parses cleanly with one entry per unique citation across hypotheses and reviews', () => {
    const bib = exportBibtex(fixtureReport());
    const library = parseExact(bib);
    expect(library.errors).toEqual([]);
    // 9 citation records, 6 distinct works (merged by DOI, arXiv id and title).
    expect(library.entries).toHaveLength(6);
    const keys = library.entries.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([
      'anon2020untitled',
      'krizhanovsky2008senescenta',
      'krizhanovsky2008senescentb',
      'lee2021graph',
      'muller2019tgf',
      'wells2013extracellular',
    ]);
  });

  it('keeps special characters, casing and UTF-8 through escaping', () => {
    const library = parseExact(exportBibtex(fixtureReport()));
    const byKey = new Map(library.entries.map((entry) => [entry.key, entry]));
    expect(byKey.get('muller2019tgf')?.fields.title).toBe('TGF-β signalling in 100% of fibrotic livers: a {meta}-analysis');
    expect(byKey.get('muller2019tgf')?.fields.author).toEqual([
      { lastName: 'Müller', firstName: 'Jürgen' },
      { lastName: 'Øster', firstName: 'Åse' },
    ]);
    expect(byKey.get('lee2021graph')?.fields.title).toBe('Graph neural networks for $\\alpha$-SMA image quantification #2');
    expect(byKey.get('wells2013extracellular')?.fields.title).toBe('The extracellular matrix_stiffness ~ feedback loop in fibrosis');
    expect(byKey.get('anon2020untitled')?.fields.title).toBe('肝線維症における星細胞');
    expect(byKey.get('krizhanovsky2008senescentb')?.fields.title).toBe('Senescent hepatic stellate cells & fibrosis regression');
  });

  it('writes identifiers where tools look for them', () => {
    const text = exportBibtex(fixtureReport());
    const byKey = new Map(parseExact(text).entries.map((entry) => [entry.key, entry.fields]));
    expect(byKey.get('lee2021graph')).toMatchObject({ eprint: '2103.01234v2', archiveprefix: 'arXiv' });
    expect(byKey.get('krizhanovsky2008senescentb')).toMatchObject({ doi: '10.1016/j.cell.2008.06.049', year: '2008' });
    expect(byKey.get('krizhanovsky2008senescenta')).toMatchObject({ eprint: '18724938', eprinttype: 'pubmed', note: 'PMID: 18724938' });
    expect(byKey.get('anon2020untitled')?.url).toBe('https://example.org/jp%20paper?id=%7B7%7D');
    expect(text.match(/^@article\{/gm)).toHaveLength(6);
  });

  it('notes unverified references and only those', () => {
    const byKey = new Map(parseExact(exportBibtex(fixtureReport())).entries.map((entry) => [entry.key, entry.fields.note ?? '']));
    // Verified if any occurrence was found in the knowledge base.
    expect(byKey.get('krizhanovsky2008senescenta')).not.toContain('Unverified');
    expect(byKey.get('krizhanovsky2008senescentb')).not.toContain('Unverified');
    for (const key of ['muller2019tgf', 'lee2021graph', 'wells2013extracellular', 'anon2020untitled']) expect(byKey.get(key)).toContain(UNVERIFIED_NOTE);
    expect(byKey.get('muller2019tgf')).toBe(`PMID: 31234567. ${UNVERIFIED_NOTE}`);
  });

  it('gives keys that depend on the references, not on the order they were cited in', () => {
    const report = fixtureReport();
    const reversed = { ...report, hypotheses: [...report.hypotheses].reverse(), reviews: [...report.reviews].reverse() };
    expect(exportBibtex(reversed)).toBe(exportBibtex(report));
    expect(bibliography(reversed).references.map((r) => r.key)).toEqual(bibliography(report).references.map((r) => r.key));
  });

  it('suffixes colliding keys and keeps suffixed keys distinct from other base keys', () => {
    const cite = (title: string): CitationRecord => ({ title, authors: 'Smith J', year: 2020, verified: true });
    const keys = bibliography(reportWith([cite('Cell death'), cite('Cell growth'), cite('Cella study')])).references.map((r) => r.key);
    expect(new Set(keys).size).toBe(3);
    expect(keys).toContain('smith2020cella');
    expect(keys.filter((key) => key.startsWith('smith2020cell'))).toHaveLength(3);
  });

  it('escapes every TeX special character and protects capitalised words', () => {
    expect(escapeBibtexText('a\\b{c}%&$#_~^')).toBe('a\\textbackslash{}b\\{c\\}\\%\\&\\$\\#\\_\\textasciitilde{}\\textasciicircum{}');
    expect(bibtexTitle('Role of mTOR in Alzheimer disease')).toBe('Role of {mTOR} in {Alzheimer} disease');
    expect(bibtexTitle('BRCA1 and T cells')).toBe('{BRCA1} and {T} cells');
  });

  it('reads the common author styles', () => {
    const families = (text: string) => parseAuthors(text).names.map((name) => name.family);
    expect(families('Smith J, Doe AB, Lee K')).toEqual(['Smith', 'Doe', 'Lee']);
    expect(families('Smith, John and Doe, Jane')).toEqual(['Smith', 'Doe']);
    expect(families('John Smith; Jane van Doe')).toEqual(['Smith', 'Doe']);
    expect(families('Smith, J., Doe, A.')).toEqual(['Smith', 'Doe']);
    expect(parseAuthors('Smith J et al.')).toMatchObject({ etAl: true, names: [{ family: 'Smith', bibtex: 'Smith, J' }] });
  });

  it('always parses, whatever the titles and authors contain (property)', () => {
    const hostile = fc.constantFrom('{', '}', '\\', '%', '&', '$', '#', '_', '~', '^', '@', '"', ',', ' and ', '=', '\n', 'é', 'ß', 'Ø', '東', '–', '``', "''", '$\\', '\\}');
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), hostile), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join(''));
    const citation = fc.record({
      title: text.filter((title) => title.trim().length >= 3),
      authors: fc.option(text, { nil: undefined }),
      year: fc.option(fc.integer({ min: 1600, max: 2100 }), { nil: undefined }),
      doi: fc.option(text.map((t) => `10.1000/${t}`), { nil: undefined }),
      pmid: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
      arxiv_id: fc.option(text.map((t) => `2101.${t}`), { nil: undefined }),
      url: fc.option(text.map((t) => `https://example.org/${t}`), { nil: undefined }),
      verified: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(citation, { minLength: 1, maxLength: 5 }), (citations) => {
        const report = reportWith(citations as CitationRecord[]);
        const library = parseExact(exportBibtex(report));
        expect(library.errors).toEqual([]);
        const { references } = bibliography(report);
        expect(library.entries.map((entry) => entry.key).sort()).toEqual(references.map((r) => r.key).sort());
        for (const entry of library.entries) {
          const verified = references.find((r) => r.key === entry.key)?.verified;
          expect(String(entry.fields.note ?? '').includes(UNVERIFIED_NOTE)).toBe(!verified);
        }
      }),
      { numRuns: 300 },
    );
  });
});
