// A paper as the app shows it, in the exports' order (issue 33 item 8).
import { describe, expect, it } from 'vitest';
import { clipped, paperLine } from '../../../../src-renderer/common/format.js';

describe('paperLine', () => {
  it('reads authors (year). title. venue., leaving out what is unknown', () => {
    expect(paperLine({ title: 'Regulator R900 in hepatic stellate cells', authors: 'Doe, J.; Roe, R.', year: 2021, venue: 'Journal of Hepatology' })).toBe(
      'Doe, J.; Roe, R. (2021). Regulator R900 in hepatic stellate cells. Journal of Hepatology.',
    );
    expect(paperLine({ title: 'Matrix stiffness.', authors: null, year: null, venue: null })).toBe('Matrix stiffness.');
    expect(paperLine({ title: 'A note', authors: ' ', year: '2020', venue: 'Cell.' })).toBe('(2020). A note. Cell.');
  });
});

describe('clipped', () => {
  it('keeps a text that fits and cuts a longer one to the limit, its last character an ellipsis', () => {
    expect(clipped('Liver fibrosis', 14)).toBe('Liver fibrosis');
    expect(clipped('Liver fibrosis targets', 14)).toBe('Liver fibrosi…');
    expect(clipped('Liver fibrosis targets', 14)).toHaveLength(14);
  });
});
