// The safety screen (issue 15 item 4, issue 32): its figures on the development and held-out sets, no
// false alarms on ethics and defence language, the passage
// that triggered a flag shown in context, and an edited hypothesis screened again as a whole under
// every rule a hypothesis obeys.
import { describe, expect, it } from 'vitest';
import { pendingCheckpointsOf } from '../../../../src-mcp/engine/workflow/checkpoints.js';
import { decide } from '../../../../src-mcp/engine/workflow/decisions.js';
import { addHumanHypothesis } from '../../../../src-mcp/engine/humanInput.js';
import { getHypothesis, NOTHING_VERIFIED } from '../../../../src-mcp/engine/hypotheses.js';
import { screenText } from '../../../../src-mcp/engine/safety.js';
import { HypothesisDraftSchema } from '../../../../src-mcp/engine/schemas.js';
import { DESKTOP, codeOf, freshDb, reachCheckpoint, startProject } from '../../../support/engineDriver.js';
import { hypothesisDraft } from '../../../support/fakeAssistant.js';
import { SAFETY_SETS, loadSafetySet, scoreSafetySet } from '../../../support/safetySets.js';

describe('the labelled sets: development sets tuned on, a held-out set written before the screen (issue 32)', () => {
  it('each holds concerning texts, hard negatives and ordinary texts, the held-out set at least 60 concerning and 60 benign', () => {
    for (const { file, role } of SAFETY_SETS) {
      const set = loadSafetySet(file);
      expect(Math.min(set.harmful.length, set.benign_alarming.length, set.ordinary.length), file).toBeGreaterThanOrEqual(10);
      if (role === 'held-out') {
        expect(set.harmful.length).toBeGreaterThanOrEqual(60);
        expect(set.benign_alarming.length + set.ordinary.length).toBeGreaterThanOrEqual(60);
      }
    }
  });

  it.each(SAFETY_SETS.filter((s) => s.role === 'development').map((s) => s.file))('development set %s: every concerning text flagged, no benign one', (file) => {
    const score = scoreSafetySet(loadSafetySet(file));
    expect(score.missed).toEqual([]);
    expect([...score.benignFlagged, ...score.ordinaryFlagged]).toEqual([]);
  });

  it.each(SAFETY_SETS.filter((s) => s.role === 'held-out').map((s) => s.file))('held-out set %s: recall at least 0.9, no benign text flagged', (file) => {
    const score = scoreSafetySet(loadSafetySet(file));
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
    expect(score.benignFlagged.length + score.ordinaryFlagged.length).toBe(0);
  });
});

describe('negation and ethics vocabulary', () => {
  it.each([
    ['Participants give informed consent; the treatment does not harm patients.', false],
    ['No participant is enrolled without informed consent.', false],
    ['Enrol participants without informed consent.', true],
    ['The drug does harm patients at high doses, so we dose covertly.', true],
  ])('%s → flagged %s', (text, flagged) => {
    expect(screenText(text).flagged).toBe(flagged);
  });
});

describe('a flag shows what triggered it', () => {
  it('carries the matched words in their sentence', () => {
    const verdict = screenText('Background on ferrets. We will serially passage H5N1 to increase its transmissibility in mammals, then sequence it.');
    expect(verdict.matches).toHaveLength(1);
    expect(verdict.matches[0]).toMatchObject({ rule: 'increase_transmissibility', field: 'text', match: 'increase its transmissibility', agent: 'H5N1 (highly pathogenic avian influenza virus, select agent)' });
    expect(verdict.matches[0]?.passage).toContain('passage H5N1 to «increase its transmissibility» in mammals');
  });
});

describe('the safety review of a hypothesis', () => {
  it('shows the rationale passage, refuses an edit that breaks the summary rule, and re-screens the whole edited hypothesis', async () => {
    const driver = await startProject(await freshDb());
    await driver.approve(await reachCheckpoint(driver, 'research_plan'));
    await driver.approve(await reachCheckpoint(driver, 'hypothesis_batch'));
    expect((await driver.step()).kind).toBe('work');
    const harmfulRationale = 'Serial passage in ferrets will increase the transmissibility of the H5N1 virus between mammals, which reveals the adaptive mutations.';
    const draft = HypothesisDraftSchema.parse({ ...hypothesisDraft(950), rationale: harmfulRationale });
    const desktopActor = { clientId: 'desktop', now: driver.actor.now };
    const { hypothesis } = await addHumanHypothesis(driver.db, desktopActor, driver.projectId, draft, NOTHING_VERIFIED);
    const review = (await pendingCheckpointsOf(driver.db, driver.projectId)).find((c) => c.kind === 'safety_review');
    expect(review?.payload).toMatchObject({ hypothesis_id: hypothesis.id, matches: [{ field: 'rationale', rule: 'increase_transmissibility', passage: expect.stringContaining('«increase the transmissibility»') }] });
    if (review === undefined) throw new Error('no safety review');

    // A one-line summary breaks the 50-100-word rule: refused, nothing changes.
    expect(await codeOf(() => decide(driver.db, desktopActor, { checkpointId: review.id, action: 'edit', data: { revised_text: 'A harmless one-line summary.' } }, DESKTOP))).toBe('invalid_input');
    expect(await getHypothesis(driver.db, hypothesis.id)).toMatchObject({ summary: draft.summary, safetyFlag: expect.any(String) });

    // A new summary that leaves the rationale as it was does not clear the flag: a fresh review opens.
    const summary = hypothesisDraft(951).summary as string;
    await decide(driver.db, desktopActor, { checkpointId: review.id, action: 'edit', data: { revised_text: summary } }, DESKTOP);
    expect(await getHypothesis(driver.db, hypothesis.id)).toMatchObject({ summary, gate: 'awaiting_approval', safetyFlag: expect.stringContaining('transmissibility') });
    const again = (await pendingCheckpointsOf(driver.db, driver.projectId)).find((c) => c.kind === 'safety_review');
    expect(again?.id).not.toBe(review.id);
    if (again === undefined) throw new Error('no second safety review');

    // Rewriting the rationale too clears it.
    await decide(driver.db, desktopActor, { checkpointId: again.id, action: 'edit', data: { revised_text: summary, rationale: 'Expression data implicate the regulator in stellate cell activation, and selective inhibitors already exist.' } }, DESKTOP);
    expect(await getHypothesis(driver.db, hypothesis.id)).toMatchObject({ gate: 'approved', safetyFlag: null });
  });
});
