// Issue 15 item 3 as a property, on real SQLite files: however the scientist's own hypotheses are
// timed — before any decision, while the final report waits — no final report is approved while an
// approved hypothesis is unreviewed or has played no match, and a withdrawn report takes no decision.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addHumanHypothesis } from '../../../../../src-mcp/engine/humanInput.js';
import { getCheckpoint } from '../../../../../src-mcp/engine/workflow/checkpoints.js';
import { hypothesesOf, NOTHING_VERIFIED } from '../../../../../src-mcp/engine/hypotheses.js';
import { loadResearch } from '../../../../../src-mcp/engine/projectRecord.js';
import type { HypothesisDraft } from '../../../../../src-mcp/engine/schemas.js';
import { hypothesisDraft } from '../../../../support/fakeAssistant.js';
import { DESKTOP, codeOf, freshDb, startProject } from '../../../../support/engineDriver.js';

describe('hypotheses the scientist adds by hand', () => {
  it('are reviewed and ranked before any final report is approved, whenever they arrive', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 3, maxLength: 8 }), fc.integer({ min: 1, max: 1000 }), async (addAt, seed) => {
        const driver = await startProject(await freshDb(), { budget: 3, seed });
        const desktop = { clientId: DESKTOP.clientId, now: driver.actor.now };
        let added = 0;
        const withdrawn: string[] = [];
        for (let decision = 0; decision < 30; decision += 1) {
          const next = await driver.workUntilDecision();
          if (next.kind === 'completed') break;
          expect(next.kind).toBe('awaiting_decision');
          if (next.kind !== 'awaiting_decision') return;
          const [checkpoint] = next.checkpoints;
          if (checkpoint === undefined) return;
          if (addAt[decision % addAt.length] === true && checkpoint.kind !== 'research_plan' && added < 3) {
            added += 1;
            await addHumanHypothesis(driver.db, desktop, driver.projectId, hypothesisDraft(5000 + added, 'the scientist\'s own idea') as unknown as HypothesisDraft, NOTHING_VERIFIED);
            if (checkpoint.kind === 'final_report') {
              // The waiting report is withdrawn, with its reason, and takes no decision.
              expect(await getCheckpoint(driver.db, checkpoint.id)).toMatchObject({ status: 'withdrawn', withdrawal: { reason: expect.stringContaining('was added while this report waited') } });
              expect(await codeOf(() => driver.approve(checkpoint))).toBe('conflict');
              withdrawn.push(checkpoint.id);
            }
            continue;
          }
          if (checkpoint.kind === 'final_report') {
            // The report about to be approved covers everyone: all approved hypotheses reviewed and compared.
            const competing = (await hypothesesOf(driver.db, driver.projectId)).filter((h) => h.gate === 'approved' && h.status !== 'rejected' && h.status !== 'evolved' && h.safetyFlag === null);
            for (const h of competing) {
              expect(h.status, `H${h.seq}`).toBe('in_tournament');
              if (competing.length > 1) expect(h.matchesPlayed, `H${h.seq}`).toBeGreaterThan(0);
            }
          }
          await driver.approve(checkpoint);
        }
        expect((await loadResearch(driver.db, driver.projectId)).status).toBe('completed');
        for (const id of withdrawn) expect((await getCheckpoint(driver.db, id)).decision).toBeNull();
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
