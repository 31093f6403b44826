// Recall, precision and false positives of the safety screen (engine/safety.ts) on each labelled
// set in test/fixtures/safety/: labelled.json and dev2.json are development sets (the screen was
// tuned on them), heldout.json was written before the screen was rebuilt and never tuned on
// (issue 32). Run: node --import tsx bench/safety-screen.ts [--misses]
// Prints a Markdown table for docs/benchmarks.md ("Safety screen"); --misses lists the texts a
// development set gets wrong (never the held-out set's: looking at them would make it a development set).
import os from 'node:os';
import { SAFETY_SETS, loadSafetySet, scoreSafetySet } from '../test/support/safetySets.js';

const showMisses = process.argv.includes('--misses');
console.log('| Set | Role | Concerning: flagged / texts (recall) | Precision | Benign flagged: hard negatives / ordinary |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const set of SAFETY_SETS) {
  const score = scoreSafetySet(loadSafetySet(set.file));
  console.log(`| ${set.file} | ${set.role} | ${score.truePositives} / ${score.harmful} (${score.recall.toFixed(3)}) | ${score.precision.toFixed(3)} | ${score.benignFlagged.length} of ${score.benign} / ${score.ordinaryFlagged.length} of ${score.ordinary} |`);
  if (showMisses && set.role === 'development') {
    for (const text of score.missed) console.error(`  missed (${set.file}): ${text}`);
    for (const text of [...score.benignFlagged, ...score.ordinaryFlagged]) console.error(`  false positive (${set.file}): ${text}`);
  }
}
console.log(`\n${new Date().toISOString()}, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}.`);
