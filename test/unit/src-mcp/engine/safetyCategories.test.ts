// Each category of the safety screen (issue 32): what it flags in several phrasings — verb and
// noun, active and passive, question and goal — with the agent it names, and its benign twin
// (defence, diagnosis, clinical care, explanation, policy) that it must leave alone.
import { describe, expect, it } from 'vitest';
import { screenFields, screenText } from '../../../../src-mcp/engine/safety.js';
import { SAFETY_CATEGORIES } from '../../../../src-mcp/engine/safetyCategories.js';
import { loadCategoryCases } from '../../../support/safetySets.js';

const rulesOf = (text: string) => screenText(text).ruleIds;

describe('the three misses reproduced in issue 32', () => {
  it.each([
    ['Reconstruct an extinct variola-like poxvirus from synthetic DNA fragments ordered from commercial suppliers.', 'reconstitute_eradicated_agent'],
    ['Select for Bacillus anthracis strains that evade the licensed anthrax vaccine.', 'defeat_immunity'],
    ['Engineer a prion that crosses species barriers more efficiently to infect humans.', 'alter_host_range'],
  ])('%s → %s', (text, rule) => {
    expect(rulesOf(text)).toContain(rule);
  });
});

// The texts live beside the screen's other labelled sets (test/fixtures/safety/categories.json).
const CASES = loadCategoryCases();

describe('every category of the screen', () => {
  it('has cases here, and every case here is a category', () => {
    expect(Object.keys(CASES).sort()).toEqual(SAFETY_CATEGORIES.map((c) => c.id).sort());
  });

  describe.each(Object.entries(CASES))('%s', (rule, { flagged, benign }) => {
    it.each(flagged)('flags: %s', (text) => {
      expect(rulesOf(text)).toContain(rule);
    });
    it.each(benign)('leaves alone: %s', (text) => {
      expect(screenText(text).flagged).toBe(false);
    });
  });
});

describe('word forms and word order', () => {
  it.each([
    'Make Ebola virus evade the vaccine.',
    'Make Ebola virus evading the vaccine our goal.',
    'Evasion of the Ebola vaccine by an engineered Ebola virus.',
    'An Ebola virus that escapes the vaccine.',
  ])('evade / evading / evasion / escape: %s', (text) => {
    expect(rulesOf(text)).toContain('defeat_immunity');
  });

  it.each(['Increase the transmissibility of Nipah virus.', 'Make Nipah virus transmissible between people.', 'The transmission of Nipah virus between people will be enhanced.', 'A more transmissible Nipah virus.'])(
    'transmissible / transmissibility / transmission: %s',
    (text) => {
      expect(rulesOf(text)).toContain('increase_transmissibility');
    },
  );
});

describe('a verdict explains itself', () => {
  it('names the published category, the agent as written with its list, and the words', () => {
    const [match] = screenText('Select for Bacillus anthracis strains that evade the licensed anthrax vaccine.').matches;
    expect(match).toMatchObject({
      rule: 'defeat_immunity',
      category: 'defeat a vaccine or immunity (experiment of concern)',
      agent: 'Bacillus anthracis (select agent)',
      match: 'evade the licensed anthrax vaccine',
      passage: 'Select for Bacillus anthracis strains that «evade the licensed anthrax vaccine».',
    });
    expect(match?.reason).toContain('defeat a vaccine or immunity');
    expect(match?.reason).toContain('Bacillus anthracis');
  });

  it('takes the agent from another part of the work when the sentence says only "it"', () => {
    const verdict = screenFields({ summary: 'Nipah virus spillover in Bangladesh.', experimental_protocol: 'Serial passage in ferrets will increase its transmissibility.' });
    expect(verdict.matches[0]).toMatchObject({ rule: 'increase_transmissibility', field: 'experimental_protocol', agent: 'Nipah virus (select agent)' });
  });

  it('needs an agent: the same action on a material or a drug is not a concern', () => {
    expect(screenText('Increase the stability of perovskite films in humid air.').flagged).toBe(false);
    expect(screenText('Gene therapy to increase the lethality of chemotherapy to tumour cells.').flagged).toBe(false);
  });
});
