// The reference contracts over a whole delegated project (issue 32 §2): a scripted assistant runs a
// 20-hypothesis project start → final report over real stdio, and then every client generation
// reads its results. Progress never goes back; every result of get_results and export_results, in
// every format and option, stays within 20,000 characters in each block; the counts of a detailed
// answer are the project's, not the shown subset's.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScriptedProject, type ProjectLedger } from '../support/scriptedAssistant.js';
import { tempDataDir } from '../support/server.js';

let dataDir: string;
let ledger: ProjectLedger;

beforeAll(async () => {
  dataDir = tempDataDir('cosci-contracts-run');
  ledger = await runScriptedProject({ hypotheses: 20, seed: 7, dataDir });
}, 120_000);

function nonDecreasing(values: readonly number[]): boolean {
  return values.every((value, i) => i === 0 || value >= (values[i - 1] as number));
}

describe('progress over a delegated project', () => {
  it('never decreases and ends at 1', () => {
    expect(ledger.progress.length).toBeGreaterThan(20);
    expect(nonDecreasing(ledger.progress), ledger.progress.join(' → ')).toBe(true);
    expect(ledger.progress.at(-1)).toBe(1);
  });

  it('never decreases, whatever the project draws (other seeds)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), async (seed) => {
        const run = await runScriptedProject({ hypotheses: 6, seed });
        expect(nonDecreasing(run.progress), `seed ${seed}: ${run.progress.join(' → ')}`).toBe(true);
      }),
      { numRuns: 2, seed: 32 },
    );
  }, 120_000);
});
