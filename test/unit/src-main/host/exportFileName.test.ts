// Export file names (issue 33 item 15): the project's goal and the day, in safe characters.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exportFileName, fileNameTitle } from '../../../../src-main/host/exportFileName.js';

const day = new Date(2026, 10, 28, 23, 59);

describe('export file names', () => {
  it('name the file after the goal and the day of the export', () => {
    expect(exportFileName({ researchId: 'res_7e34b4fd57b0', goal: 'Find novel therapeutic targets for liver fibrosis' }, day, '.bib')).toBe(
      'find-novel-therapeutic-targets-for-liver-fibrosis-2026-11-28.bib',
    );
    expect(exportFileName({ researchId: 'res_1', goal: 'Why do “perovskite” cells degrade? (Müller, 2021)' }, day, '-report.md')).toBe('why-do-perovskite-cells-degrade-muller-2021-2026-11-28-report.md');
  });

  it('cut a long goal at a word and fall back to the id when nothing safe is left', () => {
    const long = fileNameTitle('Identify repurposable drugs that slow liver fibrosis progression in adults with metabolic disease');
    expect(long).toBe('identify-repurposable-drugs-that-slow-liver-fibrosis');
    expect(exportFileName({ researchId: 'res_2', goal: '肝線維症の治療標的' }, day, '.json')).toBe('res_2-2026-11-28.json');
    expect(exportFileName({ researchId: 'res_3', goal: null }, day, '.md')).toBe('res_3-2026-11-28.md');
  });

  it('use only letters, digits and hyphens, at most 60 characters of title, for any goal', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (goal) => {
        const title = fileNameTitle(goal);
        expect(title).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(title.length).toBeLessThanOrEqual(60);
      }),
    );
  });
});
