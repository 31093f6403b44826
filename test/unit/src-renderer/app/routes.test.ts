// Addresses of places in the app (the URL hash) and the titles hypotheses are shown by.
import { describe, expect, it } from 'vitest';
import { hashToLocation, locationToHash } from '../../../../src-renderer/app/routes.js';
import { hypothesisTitle } from '../../../../src-renderer/common/hypothesisTitle.js';

const SECTIONS = ['projects', 'inbox', 'leaderboard'];

describe('routes', () => {
  it('give every location an address and read it back', () => {
    const location = { section: 'leaderboard', projectId: 'res_1', hypothesisId: 'hyp_2 x&y' };
    const hash = locationToHash(location);
    expect(hash).toBe('#/leaderboard?project=res_1&hypothesis=hyp_2+x%26y');
    expect(hashToLocation(hash, SECTIONS)).toEqual(location);
    expect(locationToHash({ section: 'inbox', checkpointId: undefined })).toBe('#/inbox');
  });

  it('name no location for an unknown section or a malformed hash', () => {
    expect(hashToLocation('#/nowhere?project=res_1', SECTIONS)).toBeNull();
    expect(hashToLocation('', SECTIONS)).toBeNull();
    expect(hashToLocation('#inbox', SECTIONS)).toBeNull();
    expect(hashToLocation('#/inbox?unknown=1', SECTIONS)).toEqual({ section: 'inbox' });
  });
});

describe('hypothesis titles', () => {
  it('use the given title, else the first sentence of the summary, cut to a title length', () => {
    expect(hypothesisTitle({ title: 'LOXL2 drives fibrosis', summary: 'Long. Text.' })).toBe('LOXL2 drives fibrosis');
    expect(hypothesisTitle({ title: '  ', summary: 'Inhibiting LOXL2 reduces collagen. It works in mice.' })).toBe('Inhibiting LOXL2 reduces collagen.');
    expect(hypothesisTitle({ summary: 'No full stop at all here' })).toBe('No full stop at all here');
    expect(hypothesisTitle({ summary: 'Dose 2.5 mg/kg of compound e.g. X reduces fibrosis. More.' })).toBe('Dose 2.5 mg/kg of compound e.g. X reduces fibrosis.');
    const long = hypothesisTitle({ summary: `${'word '.repeat(40)}end.` });
    expect(long.length).toBeLessThanOrEqual(90);
    expect(long.endsWith('…')).toBe(true);
  });
});
